#include "textflag.h"

// func highScanAVX2(p *byte, n int) (i int)
//
// The first block of 64 bytes p[i:i+64] in [0, n&^63) that holds a byte
// from 0x80, or n&^63 when none does. The caller looks at the block, and
// at the last n&63 bytes, itself.
TEXT ·highScanAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	ANDQ $~63, BX
	XORQ DX, DX

loop:
	CMPQ DX, BX
	JAE done
	VMOVDQU (SI)(DX*1), Y0
	VPOR 32(SI)(DX*1), Y0, Y0
	VPMOVMSKB Y0, AX
	TESTL AX, AX
	JNZ done
	ADDQ $64, DX
	JMP loop

done:
	MOVQ DX, i+16(FP)
	VZEROUPPER
	RET
