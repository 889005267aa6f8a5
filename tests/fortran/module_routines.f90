! Every primitive of the module (USE bsp) on arrays of several types and kinds, offsets in
! elements, each result checked against what BSPlib defines; PASS from process 0.
program module_routines
  use bsp
  use, intrinsic :: iso_fortran_env, only: int64, real32, real64
  implicit none
  real(real64), target :: a(4, 3), b(4, 3)
  complex(real64), target :: z(5), w
  integer(int64), target :: k(6)
  integer, target :: tag(2), previous, status, nmessages, nbytes
  real(real32), target :: payload(3), got(3)
  real(real64) :: root_data(4), everyone(4)
  integer :: p, s, right, left, bad, i, j, sender

  call bsp_begin(bsp_nprocs())
  p = bsp_nprocs()
  s = bsp_pid()
  right = mod(s + 1, p)
  left = mod(s + p - 1, p)
  bad = 0

  ! bsp_put of a column (a contiguous section) into the second column of the right neighbour's b:
  ! offset 4 counts elements of b.
  do j = 1, 3
    do i = 1, 4
      a(i, j) = 100 * s + 10 * j + i
    end do
  end do
  b = -1
  z = (0, 0)
  k = -1
  call bsp_push_reg(b)
  call bsp_push_reg(z)
  call bsp_push_reg(k)
  call bsp_sync()
  call bsp_put(right, a(:, 3), b, 4)
  ! bsp_hpput reads its source until the sync: a variable, not an expression.
  w = cmplx(s, -s, kind=real64)
  call bsp_hpput(right, w, z, 2)
  call bsp_put(right, [(int(s, int64) * 1000000000_int64 + i, i = 1, 2)], k, 4)
  call bsp_sync()
  do i = 1, 4
    if (b(i, 2) /= 100 * left + 30 + i) bad = bad + 1
    if (b(i, 1) /= -1 .or. b(i, 3) /= -1) bad = bad + 1
  end do
  if (z(3) /= cmplx(left, -left, kind=real64)) bad = bad + 1
  if (z(1) /= (0, 0) .or. z(4) /= (0, 0)) bad = bad + 1
  if (k(5) /= int(left, int64) * 1000000000_int64 + 1) bad = bad + 1
  if (k(6) /= int(left, int64) * 1000000000_int64 + 2) bad = bad + 1
  if (k(4) /= -1) bad = bad + 1

  ! bsp_get and bsp_hpget: offsets count elements of the source.
  a = 0
  call bsp_get(right, b, 5, a(1:2, 1))
  call bsp_hpget(right, k, 4, k(1:1))
  call bsp_sync()
  if (a(1, 1) /= 100 * s + 32 .or. a(2, 1) /= 100 * s + 33) bad = bad + 1
  if (a(3, 1) /= 0) bad = bad + 1
  if (k(1) /= int(s, int64) * 1000000000_int64 + 1) bad = bad + 1
  call bsp_pop_reg(k)
  call bsp_pop_reg(z)
  call bsp_pop_reg(b)

  ! BSMP with a tag of two integers and a payload of three reals.
  previous = 8
  call bsp_set_tagsize(previous)
  if (previous /= 0) bad = bad + 1
  call bsp_sync()
  do i = 0, p - 1
    tag = [s, i]
    payload = [real(s, real32), 0.5_real32, real(i, real32)]
    call bsp_send(i, tag, payload)
  end do
  call bsp_sync()
  call bsp_qsize(nmessages, nbytes)
  if (nmessages /= p .or. nbytes /= 12 * p) bad = bad + 1
  do i = 1, p
    call bsp_get_tag(status, tag)
    if (status /= 12) bad = bad + 1
    sender = tag(1)
    if (tag(2) /= s) bad = bad + 1
    call bsp_move(got)
    if (any(got /= [real(sender, real32), 0.5_real32, real(s, real32)])) bad = bad + 1
  end do
  call bsp_get_tag(status, tag)
  if (status /= -1) bad = bad + 1

  ! Level 1.
  root_data = [1.5_real64, 2.5_real64, 3.5_real64, real(p, real64)]
  if (s /= p - 1) root_data = 0
  call bsp_bcast(p - 1, root_data, everyone)
  if (any(everyone /= [1.5_real64, 2.5_real64, 3.5_real64, real(p, real64)])) bad = bad + 1
  if (bsp_sum(s) /= p * (p - 1) / 2) bad = bad + 1
  if (bsp_sum(real(s, real64)) /= real(p * (p - 1) / 2, real64)) bad = bad + 1
  if (bsp_max(real(s, real32)) /= real(p - 1, real32)) bad = bad + 1
  if (bsp_min(s + 1) /= 1) bad = bad + 1
  if (bsp_prod(2.0_real64) /= 2.0_real64**p) bad = bad + 1
  ! One collective per statement: Fortran need not evaluate both operands of .or.
  if (.not. bsp_all(.true.)) bad = bad + 1
  if (bsp_any(.false.)) bad = bad + 1
  if (.not. bsp_any(s == 0)) bad = bad + 1
  if (bsp_time() < 0) bad = bad + 1

  bad = bsp_sum(bad)
  if (s == 0) then
    if (bad == 0) then
      write (*, '(a)') 'PASS'
    else
      write (*, '(a, i0)') 'FAILED ', bad
    end if
  end if
  call bsp_end()
end program module_routines
