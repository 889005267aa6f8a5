! The bsp_sum example of Hill et al., "BSPlib: The BSP Programming Library" (1998), with the
! module: each process adds its own elements, registers the partial sum, and gets every other
! process's partial sum with bsp_hpget. Process s holds 1 .. s+1. Prints the same lines as
! examples/bsp_sum.c.
program bsp_sum_example
  use bsp, only: bsp_begin, bsp_end, bsp_nprocs, bsp_pid, bsp_push_reg, bsp_pop_reg, bsp_sync, &
                 bsp_hpget
  implicit none
  integer, allocatable :: xs(:)
  integer :: i, s

  call bsp_begin(bsp_nprocs())
  s = bsp_pid()
  allocate (xs(s + 1))
  xs = [(i, i = 1, s + 1)]
  write (*, '(a, i0, a, i0)') 'process ', s, ': bsp_sum = ', bsp_sum(xs)
  deallocate (xs)
  call bsp_end()

contains

  integer function bsp_sum(xs)
    integer, intent(in) :: xs(:)
    integer, target :: result
    integer, allocatable, target :: local_sums(:)
    integer :: i
    result = sum(xs)
    call bsp_push_reg(result)
    call bsp_sync()
    allocate (local_sums(0:bsp_nprocs() - 1))
    do i = 0, bsp_nprocs() - 1
      call bsp_hpget(i, result, 0, local_sums(i))
    end do
    call bsp_sync()
    bsp_sum = sum(local_sums)
    call bsp_pop_reg(result)
  end function bsp_sum

end program bsp_sum_example
