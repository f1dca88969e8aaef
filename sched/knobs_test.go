package sched

import (
	"errors"
	"testing"
)

// TestKnobsOfConfig checks where a run takes its test knobs from: none in
// a Config of urg's, the deprecated fields while their users remain, and
// Config.knobs in their place when set.
func TestKnobsOfConfig(t *testing.T) {
	refused := errors.New("refused (test)")
	if k := newRun(Config{}).knobs; k != (knobs{}) {
		t.Errorf("a plain Config sets knobs %+v", k)
	}
	if k := newRun(Config{RingRefused: refused, GrowAtOnce: true}).knobs; k.ringRefused != refused || !k.growAtOnce {
		t.Errorf("the deprecated fields gave knobs %+v", k)
	}
	cfg := Config{RingRefused: refused, knobs: &knobs{growAtOnce: true}}
	if k := newRun(cfg).knobs; k.ringRefused != nil || !k.growAtOnce {
		t.Errorf("Config.knobs did not replace the deprecated fields: %+v", k)
	}
}
