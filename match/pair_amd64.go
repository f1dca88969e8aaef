package match

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func pairScanAVX2(p *byte, n, off int, c1, m1, c2, m2 byte) int

// pairSIMD says the CPU has AVX2, which scans 32 positions at a time.
var pairSIMD = cpu.X86.HasAVX2

// pairScanFast runs the AVX2 scan over the first n positions of data
// (each needs data[i+q.off] too): hit is the first position whose two
// bytes agree, or -1 when none of the first done positions does; the
// caller scans the positions from done to n.
func pairScanFast(data []byte, n int, q *pair) (hit, done int) {
	if n < 32 {
		return -1, 0
	}
	i := pairScanAVX2(unsafe.SliceData(data), n, q.off, q.c1, q.m1, q.c2, q.m2)
	if done = n &^ 31; i < done {
		return i, done
	}
	return -1, done
}
