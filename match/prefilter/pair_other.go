//go:build !amd64

package prefilter

// SIMD is false: literals are found through IndexByte instead, and
// the pair scans below are never called.
const SIMD = false

func pairMask(data []byte, n int, q *Pair) (int, uint32) {
	for i := 0; i < n; i += 32 {
		if mask := q.tailMask(data, i, min(n, i+32)); mask != 0 {
			return i, mask
		}
	}
	return n, 0
}

// pairMaskClean never sees a NUL byte here: clean is 0.
func pairMaskClean(data []byte, n int, q *Pair) (int, uint32, int) {
	i, mask := pairMask(data, n, q)
	return i, mask, 0
}

func pairsMask(data []byte, n int, tab []pairVec) (int, uint32) { return n &^ 31, 0 }

func teddyMask(data []byte, n int, t *Teddy) (int, uint32) { return n &^ 31, 0 }
