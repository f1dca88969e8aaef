package worker

// knobs are the search's test knobs: sizes that make a large file's split
// across the cores happen on the small files of a test. A run of urg has
// none. They are set by worker's own tests, through Config.knobs, and in a
// build with -tags faults through Config.SetTesting (testing_faults.go); a
// release build offers no way to set them.
type knobs struct {
	// splitPiece is how much of a large file one core takes on at a
	// time, and splitMin the size from which a file is split across
	// cores (0: the defaults).
	splitPiece, splitMin int
}
