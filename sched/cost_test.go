package sched

import (
	"os"
	"testing"

	"urg/match"
	"urg/osfile"
)

// TestCostlyNothingToLearn checks that what cannot be measured counts as
// cheap, which leaves the file to the page cache as before the rule.
func TestCostlyNothingToLearn(t *testing.T) {
	m, err := match.Compile([]string{`^\s+//`}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if costly(m, osfile.NoHandle, 1<<30) {
		t.Error("an unreadable file counted as costly")
	}
	f, err := os.CreateTemp(t.TempDir(), "empty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if costly(m, osfile.Handle(f.Fd()), 1<<30) {
		t.Error("a file that reads nothing counted as costly")
	}
}
