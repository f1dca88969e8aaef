//go:build !amd64

package base

// avx2 is false: IndexNonASCII reads words instead.
const avx2 = false

// highScanAVX2 is never called here: avx2 is false.
func highScanAVX2(p *byte, n int) int { return 0 }
