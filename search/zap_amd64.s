#include "textflag.h"

// func zapAVX2(p *byte, n int) int
//
// Every NUL of p[:n&^31] becomes '\n': each block of 32 bytes is ORed
// with '\n' where it compares equal to zero. Returns n&^31; the caller
// does the rest.
TEXT ·zapAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	ANDQ $~31, BX
	XORQ DX, DX
	VPXOR Y0, Y0, Y0
	MOVQ $0x0a0a0a0a0a0a0a0a, AX
	MOVQ AX, X1
	VPBROADCASTQ X1, Y1

loop:
	CMPQ DX, BX
	JAE done
	VMOVDQU (SI)(DX*1), Y2
	VPCMPEQB Y0, Y2, Y3
	VPAND Y1, Y3, Y3
	VPOR Y3, Y2, Y2
	VMOVDQU Y2, (SI)(DX*1)
	ADDQ $32, DX
	JMP loop

done:
	MOVQ BX, ret+16(FP)
	VZEROUPPER
	RET
