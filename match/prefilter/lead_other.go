//go:build !amd64

package prefilter

// leadScanAVX2 is never called here: NewLead needs the vector scan.
func leadScanAVX2(p *byte, n int, v *leadVec, st *leadState) (int, uint64) { return 0, 0 }
