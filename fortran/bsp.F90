! The BSPlib module for Fortran 2008 and later (USE bsp): the primitives of Hill, McColl,
! Stefanescu, Goudreau, Lang, Rao, Suel, Tsantilas and Bisseling, "BSPlib: The BSP Programming
! Library" (1998), with Fortran's types instead of byte counts.
!
! A put, get, registration, send or move takes whole arrays (or contiguous sections, or scalars)
! of any intrinsic type and kind: the module reads their size from the array itself, and offsets
! count elements, not bytes. An array section with gaps between its elements is refused with an
! error, never copied (a registered array, or the destination of a get, must be the program's own
! storage). Every call that can fail takes two optional arguments, FILE and LINE, that the error
! names; a preprocessed source (.F90) passes FILE=__FILE__, LINE=__LINE__.
!
! Registered arrays change between the calls of the program (in bsp_sync): declare them with the
! TARGET attribute (or ASYNCHRONOUS), so that the compiler does not keep them in registers across
! bsp_sync.
module bsp
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_float, c_char, c_size_t, c_funptr, &
                                         c_ptr, c_funloc, c_null_ptr
  use, intrinsic :: iso_fortran_env, only: output_unit, error_unit
  implicit none
  private

  public :: bsp_init, bsp_spmd_part, bsp_begin, bsp_end, bsp_abort, bsp_nprocs, bsp_pid, bsp_time, bsp_sync
  public :: bsp_team_begin, bsp_team_end
  public :: bsp_push_reg, bsp_pop_reg, bsp_put, bsp_hpput, bsp_get, bsp_hpget
  public :: bsp_set_tagsize, bsp_send, bsp_qsize, bsp_get_tag, bsp_move
  public :: bsp_bcast, bsp_sum, bsp_prod, bsp_max, bsp_min, bsp_all, bsp_any

  ! The primitives that take plain values: bsp.h's own functions.
  interface
    subroutine c_begin(maxprocs) bind(C, name="bsp_begin")
      import :: c_int
      integer(c_int), value :: maxprocs
    end subroutine c_begin
    subroutine c_end() bind(C, name="bsp_end")
    end subroutine c_end
    subroutine c_team_begin(colour, key) bind(C, name="bsp_team_begin")
      import :: c_int
      integer(c_int), value :: colour, key
    end subroutine c_team_begin
    subroutine c_team_end() bind(C, name="bsp_team_end")
    end subroutine c_team_end
    integer(c_int) function bsp_nprocs() bind(C, name="bsp_nprocs")
      import :: c_int
    end function bsp_nprocs
    integer(c_int) function bsp_pid() bind(C, name="bsp_pid")
      import :: c_int
    end function bsp_pid
    real(c_double) function bsp_time() bind(C, name="bsp_time")
      import :: c_double
    end function bsp_time
    ! bsp_set_tagsize(tagsize): sets the tag size in bytes; tagsize returns the previous one.
    subroutine bsp_set_tagsize(tagsize) bind(C, name="bsp_set_tagsize")
      import :: c_int
      integer(c_int), intent(inout) :: tagsize
    end subroutine bsp_set_tagsize
    subroutine bsp_qsize(nmessages, accum_nbytes) bind(C, name="bsp_qsize")
      import :: c_int
      integer(c_int), intent(out) :: nmessages, accum_nbytes
    end subroutine bsp_qsize
  end interface

  ! The level-1 reductions of one value over all processes.
  interface bsp_sum
    integer(c_int) function bsp_sum_int(x) bind(C, name="bsp_sumI")
      import :: c_int
      integer(c_int), value :: x
    end function bsp_sum_int
    real(c_float) function bsp_sum_real(x) bind(C, name="bsp_sumR")
      import :: c_float
      real(c_float), value :: x
    end function bsp_sum_real
    real(c_double) function bsp_sum_double(x) bind(C, name="bsp_sumD")
      import :: c_double
      real(c_double), value :: x
    end function bsp_sum_double
  end interface bsp_sum
  interface bsp_prod
    integer(c_int) function bsp_prod_int(x) bind(C, name="bsp_prodI")
      import :: c_int
      integer(c_int), value :: x
    end function bsp_prod_int
    real(c_float) function bsp_prod_real(x) bind(C, name="bsp_prodR")
      import :: c_float
      real(c_float), value :: x
    end function bsp_prod_real
    real(c_double) function bsp_prod_double(x) bind(C, name="bsp_prodD")
      import :: c_double
      real(c_double), value :: x
    end function bsp_prod_double
  end interface bsp_prod
  interface bsp_max
    integer(c_int) function bsp_max_int(x) bind(C, name="bsp_maxI")
      import :: c_int
      integer(c_int), value :: x
    end function bsp_max_int
    real(c_float) function bsp_max_real(x) bind(C, name="bsp_maxR")
      import :: c_float
      real(c_float), value :: x
    end function bsp_max_real
    real(c_double) function bsp_max_double(x) bind(C, name="bsp_maxD")
      import :: c_double
      real(c_double), value :: x
    end function bsp_max_double
  end interface bsp_max
  interface bsp_min
    integer(c_int) function bsp_min_int(x) bind(C, name="bsp_minI")
      import :: c_int
      integer(c_int), value :: x
    end function bsp_min_int
    real(c_float) function bsp_min_real(x) bind(C, name="bsp_minR")
      import :: c_float
      real(c_float), value :: x
    end function bsp_min_real
    real(c_double) function bsp_min_double(x) bind(C, name="bsp_minD")
      import :: c_double
      real(c_double), value :: x
    end function bsp_min_double
  end interface bsp_min

  ! The SPMD part that bsp_init names: a subroutine without arguments that calls bsp_begin.
  abstract interface
    subroutine bsp_spmd_part()
    end subroutine bsp_spmd_part
  end interface

  interface
    subroutine c_init(spmd_part, argc, argv) bind(C, name="bsp_init")
      import :: c_funptr, c_int, c_ptr
      type(c_funptr), value :: spmd_part
      integer(c_int), value :: argc
      type(c_ptr), value :: argv
    end subroutine c_init
  end interface

  ! The module's own entry points into the library (bsp_module.c): arrays by descriptor, the call
  ! site as a file name (absent: none) with its length, and a line.
  interface
    integer(c_int) function c_all(x) bind(C, name="bsp_all")
      import :: c_int
      integer(c_int), value :: x
    end function c_all
    integer(c_int) function c_any(x) bind(C, name="bsp_any")
      import :: c_int
      integer(c_int), value :: x
    end function c_any
    subroutine f_abort(message, length) bind(C, name="superstep_f_abort")
      import :: c_char, c_size_t
      character(kind=c_char), dimension(*), intent(in) :: message
      integer(c_size_t), value :: length
    end subroutine f_abort
    subroutine f_sync(file, file_length, line) bind(C, name="superstep_f_sync")
      import :: c_int, c_char, c_size_t
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_sync
    subroutine f_push_reg(a, file, file_length, line) bind(C, name="superstep_f_push_reg")
      import :: c_int, c_char, c_size_t
      type(*), dimension(..), intent(in) :: a
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_push_reg
    subroutine f_pop_reg(a) bind(C, name="superstep_f_pop_reg")
      type(*), dimension(..), intent(in) :: a
    end subroutine f_pop_reg
    subroutine f_put(pid, src, dst, offset, hp, file, file_length, line) bind(C, name="superstep_f_put")
      import :: c_int, c_char, c_size_t
      integer(c_int), value :: pid, offset, hp
      type(*), dimension(..), intent(in) :: src, dst
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_put
    subroutine f_get(pid, src, offset, dst, hp, file, file_length, line) bind(C, name="superstep_f_get")
      import :: c_int, c_char, c_size_t
      integer(c_int), value :: pid, offset, hp
      type(*), dimension(..), intent(in) :: src, dst
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_get
    subroutine f_send(pid, tag, payload, file, file_length, line) bind(C, name="superstep_f_send")
      import :: c_int, c_char, c_size_t
      integer(c_int), value :: pid
      type(*), dimension(..), intent(in) :: tag, payload
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_send
    subroutine f_get_tag(status, tag, file, file_length, line) bind(C, name="superstep_f_get_tag")
      import :: c_int, c_char, c_size_t
      integer(c_int), intent(out) :: status
      type(*), dimension(..), intent(in) :: tag
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_get_tag
    subroutine f_move(payload, file, file_length, line) bind(C, name="superstep_f_move")
      import :: c_int, c_char, c_size_t
      type(*), dimension(..), intent(in) :: payload
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_move
    subroutine f_bcast(root, src, dst, file, file_length, line) bind(C, name="superstep_f_bcast")
      import :: c_int, c_char, c_size_t
      integer(c_int), value :: root
      type(*), dimension(..), intent(in) :: src, dst
      character(kind=c_char), dimension(*), intent(in), optional :: file
      integer(c_size_t), value :: file_length
      integer(c_int), value :: line
    end subroutine f_bcast
  end interface

