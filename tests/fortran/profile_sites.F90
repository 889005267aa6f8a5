! A profiled run names the Fortran line of each bsp_sync that passes its call site.
program profile_sites
  use bsp
  implicit none
  integer, target :: xs(64)
  integer :: v
  call bsp_begin(bsp_nprocs())
  call bsp_push_reg(xs, file=__FILE__, line=__LINE__)
  call bsp_sync(file=__FILE__, line=__LINE__)
  v = bsp_pid()
  call bsp_put(0, v, xs, bsp_pid(), file=__FILE__, line=__LINE__)
  call bsp_sync(file=__FILE__, line=__LINE__) ! PROFILED_SYNC
  call bsp_end()
end program profile_sites
