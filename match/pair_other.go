//go:build !amd64

package match

// pairSIMD is false: literals are found through IndexByte instead, and
// the pair scans below are never called.
const pairSIMD = false

func pairMask(data []byte, n int, q *pair) (int, uint32) {
	for i := 0; i < n; i += 32 {
		if mask := q.tailMask(data, i, min(n, i+32)); mask != 0 {
			return i, mask
		}
	}
	return n, 0
}

// pairMaskClean never sees a NUL byte here: clean is 0.
func pairMaskClean(data []byte, n int, q *pair) (int, uint32, int) {
	i, mask := pairMask(data, n, q)
	return i, mask, 0
}

func pairsMask(data []byte, n int, tab []pairVec) (int, uint32) { return n &^ 31, 0 }

func teddyMask(data []byte, n int, t *teddy) (int, uint32) { return n &^ 31, 0 }
