#include "textflag.h"

// BROADCAST fills all 32 bytes of ymm with the byte argument arg.
#define BROADCAST(arg, xmm, ymm) \
	MOVBLZX arg, AX \
	MOVQ AX, xmm \
	VPBROADCASTB xmm, ymm

// RETMASK returns pos as the block start i and bits as its mask, as
// both scans do.
#define RETMASK(pos, bits) \
	MOVQ pos, i+32(FP) \
	MOVL bits, mask+40(FP) \
	VZEROUPPER \
	RET

// NULFLAG sets the result nul when a byte of the vector of least bytes
// seen, Y9, is zero.
#define NULFLAG \
	VPXOR Y10, Y10, Y10 \
	VPCMPEQB Y10, Y9, Y10 \
	VPMOVMSKB Y10, CX \
	TESTL CX, CX \
	SETNE nul+44(FP)

// func pairScanAVX2(p *byte, n, off int, c1, m1, c2, m2 byte) (i int, mask uint32, nul bool)
//
// The first block of 32 positions i..i+31 in [0, n&^31) that has a
// position j with p[j]|m1 == c1 and p[j+off]|m2 == c2, with the mask of
// those positions; or n&^31 and 0 when there is none. The caller scans
// the last n&31 positions itself. nul says whether p[0:i+32] (p[0:n&^31]
// when none) holds a NUL byte: the bytes are in registers anyway, and a
// search that must stop at binary data then needs no pass of its own.
TEXT ·pairScanAVX2(SB), NOSPLIT, $0-45
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
	VPCMPEQB Y9, Y9, Y9

loop:
	CMPQ DX, BX
	JAE none
	VMOVDQU (SI)(DX*1), Y4
	VMOVDQU (DI)(DX*1), Y5
	VPMINUB Y4, Y9, Y9
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
	NULFLAG
	RETMASK(DX, AX)

none:
	NULFLAG
	RETMASK(BX, $0)

// func pairsScanAVX2(p *byte, n int, tab *pairVec, k int) (i int, mask uint32)
//
// pairScanAVX2 for k pairs at once (k >= 1): a position is a candidate
// when any pair's two bytes agree there, pair t's read at p[j+tab[t].a]
// and p[j+tab[t].b], compared with its vectors c1|m1 and c2|m2.
TEXT ·pairsScanAVX2(SB), NOSPLIT, $0-44
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ tab+16(FP), R9
	MOVQ k+24(FP), R10
	ANDQ $~31, BX
	XORQ DX, DX

block:
	CMPQ DX, BX
	JAE nonek
	VPXOR Y7, Y7, Y7
	MOVQ R9, R12
	MOVQ R10, CX
	LEAQ (SI)(DX*1), R13

pairs:
	MOVQ 128(R12), AX
	MOVQ 136(R12), R8
	VMOVDQU (R13)(AX*1), Y4
	VMOVDQU (R13)(R8*1), Y5
	VPOR 32(R12), Y4, Y4
	VPOR 96(R12), Y5, Y5
	VPCMPEQB (R12), Y4, Y4
	VPCMPEQB 64(R12), Y5, Y5
	VPAND Y4, Y5, Y6
	VPOR Y6, Y7, Y7
	ADDQ $144, R12
	DECQ CX
	JNZ pairs
	VPMOVMSKB Y7, AX
	TESTL AX, AX
	JNZ foundk
	ADDQ $32, DX
	JMP block

foundk:
	RETMASK(DX, AX)

nonek:
	RETMASK(BX, $0)

// TEDDYPOS looks the bytes of the vector at (R13)(off) up in the nibble
// tables lo and hi and leaves in dst the bits of the literals that
// accept each byte. Y6 holds 0x0f in every byte; Y7 and Y8 are scratch.
#define TEDDYPOS(off, lo, hi, dst) \
	VMOVDQU off(R13), Y7 \
	VPSRLW $4, Y7, Y8 \
	VPAND Y6, Y7, Y7 \
	VPAND Y6, Y8, Y8 \
	VPSHUFB Y7, lo, Y7 \
	VPSHUFB Y8, hi, dst \
	VPAND Y7, dst, dst

// func teddyScanAVX2(p *byte, n int, t *teddy) (i int, mask uint32)
//
// The first block of 32 positions i..i+31 in [0, n&^31) holding a
// position j at which some literal of t accepts p[j], p[j+1] and p[j+2],
// with the mask of those positions; or n&^31 and 0.
TEXT ·teddyScanAVX2(SB), NOSPLIT, $0-36
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ t+16(FP), R9
	ANDQ $~31, BX
	VMOVDQU 0(R9), Y0
	VMOVDQU 32(R9), Y1
	VMOVDQU 64(R9), Y2
	VMOVDQU 96(R9), Y3
	VMOVDQU 128(R9), Y4
	VMOVDQU 160(R9), Y5
	MOVQ $0x0f, AX
	MOVQ AX, X6
	VPBROADCASTB X6, Y6
	XORQ DX, DX

tblock:
	CMPQ DX, BX
	JAE tnone
	LEAQ (SI)(DX*1), R13
	TEDDYPOS(0, Y0, Y1, Y9)
	TEDDYPOS(1, Y2, Y3, Y10)
	TEDDYPOS(2, Y4, Y5, Y11)
	VPAND Y9, Y10, Y10
	VPAND Y10, Y11, Y11
	VPTEST Y11, Y11
	JNZ tfound
	ADDQ $32, DX
	JMP tblock

tfound:
	VPXOR Y12, Y12, Y12
	VPCMPEQB Y12, Y11, Y11
	VPMOVMSKB Y11, AX
	NOTL AX
	MOVQ DX, i+24(FP)
	MOVL AX, mask+32(FP)
	VZEROUPPER
	RET

tnone:
	MOVQ BX, i+24(FP)
	MOVL $0, mask+32(FP)
	VZEROUPPER
	RET
