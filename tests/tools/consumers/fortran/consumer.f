C     The Oxford Fortran 77 routines from an installed Superstep.
      PROGRAM CONSUMER
      INCLUDE 'bsp_f77.h'
      INTEGER S, T
      CALL BSPBEGIN(BSPNPROCS())
      S = BSPPID()
      T = BSPSUMI(S)
      IF (S .EQ. 0) WRITE (*, '(A, I0)')
     &   'f77 consumer: sum of pids = ', T
      CALL BSPEND()
      END
