//go:build !amd64

package match

// pairSIMD is false: literals are found through IndexByte instead.
const pairSIMD = false

func pairScanFast([]byte, int, *pair) (int, int) { return -1, 0 }
