package prefilter

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func pairScanAVX2(p *byte, n, off int, c1, m1, c2, m2 byte) (i int, mask uint32, nul bool)

//go:noescape
func pairsScanAVX2(p *byte, n int, tab *pairVec, k int) (i int, mask uint32)

//go:noescape
func teddyScanAVX2(p *byte, n int, t *Teddy) (i int, mask uint32)

// SIMD says the CPU has AVX2, which scans 32 positions at a time.
var SIMD = cpu.X86.HasAVX2

// pairMask returns the first block of up to 32 of the first n positions
// of data (each needs data[i+q.off] too) that holds a position whose two
// bytes agree with q's: i is where the block starts and mask has a bit
// for each such position. mask is 0 when no position does.
func pairMask(data []byte, n int, q *Pair) (i int, mask uint32) {
	i, mask, _ = pairMaskClean(data, n, q)
	return i, mask
}

// pairMaskClean is pairMask that also says how much of data the scan saw
// to hold no NUL byte: data[:clean] holds none.
func pairMaskClean(data []byte, n int, q *Pair) (i int, mask uint32, clean int) {
	if n >= 32 {
		var nul bool
		i, mask, nul = pairScanAVX2(unsafe.SliceData(data), n, q.off, q.c1, q.m1, q.c2, q.m2)
		if !nul {
			clean = i
			if mask != 0 {
				clean += 32
			}
		}
		if mask != 0 {
			return i, mask, clean
		}
	}
	return i, q.tailMask(data, i, n), clean
}

// pairsMask is pairMask for all the pairs of tab at once, over the first
// n&^31 positions only: i is n&^31 when none of them holds a candidate.
func pairsMask(data []byte, n int, tab []pairVec) (i int, mask uint32) {
	return pairsScanAVX2(unsafe.SliceData(data), n, &tab[0], len(tab))
}

// teddyMask is pairsMask for t: the first block of 32 of the first n&^31
// positions (each needs data[i+teddyLen-1] too) with a candidate.
func teddyMask(data []byte, n int, t *Teddy) (i int, mask uint32) {
	return teddyScanAVX2(unsafe.SliceData(data), n, t)
}
