package sched

import (
	"math/rand"
	"slices"
	"testing"
	"time"
)

// TestHistQuantiles checks the histogram's quantiles against the sorted
// values: within the eighth of a power of two its buckets promise, and
// never above the largest value.
func TestHistQuantiles(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	for _, spread := range []int64{10, 1000, 1 << 20, 1 << 40} {
		var h Hist
		vals := make([]uint64, 5000)
		for i := range vals {
			vals[i] = uint64(rng.Int63n(spread))
			h.Record(vals[i])
		}
		slices.Sort(vals)
		if h.N() != uint64(len(vals)) || h.Max() != vals[len(vals)-1] {
			t.Fatalf("spread %d: n %d max %d, want %d %d", spread, h.N(), h.Max(), len(vals), vals[len(vals)-1])
		}
		for _, q := range []float64{0, 0.5, 0.9, 0.99, 1} {
			want := vals[int(q*float64(len(vals)-1))]
			got := h.Quantile(q)
			if got > h.Max() || float64(got) < float64(want)*7/8-1 || float64(got) > float64(want)*9/8+1 {
				t.Errorf("spread %d: q%.2f = %d, want about %d", spread, q, got, want)
			}
		}
	}
	var a, b Hist
	a.Record(5)
	b.Record(5000)
	a.Add(&b)
	if a.N() != 2 || a.Max() != 5000 || a.Quantile(0) != 5 {
		t.Fatalf("Add: n %d max %d q0 %d", a.N(), a.Max(), a.Quantile(0))
	}
	var empty Hist
	if empty.Quantile(0.5) != 0 {
		t.Fatal("empty histogram's quantile is not 0")
	}
}

// BenchmarkLatencyRecord is what timing one operation costs --stats:
// two readings of the monotonic clock and a histogram update. Multiplied
// by the operations of a warm search (one per file under --io=auto), it
// is the cost docs/decisions.md#--stats-timing-two-readings-of-the-clock-and-a-histogram-update-an-operation-schedlatencygo gives for the measurement.
func BenchmarkLatencyRecord(b *testing.B) {
	ls := latencies{start: time.Now()}
	var l Latency
	for b.Loop() {
		t0 := ls.now()
		l.Ops[OpNowait].Record(uint64(ls.now() - t0))
	}
}