contains

  ! The length of an optional file name (0: absent) and an optional line (0: absent).
  pure integer(c_size_t) function file_length(file)
    character(len=*), intent(in), optional :: file
    file_length = 0
    if (present(file)) file_length = len(file, kind=c_size_t)
  end function file_length

  pure integer(c_int) function line_of(line)
    integer, intent(in), optional :: line
    line_of = 0
    if (present(line)) line_of = line
  end function line_of

  pure integer(c_int) function flag(hp)
    logical, intent(in) :: hp
    flag = 0
    if (hp) flag = 1
  end function flag

  ! Writes out what the Fortran run time holds for every unit. The shared-memory engine starts
  ! the processes by fork in bsp_begin and ends all but one in bsp_end without the run time's own
  ! clean-up, so that output would be written twice or lost; the Oxford routines call this too.
  subroutine flush_units() bind(C, name="superstep_f_flush")
#ifdef __GFORTRAN__
    call flush()
#else
    flush (output_unit)
    flush (error_unit)
#endif
  end subroutine flush_units

  ! bsp_init(spmd_part): first in the program, before any other statement, when bsp_begin is not
  ! the program's first call: under mpirun and on the udp engine, processes other than 0 run
  ! spmd_part from here and end the program when it returns.
  subroutine bsp_init(spmd_part)
    procedure(bsp_spmd_part) :: spmd_part
    call flush_units()
    call c_init(c_funloc(spmd_part), 0_c_int, c_null_ptr)
  end subroutine bsp_init

  subroutine bsp_begin(maxprocs)
    integer, intent(in) :: maxprocs
    call flush_units()
    call c_begin(maxprocs)
  end subroutine bsp_begin

  subroutine bsp_end()
    call flush_units()
    call c_end()
  end subroutine bsp_end

  ! Teams (bsp.h, bsp_team_begin): the processes that pass the same colour run as a BSP machine
  ! of their own, ordered by key (default: their pid), until bsp_team_end.
  subroutine bsp_team_begin(colour, key)
    integer, intent(in) :: colour
    integer, intent(in), optional :: key
    call flush_units()
    if (present(key)) then
      call c_team_begin(colour, key)
    else
      call c_team_begin(colour, bsp_pid())
    end if
  end subroutine bsp_team_begin

  subroutine bsp_team_end()
    call flush_units()
    call c_team_end()
  end subroutine bsp_team_end

  ! bsp_abort(message): stops every process; the message (trailing blanks removed) on stderr.
  subroutine bsp_abort(message)
    character(len=*), intent(in) :: message
    call flush_units()
    call f_abort(message, len(message, kind=c_size_t))
  end subroutine bsp_abort

  subroutine bsp_sync(file, line)
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_sync(file, file_length(file), line_of(line))
  end subroutine bsp_sync

  ! bsp_push_reg(a): registers the whole of a (a contiguous array, section or scalar).
  subroutine bsp_push_reg(a, file, line)
    type(*), dimension(..), intent(in), target :: a
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_push_reg(a, file, file_length(file), line_of(line))
  end subroutine bsp_push_reg

  subroutine bsp_pop_reg(a)
    type(*), dimension(..), intent(in), target :: a
    call f_pop_reg(a)
  end subroutine bsp_pop_reg

  ! bsp_put(pid, src, dst, offset): the whole of src into dst of process pid from its element
  ! offset + 1 on (offset counts elements of dst, from 0); src and dst of one type and kind.
  subroutine bsp_put(pid, src, dst, offset, file, line)
    integer, intent(in) :: pid, offset
    type(*), dimension(..), intent(in) :: src
    type(*), dimension(..), intent(in), target :: dst
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_put(pid, src, dst, offset, 0_c_int, file, file_length(file), line_of(line))
  end subroutine bsp_put

  subroutine bsp_hpput(pid, src, dst, offset, file, line)
    integer, intent(in) :: pid, offset
    type(*), dimension(..), intent(in), target :: src, dst
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_put(pid, src, dst, offset, flag(.true.), file, file_length(file), line_of(line))
  end subroutine bsp_hpput

  ! bsp_get(pid, src, offset, dst): as many elements as dst holds from src of process pid, from
  ! its element offset + 1 on (offset counts elements of src, from 0).
  subroutine bsp_get(pid, src, offset, dst, file, line)
    integer, intent(in) :: pid, offset
    type(*), dimension(..), intent(in), target :: src, dst
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_get(pid, src, offset, dst, 0_c_int, file, file_length(file), line_of(line))
  end subroutine bsp_get

  subroutine bsp_hpget(pid, src, offset, dst, file, line)
    integer, intent(in) :: pid, offset
    type(*), dimension(..), intent(in), target :: src, dst
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_get(pid, src, offset, dst, flag(.true.), file, file_length(file), line_of(line))
  end subroutine bsp_hpget

  ! bsp_send(pid, tag, payload): a message of the whole payload with the tag (bsp_set_tagsize
  ! bytes of it).
  subroutine bsp_send(pid, tag, payload, file, line)
    integer, intent(in) :: pid
    type(*), dimension(..), intent(in) :: tag, payload
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_send(pid, tag, payload, file, file_length(file), line_of(line))
  end subroutine bsp_send

  ! bsp_get_tag(status, tag): status -1 when the queue is empty, else the payload's size in bytes.
  subroutine bsp_get_tag(status, tag, file, line)
    integer, intent(out) :: status
    type(*), dimension(..), intent(in), target :: tag
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_get_tag(status, tag, file, file_length(file), line_of(line))
  end subroutine bsp_get_tag

  ! bsp_move(payload): the first message's payload into payload (at most its size), and the
  ! message off the queue.
  subroutine bsp_move(payload, file, line)
    type(*), dimension(..), intent(in), target :: payload
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_move(payload, file, file_length(file), line_of(line))
  end subroutine bsp_move

  ! bsp_bcast(root, src, dst): root's src into dst on every process (collective).
  subroutine bsp_bcast(root, src, dst, file, line)
    integer, intent(in) :: root
    type(*), dimension(..), intent(in), target :: src, dst
    character(len=*), intent(in), optional :: file
    integer, intent(in), optional :: line
    call f_bcast(root, src, dst, file, file_length(file), line_of(line))
  end subroutine bsp_bcast

  logical function bsp_all(x)
    logical, intent(in) :: x
    bsp_all = c_all(merge(1_c_int, 0_c_int, x)) /= 0
  end function bsp_all

  logical function bsp_any(x)
    logical, intent(in) :: x
    bsp_any = c_any(merge(1_c_int, 0_c_int, x)) /= 0
  end function bsp_any

end module bsp
