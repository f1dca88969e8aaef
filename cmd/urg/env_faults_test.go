//go:build faults

package main

import "testing"

// TestReadTestEnv: in a build with -tags faults, each test switch lands
// in its field, read once with the rest of the environment.
func TestReadTestEnv(t *testing.T) {
	reads := map[string]int{}
	e := readEnv(func(k string) string { reads[k]++; return testSwitches[k] })
	if s := e.test; !s.disableUring || !s.growAtOnce ||
		s.faults != "open=1" || s.splitPiece != 4<<10 || s.splitMin != 8<<10 || e.cacheBudget() != 1<<20 {
		t.Errorf("readEnv: %+v", e)
	}
	if e.test.ringRefused() == nil {
		t.Error("URG_DISABLE_URING=1: io_uring not refused")
	}
	for k := range testSwitches {
		if reads[k] == 0 {
			t.Errorf("%s not read", k)
		}
	}
	if e = readEnv(func(string) string { return "" }); e.test.ringRefused() != nil || e.test.splitPiece != 0 {
		t.Errorf("empty environment: %+v", e)
	}
}
