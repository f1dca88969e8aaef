package sched

import (
	"bytes"
	"os"
	"testing"

	"urg/match"
)

// countingMatcher records the lines its matcher reports, so that a test
// sees what matchRate went through without timing anything.
type countingMatcher struct {
	match.Matcher
	found [][]byte
}

func (c *countingMatcher) Next(text []byte) (int, int, error) {
	s, e, err := c.Matcher.Next(text)
	if s >= 0 {
		c.found = append(c.found, text[s:e])
	}
	return s, e, err
}

// TestMatchRateWholeLines checks that the sample is matched over its
// whole lines only, every matching line found, in each timed pass and
// the untimed one.
func TestMatchRateWholeLines(t *testing.T) {
	m, err := match.Compile([]string{`hit\d`}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := &countingMatcher{Matcher: m}
	// The sample starts and ends mid-line: those halves are not lines.
	sample := []byte("it1 cut\nhit2\nmiss\nhit3 x\nhit4\nhit5 cut")
	if rate := matchRate(c, sample); rate <= 0 {
		t.Fatalf("rate %v", rate)
	}
	want := bytes.Repeat([]byte("hit2 hit3 x hit4 "), 3)
	if got := append(bytes.Join(c.found, []byte(" ")), ' '); !bytes.Equal(got, want) {
		t.Errorf("lines matched %q, want %q", got, want)
	}
}

// TestCostlyNothingToLearn checks that what cannot be measured counts as
// cheap, which leaves the file to the page cache as before the rule.
func TestCostlyNothingToLearn(t *testing.T) {
	m, err := match.Compile([]string{`^\s+//`}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := matchRate(m, []byte("no line end in sight")); r < costlyRate {
		t.Errorf("a sample without a whole line rated %v, want cheap", r)
	}
	if costly(m, -1, 1<<30) {
		t.Error("an unreadable file counted as costly")
	}
	f, err := os.CreateTemp(t.TempDir(), "empty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if costly(m, int(f.Fd()), 1<<30) {
		t.Error("a file that reads nothing counted as costly")
	}
}
