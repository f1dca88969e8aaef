//go:build !amd64

package match

// highScanAVX2 is never called here: SIMD is false.
func highScanAVX2(p *byte, n int) int { return 0 }
