//go:build faults

package main

import (
	"errors"

	"urg/internal/fault"
	"urg/internal/size"
	"urg/sched"
	"urg/worker"
)

// testEnv are the test switches, read from the environment only by a
// build with -tags faults (the tests' build): URG_DISABLE_URING=1
// (ringRefused), URG_GROW_AT_ONCE=1, URG_FAULTS, and the sizes
// URG_SPLIT_PIECE, URG_SPLIT_MIN and URG_CACHE_BUDGET (0 when unset).
type testEnv struct {
	disableUring, growAtOnce        bool
	faults                          string
	splitPiece, splitMin, cacheSize int
}

// readTestEnv reads the test switches from the environment getenv looks
// up; readEnv calls it, so that the environment is read in one place.
func readTestEnv(getenv func(string) string) testEnv {
	return testEnv{
		disableUring: getenv("URG_DISABLE_URING") == "1",
		growAtOnce:   getenv("URG_GROW_AT_ONCE") == "1",
		faults:       getenv("URG_FAULTS"),
		splitPiece:   envSize(getenv("URG_SPLIT_PIECE")),
		splitMin:     envSize(getenv("URG_SPLIT_MIN")),
		cacheSize:    envSize(getenv("URG_CACHE_BUDGET")),
	}
}

// ringRefused is the refusal of io_uring that URG_DISABLE_URING=1
// pretends, as a kernel or sandbox that refuses it would, so that the
// fallbacks can be tested anywhere; nil without it.
func (e testEnv) ringRefused() error {
	if e.disableUring {
		return errors.New("io_uring disabled by URG_DISABLE_URING")
	}
	return nil
}

// cacheBudget is URG_CACHE_BUDGET's size, for a test of --cache=auto's
// drop on a few small files; 0 when unset.
func (e testEnv) cacheBudget() int64 { return int64(e.cacheSize) }

// setTesting hands the switches to the engine, as its test knobs.
func (e testEnv) setTesting(c *worker.Config) {
	c.IO.SetTesting(sched.Testing{RingRefused: e.ringRefused(), GrowAtOnce: e.growAtOnce, Faults: fault.New(e.faults)})
	c.SetTesting(worker.Testing{SplitPiece: e.splitPiece, SplitMin: e.splitMin})
}

// envSize reads a size in bytes from a variable's value: a test switch
// that makes the split across cores happen on small files. 0 means
// unset.
func envSize(value string) int {
	n, err := size.Parse(value)
	if err != nil {
		return 0
	}
	return int(n)
}
