package search

import "golang.org/x/sys/cpu"

// zapSIMD says the CPU has AVX2, which zaps 32 bytes at a time.
var zapSIMD = cpu.X86.HasAVX2

// zapAVX2 turns the NULs of p[:n&^31] into newlines and returns n&^31
// (zap_amd64.s).
//
//go:noescape
func zapAVX2(p *byte, n int) int

// zapBlocks zaps the NULs of b's whole 32-byte blocks, when the CPU can,
// and returns how many bytes it did.
func zapBlocks(b []byte) int {
	if !zapSIMD || len(b) < 32 {
		return 0
	}
	return zapAVX2(&b[0], len(b))
}
