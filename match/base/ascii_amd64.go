package base

import "golang.org/x/sys/cpu"

// avx2 says the CPU has AVX2, which IndexNonASCII reads 64 bytes a step
// with.
var avx2 = cpu.X86.HasAVX2

// highScanAVX2 returns where the first block of 64 bytes of p[:n] that
// holds a byte from 0x80 starts, or n&^63 when none does (see
// ascii_amd64.s). Only with AVX2.
//
//go:noescape
func highScanAVX2(p *byte, n int) (i int)
