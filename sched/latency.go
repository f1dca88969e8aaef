package sched

import (
	"math/bits"
	"sync"
	"time"
)

// Op is a kind of I/O operation whose latency --stats reports.
type Op uint8

// The operations timed: the rings' openat, read and close, from
// submission to completion; the non-blocking path's open and read of a
// file's start, as one synchronous call each; and its batches, each the
// open, read and close of up to a batch's files in one submission.
const (
	OpOpenat Op = iota
	OpRead
	OpClose
	OpNowait
	OpBatch
	opKinds
)

var opNames = [...]string{OpOpenat: "openat", OpRead: "read", OpClose: "close", OpNowait: "nowait", OpBatch: "batch"}

// String is the operation's name in --stats.
func (o Op) String() string { return opNames[o] }

// Ops lists the operations timed, in the order --stats prints them.
func Ops() []Op { return []Op{OpOpenat, OpRead, OpClose, OpNowait, OpBatch} }

// histSub is the number of buckets per power of two: a quantile read off
// the histogram is within an eighth of the true value, which is all a
// latency report needs, at 4 KiB a histogram.
const histSub = 8

// Hist counts values (nanoseconds, or operations in flight) in
// log-linear buckets. The zero value is empty; one goroutine records
// into it, and Add merges another in.
type Hist struct {
	n, max uint64
	b      [64 * histSub]uint64
}

// bucketOf is the bucket of v: v itself below histSub, else histSub
// buckets for each power of two.
func bucketOf(v uint64) int {
	if v < histSub {
		return int(v)
	}
	shift := bits.Len64(v) - 4
	return (shift+1)*histSub + int(v>>shift) - histSub
}

// bucketMid is a value in the middle of bucket b.
func bucketMid(b int) uint64 {
	if b < histSub {
		return uint64(b)
	}
	shift := b/histSub - 1
	low := uint64(b%histSub+histSub) << shift
	return low + (uint64(1)<<shift)/2
}

// Record counts v.
func (h *Hist) Record(v uint64) {
	h.n++
	h.max = max(h.max, v)
	h.b[bucketOf(v)]++
}

// Add merges o into h.
func (h *Hist) Add(o *Hist) {
	h.n += o.n
	h.max = max(h.max, o.max)
	for i, c := range o.b {
		h.b[i] += c
	}
}

// N is how many values were recorded.
func (h *Hist) N() uint64 { return h.n }

// Max is the largest value recorded.
func (h *Hist) Max() uint64 { return h.max }

// Quantile is the value below which the share q (0 to 1) of the values
// fall, to within its bucket; never above Max.
func (h *Hist) Quantile(q float64) uint64 {
	if h.n == 0 {
		return 0
	}
	rank := uint64(q*float64(h.n-1)) + 1
	var seen uint64
	for i, c := range h.b {
		if seen += c; seen >= rank {
			return min(bucketMid(i), h.max)
		}
	}
	return h.max
}

// Latency is a run's I/O latency: a histogram of nanoseconds per
// operation, and one of the operations a ring had in the kernel each time
// it reaped completions.
type Latency struct {
	Ops    [opKinds]Hist
	Flight Hist
}

// latencies gathers the histograms of a run's rings and readers as each
// ends; each records into its own while it runs, so the timing costs no
// shared write.
type latencies struct {
	mu    sync.Mutex
	sum   Latency
	start time.Time
}

// add merges l into the run's sum.
func (ls *latencies) add(l *Latency) {
	if l == nil {
		return
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for i := range l.Ops {
		ls.sum.Ops[i].Add(&l.Ops[i])
	}
	ls.sum.Flight.Add(&l.Flight)
}

// now is the time since the run started, in nanoseconds, on the
// monotonic clock.
func (ls *latencies) now() int64 { return int64(time.Since(ls.start)) }
