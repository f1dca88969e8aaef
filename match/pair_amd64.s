#include "textflag.h"

// BROADCAST fills all 32 bytes of ymm with the byte argument arg.
#define BROADCAST(arg, xmm, ymm) \
	MOVBLZX arg, AX \
	MOVQ AX, xmm \
	VPBROADCASTB xmm, ymm

// func pairScanAVX2(p *byte, n, off int, c1, m1, c2, m2 byte) int
//
// The first i in [0, n&^31) with p[i]|m1 == c1 and p[i+off]|m2 == c2, or
// n&^31 when there is none; the caller scans the last n&31 itself.
TEXT ·pairScanAVX2(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ off+16(FP), R8
	ANDQ $~31, BX
	BROADCAST(c1+24(FP), X0, Y0)
	BROADCAST(m1+25(FP), X1, Y1)
	BROADCAST(c2+26(FP), X2, Y2)
	BROADCAST(m2+27(FP), X3, Y3)
	LEAQ (SI)(R8*1), DI
	XORQ DX, DX

loop:
	CMPQ DX, BX
	JAE none
	VMOVDQU (SI)(DX*1), Y4
	VMOVDQU (DI)(DX*1), Y5
	VPOR Y1, Y4, Y4
	VPOR Y3, Y5, Y5
	VPCMPEQB Y0, Y4, Y4
	VPCMPEQB Y2, Y5, Y5
	VPAND Y4, Y5, Y6
	VPMOVMSKB Y6, AX
	TESTL AX, AX
	JNZ found
	ADDQ $32, DX
	JMP loop

found:
	TZCNTL AX, AX
	ADDQ AX, DX
	MOVQ DX, ret+32(FP)
	VZEROUPPER
	RET

none:
	MOVQ BX, ret+32(FP)
	VZEROUPPER
	RET
