package sched

import (
	"errors"
	"testing"
)

// TestKnobsOfConfig checks where a run takes its test knobs from: none in
// a Config of urg's, and Config.knobs when set.
func TestKnobsOfConfig(t *testing.T) {
	refused := errors.New("refused (test)")
	if k := newRun(Config{}).knobs; k != (knobs{}) {
		t.Errorf("a plain Config sets knobs %+v", k)
	}
	cfg := Config{knobs: &knobs{ringRefused: refused, growAtOnce: true}}
	if k := newRun(cfg).knobs; k.ringRefused != refused || !k.growAtOnce {
		t.Errorf("Config.knobs gave knobs %+v", k)
	}
}
