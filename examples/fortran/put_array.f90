! The put_array example of Hill et al., "BSPlib: The BSP Programming Library" (1998), with the
! module: every process holds n/p elements of an array xs of the values n-1 .. 0, and each element
! goes to the place its value names, so that process s ends with xs(s*n/p .. s*n/p + n/p - 1) in
! order. Prints the same lines as examples/put_array.c.
program put_array_example
  use bsp
  implicit none
  integer, parameter :: n_over_p = 3
  integer, target :: xs(n_over_p)
  integer :: i, p, s, n

  call bsp_begin(bsp_nprocs())
  p = bsp_nprocs()
  s = bsp_pid()
  n = n_over_p * p
  do i = 1, n_over_p
    xs(i) = n - 1 - (s * n_over_p + i - 1)
  end do

  call put_array(xs, n)

  write (*, '(a, i0, a, i0, a, i0, a, *(1x, i0))') 'process ', s, ' holds xs[', s * n_over_p, &
    '..', s * n_over_p + n_over_p - 1, '] =', xs
  call bsp_end()

contains

  ! Each element xs(i) to process xs(i) / (n/p), element xs(i) mod (n/p) there (offsets count
  ! elements, from 0).
  subroutine put_array(xs, n)
    integer, intent(inout), target :: xs(:)
    integer, intent(in) :: n
    integer :: i, n_over_p
    n_over_p = n / bsp_nprocs()
    if (mod(n, bsp_nprocs()) /= 0) call bsp_abort('{put_array} n not divisible by p')
    call bsp_push_reg(xs)
    call bsp_sync()
    do i = 1, n_over_p
      call bsp_put(xs(i) / n_over_p, xs(i), xs, mod(xs(i), n_over_p))
    end do
    call bsp_sync()
    call bsp_pop_reg(xs)
  end subroutine put_array

end program put_array_example
