//go:build faults

package sched

import "urg/internal/fault"

// Testing are the engine's test knobs, which only a build with -tags
// faults (the fault suite's) can set: a release build of urg has no way
// to pretend a refused ring, grow its rings at once or inject faults.
type Testing struct {
	// RingRefused, when not nil, is taken as the kernel's refusal of
	// io_uring, so that the fallbacks can be tested anywhere.
	RingRefused error
	// GrowAtOnce starts the rings and searchers a cold search uses at
	// once, so that tests on a warm page cache run that path too.
	GrowAtOnce bool
	// Faults are the fault suite's rules.
	Faults *fault.Injector
}

// SetTesting gives the run of c the test knobs t, and its walk (c.Walk)
// the faults.
func (c *Config) SetTesting(t Testing) {
	c.knobs = &knobs{ringRefused: t.RingRefused, growAtOnce: t.GrowAtOnce, faults: t.Faults}
	c.Walk.SetFaults(t.Faults)
}
