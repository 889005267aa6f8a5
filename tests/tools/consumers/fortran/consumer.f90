! The module from an installed Superstep: the sum of the pids, gathered by bsp_put.
program consumer
  use bsp
  implicit none
  integer, target :: pids(0:63)
  integer :: s
  call bsp_begin(bsp_nprocs())
  s = bsp_pid()
  call bsp_push_reg(pids)
  call bsp_sync()
  call bsp_put(0, s, pids, s)
  call bsp_sync()
  if (s == 0) write (*, '(a, i0, a, i0)') 'fortran consumer: sum of pids over ', bsp_nprocs(), &
    ' processes = ', sum(pids(0:bsp_nprocs() - 1))
  call bsp_pop_reg(pids)
  call bsp_end()
end program consumer
