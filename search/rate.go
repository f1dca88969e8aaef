package search

import (
	"bytes"
	"math"
	"time"

	"urg/match"
)

// Each timed pass of Rate goes over the sample in stretches of whole
// lines of about rateStretch bytes, and stops after the stretch that
// takes it past ratePassTime: a slow engine (a backtracking one, which
// could take seconds over the whole sample) is measured in milliseconds.
const (
	rateStretch  = 256 << 10
	ratePassTime = 10 * time.Millisecond
)

// ratePasses is how many timed passes Rate makes; the fastest counts, as
// the one least disturbed by whatever else the machine was doing.
const ratePasses = 2

// Rate is how fast a search with m goes through the whole lines of
// sample, in bytes per second on one core, finding every matching line
// as a search does (CountOnly). It runs the search's own loop, a Searcher
// over stretches of the sample, so that what is timed is what a search
// of the file will cost.
//
// The sample is taken to start and end mid-line: the part before its
// first newline and the part after its last are left out. A sample with
// no whole line, or one too quick to time, leaves nothing to learn from;
// Rate then returns +Inf, which any threshold takes as cheap.
//
// The sample's pages should already have been read once (osfile.Touch)
// by the caller: on some virtual machines the first reads of memory just
// written by the kernel fault, and would be timed as matching. The
// sample is not changed (its NULs are searched as text).
func Rate(m match.Matcher, sample []byte) float64 {
	// Whole lines only: the sample starts and ends mid-line.
	if i := bytes.IndexByte(sample, '\n'); i >= 0 {
		sample = sample[i+1:]
	}
	sample = sample[:bytes.LastIndexByte(sample, '\n')+1]
	if len(sample) == 0 {
		return math.Inf(1) // nothing to learn from: cheap
	}
	s := New(m, Options{CountOnly: true, Binary: BinaryText})
	best := 0.0
	for range ratePasses {
		start := time.Now()
		done := 0
		for done < len(sample) && time.Since(start) < ratePassTime {
			end := min(len(sample), done+rateStretch)
			if i := bytes.IndexByte(sample[end-1:], '\n'); i >= 0 {
				end += i
			}
			// A matcher's error ends the stretch early, as it would end
			// the search: what it cost until then is what is timed.
			s.SearchBuffer(sample[done:end], nil, discard{})
			done = end
		}
		if d := time.Since(start); d > 0 {
			best = max(best, float64(done)/d.Seconds())
		}
	}
	if best == 0 {
		return math.Inf(1)
	}
	return best
}

// discard is a Sink that drops everything: a search with CountOnly
// reports nothing but its Result.
type discard struct{}

// Match does nothing.
func (discard) Match(int64, int64, []byte) error { return nil }
