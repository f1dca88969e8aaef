package sched

import "urg/internal/fault"

// knobs are the engine's test knobs: states of the kernel and the disk a
// test cannot count on finding where it runs (io_uring refused, rings
// waiting for the disk), pretended, and the fault suite's injector. A run
// of urg has none. They are set by sched's own tests, through
// Config.knobs, and in a build with -tags faults through
// Config.SetTesting (testing_faults.go); a release build offers no way to
// set them.
type knobs struct {
	// ringRefused, when not nil, is taken as the kernel's refusal of
	// io_uring, so that the fallbacks can be tested anywhere.
	ringRefused error
	// growAtOnce starts the rings and searchers a cold search uses at
	// once, so that tests on a warm page cache run that path too.
	growAtOnce bool
	// faults are the fault suite's; nil in a run of urg. SetTesting
	// gives them to the walk too (walk.Options.SetFaults); these alone
	// reach only sched's own fault points.
	faults *fault.Injector
}

// testKnobs are the knobs c sets: none unless c.knobs is set.
func (c *Config) testKnobs() knobs {
	if c.knobs != nil {
		return *c.knobs
	}
	return knobs{}
}
