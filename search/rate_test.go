package search

import (
	"bytes"
	"math"
	"testing"
	"time"

	"urg/match"
)

// countingMatcher records the lines its matcher reports, so that a test
// sees what Rate went through without timing anything. Next is all a
// CountOnly search of text asks of its matcher.
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

// TestRateWholeLines checks that the sample is matched over its whole
// lines only, every matching line found once, in each of the two passes.
func TestRateWholeLines(t *testing.T) {
	m, err := match.Compile([]string{`hit\d`}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := &countingMatcher{Matcher: m}
	// The sample starts and ends mid-line: those halves are not lines.
	sample := []byte("it1 cut\nhit2\nmiss\nhit3 x\nhit4\nhit5 cut")
	if rate := Rate(c, sample); rate <= 0 {
		t.Fatalf("rate %v", rate)
	}
	want := bytes.Repeat([]byte("hit2 hit3 x hit4 "), 2)
	if got := append(bytes.Join(c.found, []byte(" ")), ' '); !bytes.Equal(got, want) {
		t.Errorf("lines matched %q, want %q", got, want)
	}
}

// TestRateNothingToLearn checks that a sample without a whole line rates
// as cheap (+Inf), which leaves the file to the page cache as before the
// rule.
func TestRateNothingToLearn(t *testing.T) {
	m, err := match.Compile([]string{`^\s+//`}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sample := range []string{"no line end in sight", "", "\n", "cut\nalso cut"} {
		if r := Rate(m, []byte(sample)); !math.IsInf(r, 1) {
			t.Errorf("the sample %q rated %v, want +Inf", sample, r)
		}
	}
}

// slowMatcher finds nothing and takes its time doing so.
type slowMatcher struct {
	match.Matcher
	calls int
}

func (m *slowMatcher) Next([]byte) (int, int, error) {
	m.calls++
	time.Sleep(ratePassTime / 2)
	return -1, -1, nil
}

// TestRateBounded checks that a pass stops once it has taken
// ratePassTime, instead of going through the whole sample with an engine
// that may crawl.
func TestRateBounded(t *testing.T) {
	line := append(bytes.Repeat([]byte("x"), 1023), '\n')
	sample := bytes.Repeat(line, 4*rateStretch/len(line)) // four stretches
	m := &slowMatcher{}
	Rate(m, sample)
	if m.calls < 2 || m.calls > 2*2 {
		t.Errorf("%d stretches matched in two passes, want two a pass", m.calls)
	}
}
