//go:build faults

package sched

import (
	"errors"
	"testing"

	"urg/internal/fault"
)

// TestSetTesting checks that the knobs a faults build sets reach the run,
// and its walk the faults.
func TestSetTesting(t *testing.T) {
	refused := errors.New("refused (test)")
	faults := fault.New("open:unlink:nothing")
	var cfg Config
	cfg.SetTesting(Testing{RingRefused: refused, GrowAtOnce: true, Faults: faults})
	r := newRun(cfg)
	if k := r.knobs; k.ringRefused != refused || !k.growAtOnce || k.faults != faults {
		t.Errorf("SetTesting gave knobs %+v", k)
	}
	if r.cfg.Walk.Faults != faults {
		t.Error("the walk was not given the faults")
	}
}
