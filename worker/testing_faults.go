//go:build faults

package worker

// Testing are the search's test knobs, which only a build with -tags
// faults (the fault suite's) can set: a release build of urg has no way
// to split small files across the cores.
type Testing struct {
	// SplitPiece is how much of a large file one core takes on at a
	// time, and SplitMin the size from which a file is split across
	// cores (0: the defaults).
	SplitPiece, SplitMin int
}

// SetTesting gives the run of c the test knobs t.
func (c *Config) SetTesting(t Testing) {
	c.knobs = knobs{splitPiece: t.SplitPiece, splitMin: t.SplitMin}
}
