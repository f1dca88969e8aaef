package prefilter

//go:noescape
func leadScanAVX2(p *byte, n int, v *leadVec, st *leadState) (i int, mask uint64)
