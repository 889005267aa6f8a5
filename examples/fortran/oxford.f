C     An Oxford BSP toolset program in Fortran 77, as that toolset's
C     programs were written: fixed form, byte counts, the routines
C     BSPBEGIN, BSPPUSHREG, BSPPUT, BSPSYNC, BSPBCAST and BSPSUMD.
C     Process 0 broadcasts a scale factor; every process puts its
C     scaled pid into the array A of its right neighbour; then the
C     global sum of what each process received.
      PROGRAM OXFORD
      INCLUDE 'bsp_f77.h'
      INTEGER MAXP
      PARAMETER (MAXP = 64)
      INTEGER P, S, RIGHT, SCALE, SCALE0, V
      INTEGER A(MAXP)
      DOUBLE PRECISION TOTAL
      CALL BSPBEGIN(BSPNPROCS())
      P = BSPNPROCS()
      S = BSPPID()
      IF (P .GT. MAXP) CALL BSPABORT('OXFORD: TOO MANY PROCESSES')
      SCALE0 = 0
      IF (S .EQ. 0) SCALE0 = 10
      CALL BSPBCAST(0, SCALE0, SCALE, 4)
      CALL BSPPUSHREG(A, 4 * MAXP)
      CALL BSPSYNC()
      RIGHT = MOD(S + 1, P)
      V = SCALE * S
      CALL BSPPUT(RIGHT, V, A, 4 * S, 4)
      CALL BSPSYNC()
      CALL BSPPOPREG(A)
      TOTAL = BSPSUMD(DBLE(A(MOD(S + P - 1, P) + 1)))
      WRITE (*, 100) S, P, A(MOD(S + P - 1, P) + 1), NINT(TOTAL)
  100 FORMAT ('PROCESS ', I0, ' OF ', I0, ' RECEIVED ', I0,
     &        ', TOTAL ', I0)
      CALL BSPEND()
      END
