//go:build faults

package sched

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"urg/internal/fault"
	"urg/walk"
)

// TestSetTesting checks that the knobs a faults build sets reach the run,
// and its walk the faults.
func TestSetTesting(t *testing.T) {
	refused := errors.New("refused (test)")
	faults := fault.New("open:unlink:nothing;not-eof::/f")
	var cfg Config
	cfg.SetTesting(Testing{RingRefused: refused, GrowAtOnce: true, Faults: faults})
	r := newRun(cfg)
	if k := r.knobs; k.ringRefused != refused || !k.growAtOnce || k.faults != faults {
		t.Errorf("SetTesting gave knobs %+v", k)
	}
	// The walk has the faults when its not-eof point holds for /f.
	f := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []walk.File
	walk.Files([]string{f}, r.cfg.Walk, walk.Handler{
		File:   func(wf walk.File) bool { got = append(got, wf); return true },
		Report: func(p string, err error) { t.Errorf("%s: %v", p, err) },
	})
	if len(got) != 1 || got[0].ShortIsEOF {
		t.Errorf("the walk was not given the faults: %+v", got)
	}
}
