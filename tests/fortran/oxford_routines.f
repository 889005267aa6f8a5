C     Every routine of the Oxford Fortran 77 interface, each result
C     checked against what BSPlib defines; PASS from process 0.
      PROGRAM ROUTINES
      INCLUDE 'bsp_f77.h'
      INTEGER MAXP
      PARAMETER (MAXP = 16)
      INTEGER P, S, I, RIGHT, LEFT, NBAD, TAGSZ, NMSG, NBYTES
      INTEGER STATUS, TAG, PAYLD, GOT, SUMTAG, SUMPAY
      INTEGER A(MAXP), B(MAXP), C, D, IX
      DOUBLE PRECISION T0, T1, X, Y
      REAL R
      EXTERNAL IADD
      CALL BSPBEGIN(BSPNPROCS())
      P = BSPNPROCS()
      S = BSPPID()
      NBAD = 0
      IF (P .GT. MAXP) CALL BSPABORT('ROUTINES: AT MOST 16 PROCESSES')
      RIGHT = MOD(S + 1, P)
      LEFT = MOD(S + P - 1, P)
      T0 = BSPTIME()
      DO 10 I = 1, MAXP
         A(I) = -1
         B(I) = -1
   10 CONTINUE
C     BSPPUT and BSPHPPUT: byte offsets into the right neighbour's A.
      CALL BSPPUSHREG(A, 4 * MAXP)
      CALL BSPPUSHREG(B, 4 * MAXP)
      CALL BSPSYNC()
      C = 100 + S
      CALL BSPPUT(RIGHT, C, A, 4 * 2, 4)
      D = 200 + S
      CALL BSPHPPUT(RIGHT, D, B, 4 * 3, 4)
      CALL BSPSYNC()
      IF (A(3) .NE. 100 + LEFT) NBAD = NBAD + 1
      IF (B(4) .NE. 200 + LEFT) NBAD = NBAD + 1
      IF (A(1) .NE. -1 .OR. B(1) .NE. -1) NBAD = NBAD + 1
C     BSPGET and BSPHPGET: from the right neighbour's A and B.
      C = 0
      D = 0
      CALL BSPGET(RIGHT, A, 4 * 2, C, 4)
      CALL BSPHPGET(RIGHT, B, 4 * 3, D, 4)
      CALL BSPSYNC()
      IF (C .NE. 100 + S) NBAD = NBAD + 1
      IF (D .NE. 200 + S) NBAD = NBAD + 1
      CALL BSPPOPREG(B)
      CALL BSPPOPREG(A)
C     BSMP: an INTEGER tag, every process sends to every process.
      TAGSZ = 4
      CALL BSPSETTAGSIZE(TAGSZ)
      IF (TAGSZ .NE. 0) NBAD = NBAD + 1
      CALL BSPSYNC()
      DO 20 I = 0, P - 1
         TAG = S
         PAYLD = 1000 * S + I
         CALL BSPSEND(I, TAG, PAYLD, 4)
   20 CONTINUE
      CALL BSPSYNC()
      CALL BSPQSIZE(NMSG, NBYTES)
      IF (NMSG .NE. P .OR. NBYTES .NE. 4 * P) NBAD = NBAD + 1
      SUMTAG = 0
      SUMPAY = 0
      DO 30 I = 1, P
         CALL BSPGETTAG(STATUS, TAG)
         IF (STATUS .NE. 4) NBAD = NBAD + 1
         CALL BSPMOVE(GOT, 4)
         IF (GOT .NE. 1000 * TAG + S) NBAD = NBAD + 1
         SUMTAG = SUMTAG + TAG
   30 CONTINUE
      IF (SUMTAG .NE. P * (P - 1) / 2) NBAD = NBAD + 1
      CALL BSPGETTAG(STATUS, TAG)
      IF (STATUS .NE. -1) NBAD = NBAD + 1
C     Level 1.
      C = 0
      IF (S .EQ. P - 1) C = 77
      CALL BSPBCAST(P - 1, C, D, 4)
      IF (D .NE. 77) NBAD = NBAD + 1
      C = S + 1
      CALL BSPFOLD(IADD, C, D, 4)
      IF (D .NE. P * (P + 1) / 2) NBAD = NBAD + 1
      CALL BSPSCAN(IADD, C, D, 4)
      IF (D .NE. (S + 1) * (S + 2) / 2) NBAD = NBAD + 1
      IF (BSPSUMI(S) .NE. P * (P - 1) / 2) NBAD = NBAD + 1
      R = REAL(S)
      IF (BSPSUMR(R) .NE. REAL(P * (P - 1) / 2)) NBAD = NBAD + 1
      X = DBLE(S) + 0.5D0
      Y = BSPSUMD(X)
      IF (Y .NE. DBLE(P * (P - 1) / 2) + 0.5D0 * P) NBAD = NBAD + 1
      IX = 1
      IF (S .EQ. 1) IX = 3
      IF (BSPPRODI(IX) .NE. MIN(P, 2) * 2 - 1) NBAD = NBAD + 1
      IF (BSPMAXI(S) .NE. P - 1) NBAD = NBAD + 1
      IF (BSPMINI(S) .NE. 0) NBAD = NBAD + 1
      IF (BSPMAXD(X) .NE. DBLE(P - 1) + 0.5D0) NBAD = NBAD + 1
      IF (BSPMINR(R) .NE. 0.0) NBAD = NBAD + 1
      IF (BSPPRODD(2.0D0) .NE. 2.0D0 ** P) NBAD = NBAD + 1
      IF (.NOT. BSPALL(.TRUE.)) NBAD = NBAD + 1
      IF (BSPALL(S .EQ. 0) .NEQV. (P .EQ. 1)) NBAD = NBAD + 1
      IF (.NOT. BSPANY(S .EQ. P - 1)) NBAD = NBAD + 1
      IF (BSPANY(.FALSE.)) NBAD = NBAD + 1
      T1 = BSPTIME()
      IF (T1 .LT. T0) NBAD = NBAD + 1
C     Every process's count of failures, summed.
      NBAD = BSPSUMI(NBAD)
      IF (S .EQ. 0 .AND. NBAD .EQ. 0) WRITE (*, '(A)') 'PASS'
      IF (S .EQ. 0 .AND. NBAD .NE. 0) WRITE (*, '(A, I0)') 'FAILED ',
     &   NBAD
      CALL BSPEND()
      END

C     BSPFOLD's operator: RESULT = LEFT + RIGHT, on one INTEGER.
      SUBROUTINE IADD(RESULT, LEFT, RIGHT, NBYTES)
      INTEGER RESULT, LEFT, RIGHT, NBYTES
      IF (NBYTES .NE. 4) CALL BSPABORT('IADD: NOT ONE INTEGER')
      RESULT = LEFT + RIGHT
      END
