! Misuse: a put whose source is an array section with gaps (every second element). The module
! refuses it, naming this file and the line of the call (FILE=__FILE__, LINE=__LINE__).
program noncontiguous
  use bsp
  implicit none
  integer, target :: xs(8), ys(4)
  call bsp_begin(bsp_nprocs())
  xs = 1
  ys = 0
  call bsp_push_reg(ys)
  call bsp_sync()
  if (bsp_pid() == bsp_nprocs() - 1) then
    call bsp_put(0, xs(1:8:2), ys, 0, file=__FILE__, line=__LINE__) ! NONCONTIGUOUS_PUT
  end if
  call bsp_sync()
  call bsp_end()
end program noncontiguous
