package sched

import (
	"os"
	"testing"

	"urg/osfile"
)

// TestCostlyNothingToLearn checks that what cannot be measured counts as
// cheap, which leaves the file to the page cache as before the rule.
func TestCostlyNothingToLearn(t *testing.T) {
	// A rate that would call every sample costly, had it one.
	slow := func([]byte) float64 { return 1 }
	if costly(slow, osfile.NoHandle, 1<<30) {
		t.Error("an unreadable file counted as costly")
	}
	f, err := os.CreateTemp(t.TempDir(), "empty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if costly(slow, osfile.Handle(f.Fd()), 1<<30) {
		t.Error("a file that reads nothing counted as costly")
	}
	if costly(nil, osfile.Handle(f.Fd()), 1<<30) {
		t.Error("a run with no rate counted a file as costly")
	}
}
