! Misuse: a put into an array that was never registered, found by the library in superstep 1;
! its message names this file and the line of the call.
program unregistered
  use bsp
  implicit none
  integer, target :: xs(4), ys(4)
  call bsp_begin(bsp_nprocs())
  xs = 1
  ys = 0
  call bsp_sync()
  if (bsp_pid() == bsp_nprocs() - 1) then
    call bsp_put(0, xs, ys, 0, file=__FILE__, line=__LINE__) ! UNREGISTERED_PUT
  end if
  call bsp_sync()
  call bsp_end()
end program unregistered
