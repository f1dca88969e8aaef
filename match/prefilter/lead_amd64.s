#include "textflag.h"

// HALF classifies the 32 positions at DX+off: NL gets the newlines' mask,
// NX the mask of bytes outside the class, P the pair's positions.
// Clobbers Y0-Y5.
#define HALF(off, NL, NX, P) \
	VMOVDQU off(SI)(DX*1), Y0 \
	VPCMPEQB Y8, Y0, Y1 \
	VPMOVMSKB Y1, NL \
	VPAND Y9, Y0, Y2 \
	VPSRLW $4, Y0, Y3 \
	VPAND Y9, Y3, Y3 \
	VPSHUFB Y2, Y10, Y2 \
	VPSHUFB Y3, Y11, Y3 \
	VPAND Y2, Y3, Y2 \
	VPCMPEQB Y7, Y2, Y2 \
	VPMOVMSKB Y2, NX \
	VMOVDQU off(R10)(DX*1), Y4 \
	VMOVDQU off(R11)(DX*1), Y5 \
	VPOR Y13, Y4, Y4 \
	VPOR Y15, Y5, Y5 \
	VPCMPEQB Y12, Y4, Y4 \
	VPCMPEQB Y14, Y5, Y5 \
	VPAND Y4, Y5, Y4 \
	VPMOVMSKB Y4, P

// func leadScanAVX2(p *byte, n int, v *leadVec, st *leadState) (i int, mask uint64)
//
// The first block of 64 positions i..i+63 in [0, n&^63) holding a
// position j whose byte is outside the class, reached by a run of the
// class from its line's start (or at the line's start, when v.empty),
// with p[j+a] and p[j+b] the pair's bytes; and the mask of those
// positions. n&^63 and 0 when there is none. p[j+b] must be readable for
// every j < n&^63. st carries the line and the run across calls.
TEXT ·leadScanAVX2(SB), NOSPLIT, $0-48
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ v+16(FP), R9
	ANDQ $~63, BX
	MOVQ 192(R9), R10
	ADDQ SI, R10
	MOVQ 200(R9), R11
	ADDQ SI, R11
	MOVQ 208(R9), R14
	MOVQ st+24(FP), AX
	MOVQ 0(AX), R12
	MOVQ 8(AX), R13
	VMOVDQU 0(R9), Y10
	VMOVDQU 32(R9), Y11
	VMOVDQU 64(R9), Y12
	VMOVDQU 96(R9), Y13
	VMOVDQU 128(R9), Y14
	VMOVDQU 160(R9), Y15
	MOVQ $0x0f, AX
	MOVQ AX, X9
	VPBROADCASTB X9, Y9
	MOVQ $0x0a, AX
	MOVQ AX, X8
	VPBROADCASTB X8, Y8
	VPXOR Y7, Y7, Y7
	XORQ DX, DX

loop:
	CMPQ DX, BX
	JAE none
	HALF(0, AX, CX, DI)
	HALF(32, R8, R15, R9)
	SHLQ $32, R8
	ORQ R8, AX
	SHLQ $32, R15
	ORQ R15, CX
	SHLQ $32, R9
	ORQ R9, DI
	// AX newlines, CX outside the class, DI the pair. R15: line starts.
	MOVQ AX, R15
	SHLQ $1, R15
	ORQ R12, R15
	SHRQ $63, AX
	MOVQ AX, R12
	// R8: the class. AX: the runs' starts, added to the class with the
	// carry from the last block; each run that starts a line clears and
	// sets the bit past it.
	MOVQ CX, R8
	NOTQ R8
	MOVQ R15, AX
	ANDQ R8, AX
	BTQ $0, R13
	ADCQ R8, AX
	SBBQ R13, R13
	ANDQ $1, R13
	ANDQ CX, AX
	// Line starts outside the class, when the run may be empty.
	ANDQ CX, R15
	ANDQ R14, R15
	ORQ R15, AX
	ANDQ DI, AX
	JNZ found
	ADDQ $64, DX
	JMP loop

found:
	MOVQ st+24(FP), CX
	MOVQ R12, 0(CX)
	MOVQ R13, 8(CX)
	MOVQ DX, i+32(FP)
	MOVQ AX, mask+40(FP)
	VZEROUPPER
	RET

none:
	MOVQ st+24(FP), CX
	MOVQ R12, 0(CX)
	MOVQ R13, 8(CX)
	MOVQ BX, i+32(FP)
	MOVQ $0, mask+40(FP)
	VZEROUPPER
	RET
