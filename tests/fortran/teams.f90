! Teams from Fortran (bsp_team_begin, bsp_team_end): the processes by parity, ordered backwards;
! in each team a put around it and bsp_sum over it; back in the machine, its pid and size; PASS
! from process 0.
program teams
  use bsp
  implicit none
  integer, target :: slot
  integer :: p, s, t, n, want, q, bad

  call bsp_begin(bsp_nprocs())
  p = bsp_nprocs()
  s = bsp_pid()
  bad = 0
  call bsp_team_begin(mod(s, 2), -s)
  t = bsp_pid()
  n = bsp_nprocs()
  slot = -1
  call bsp_push_reg(slot)
  call bsp_sync()
  call bsp_put(mod(t + 1, n), s, slot, 0)
  call bsp_sync()
  ! Team rank r is the team's r-th highest pid: the previous rank's pid is 2 more than this one's.
  if (n > 1) then
    if (t == 0) then
      want = mod(s, 2)
    else
      want = s + 2
    end if
    if (slot /= want) bad = bad + 1
  end if
  want = 0
  do q = mod(s, 2), p - 1, 2
    want = want + q
  end do
  if (bsp_sum(s) /= want) bad = bad + 1
  call bsp_pop_reg(slot)
  call bsp_team_end()
  t = bsp_pid()
  n = bsp_nprocs()
  if (t /= s .or. n /= p) bad = bad + 1
  if (bad /= 0) then
    print '(a, i0, a, i0)', 'FAIL on process ', s, ': ', bad
  end if
  call bsp_end()
  if (bad == 0) print '(a)', 'PASS'
end program teams
