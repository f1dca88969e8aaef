//go:build !faults

package main

import "urg/worker"

// testEnv are the test switches, which a release build neither reads nor
// can hand to the engine: URG_DISABLE_URING, URG_GROW_AT_ONCE, URG_FAULTS,
// URG_SPLIT_PIECE, URG_SPLIT_MIN and URG_CACHE_BUDGET are read only by a
// build with -tags faults (testenv_faults.go).
type testEnv struct{}

// readTestEnv reads nothing: a release build has no test switches.
func readTestEnv(func(string) string) testEnv { return testEnv{} }

// cacheBudget is 0: no test switch sets the budget.
func (testEnv) cacheBudget() int64 { return 0 }

// setTesting sets no knob: a release build has none to set.
func (testEnv) setTesting(*worker.Config) {}
