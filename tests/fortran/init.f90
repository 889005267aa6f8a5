! bsp_init from the module: the SPMD part is a module subroutine; process 0 goes on after bsp_end
! alone (the paper's hello_init, in Fortran).
module init_part
  use bsp
  implicit none
  integer :: nprocs = 0
contains
  subroutine spmd_part()
    call bsp_begin(nprocs)
    write (*, '(a, i0, a, i0)') 'Hello BSP Worldwide from process ', bsp_pid(), ' of ', bsp_nprocs()
    call bsp_end()
  end subroutine spmd_part
end module init_part

program init
  use bsp
  use init_part
  implicit none
  call bsp_init(spmd_part)
  nprocs = bsp_nprocs()
  call spmd_part()
  write (*, '(a)') 'Back to one process after bsp_end'
end program init
