package match

// highScanAVX2 returns where the first block of 64 bytes of p[:n] that
// holds a byte from 0x80 starts, or n&^63 when none does (see
// split_amd64.s). Only with AVX2 (prefilter.SIMD).
//
//go:noescape
func highScanAVX2(p *byte, n int) (i int)
