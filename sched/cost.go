package sched

import (
	"bytes"
	"runtime"
	"time"

	"golang.org/x/sys/unix"

	"urg/fallback"
	"urg/match"
)

// costSample is how much of a file the pattern's cost is measured on: a
// few milliseconds of reading, cold.
const costSample = 4 << 20

// costlyRate is the matching speed, in bytes per second on one core, below
// which a pattern is costly: a cold map of the file would cost it more
// than a stream around the cache. Measured by matchRate on 4 MiB of the
// 8 GiB file of Go source: an absent literal 43 to 57 GB/s, `func
// \w+Error\(` 25 to 41, the needles 28 to 42, `^\s+//` 9.9 to 10.5,
// `(?i)(panic|fatal|deadline|unreachable)` 4.7 to 5.1. Cold, the map's
// time grows with the pattern's cost, far past the matching itself (its
// first touches of pages just filled fault, on the cores that match):
// `-c -v '^\s+//'` mapped 2.8 and 11.3 s against 1.9 and 3.1 s streamed,
// `func \w+Error\(` 2.5 and 6.1 s against 1.6 and 2.0, the absent literal
// 2.0 and 2.3 s against 1.7 and 2.1. The cheap ones stay mapped, which
// leaves the file cached for the next search; the bound sits between.
const costlyRate = 16e9

// costly reports whether matching m over the file open as fd (size bytes)
// costs more CPU than reading it: m is run over the file's first
// costSample bytes, read with pread, and timed. A file it cannot read
// counts as cheap.
func costly(m match.Matcher, fd int, size int64) bool {
	n := int(min(size, costSample))
	buf := make([]byte, n)
	// From the start, which the search reads first anyway: a sample from
	// elsewhere would be one more cold read, and would move the kernel's
	// read-ahead away from where the search begins.
	got, err := unix.Pread(fd, buf, 0)
	if err != nil || got <= 0 {
		return false
	}
	return matchRate(m, buf[:got]) < costlyRate
}

// Each timed pass of matchRate goes over the sample in stretches of whole
// lines of about costStretch bytes, and stops after the stretch that
// takes it past costPass: a slow engine (a backtracking one at a few MB/s)
// is measured in milliseconds, not seconds.
const (
	costStretch = 256 << 10
	costPass    = 10 * time.Millisecond
)

// matchRate is how fast m goes through the whole lines of sample, in bytes
// per second, finding every matching line as a search does.
func matchRate(m match.Matcher, sample []byte) float64 {
	// Whole lines only: the sample starts and ends mid-line.
	if i := bytes.IndexByte(sample, '\n'); i >= 0 {
		sample = sample[i+1:]
	}
	sample = sample[:bytes.LastIndexByte(sample, '\n')+1]
	if len(sample) == 0 {
		return costlyRate // nothing to learn from: cheap
	}
	// One read of each page first, untimed: on this kind of virtual
	// machine the first reads of memory just written by the kernel cost
	// a fault each (a first pass of an absent literal over the sample ran
	// at 0.3 GB/s, the next at 10 to 40).
	runtime.KeepAlive(fallback.Touch(sample, 0, len(sample)))
	// The faster of two passes.
	best := 0.0
	for range 2 {
		start := time.Now()
		done := 0
		for done < len(sample) && time.Since(start) < costPass {
			end := min(len(sample), done+costStretch)
			if i := bytes.IndexByte(sample[end-1:], '\n'); i >= 0 {
				end += i
			}
			matchAll(m, sample[done:end])
			done = end
		}
		if d := time.Since(start); d > 0 {
			best = max(best, float64(done)/d.Seconds())
		}
	}
	if best == 0 {
		return costlyRate
	}
	return best
}

// matchAll finds every matching line of text, as a search does.
func matchAll(m match.Matcher, text []byte) {
	for at := 0; at < len(text); {
		s, e, err := m.Next(text[at:])
		if s < 0 || err != nil {
			return
		}
		at += e + 1
	}
}
