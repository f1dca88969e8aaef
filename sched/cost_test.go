package sched

import (
	"bytes"
	"os"
	"testing"
	"time"

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
// whole lines only, every matching line found, in each of the two passes.
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
	want := bytes.Repeat([]byte("hit2 hit3 x hit4 "), 2)
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

// slowMatcher finds nothing and takes its time doing so.
type slowMatcher struct {
	match.Matcher
	calls int
}

func (m *slowMatcher) Next([]byte) (int, int, error) {
	m.calls++
	time.Sleep(costPass / 2)
	return -1, -1, nil
}

// TestMatchRateBounded checks that a pass stops once it has taken
// costPass, instead of going through the whole sample with an engine
// that may crawl.
func TestMatchRateBounded(t *testing.T) {
	line := append(bytes.Repeat([]byte("x"), 1023), '\n')
	sample := bytes.Repeat(line, 4*costStretch/len(line)) // four stretches
	m := &slowMatcher{}
	matchRate(m, sample)
	if m.calls > 2*2 {
		t.Errorf("%d stretches matched in two passes, want two a pass", m.calls)
	}
}
