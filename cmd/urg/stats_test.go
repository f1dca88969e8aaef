package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"urg/match"
	"urg/sched"
	"urg/worker"
)

// statsLines is printStats' output for s and u, keyed by each line's
// label.
func statsLines(t *testing.T, s *worker.Stats, u spent) map[string]string {
	t.Helper()
	m, err := match.Compile([]string{"fo+pen"}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	printStats(&b, s, &worker.Config{}, m, 3, u)
	lines := map[string]string{}
	for _, l := range strings.Split(b.String(), "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(l), ":"); ok && v != "" {
			lines[k] += strings.TrimSpace(v)
		}
	}
	return lines
}

// checkStatsLines holds the lines of got that want names to want's.
func checkStatsLines(t *testing.T, got, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("--stats %s: %q, want %q", k, got[k], v)
		}
	}
}

// TestStatsArithmetic holds each line of --stats to the figures it is
// made of: the cores busy are the CPU time over the same interval as the
// time line, a count of one is singular, and the engine and the matcher
// read as words on lines of their own.
func TestStatsArithmetic(t *testing.T) {
	s := &worker.Stats{Stats: &sched.Stats{Engine: sched.EngineAuto, Nowait: true}}
	s.Threads.Store(2)
	s.Bytes.Store(3 << 20)
	s.Lines.Store(6)
	s.Matched.Store(1)
	s.Batched.Store(4)
	s.Cached.Store(4)
	u := spent{wall: 2 * time.Second, user: 1500 * time.Millisecond, sys: 500 * time.Millisecond, cpu: true, cores: 2}
	got := statsLines(t, s, u)
	want := map[string]string{
		"engine":   "auto reader: non-blocking reads, the files they found cached opened, read and closed in batches on io_uring (no file would block); 2 threads",
		"matcher":  "regexp+literal",
		"selected": "6 lines in 1 file",
		"matches":  "3",
		"time":     "2.000 s (1.5 MiB/s)",
		"cpu":      "1.500 s user, 0.500 s system: 1.00 of 2 cores busy on average (50%)",
	}
	checkStatsLines(t, got, want)
	if _, ok := got["io_uring"]; ok {
		t.Errorf("--stats has an io_uring line with no ring: %q", got["io_uring"])
	}

	s.Lines.Store(1)
	s.Matched.Store(2)
	s.Threads.Store(1)
	s.Batched.Store(0)
	s.Uring = sched.UringStats{Rings: 1, Mode: "single-issuer", Depth: 64, MaxFlight: 1, Submitted: 1, Enters: 1, Waits: 0}
	u = spent{wall: 500 * time.Millisecond, user: 100 * time.Millisecond, sys: 150 * time.Millisecond, cpu: true, cores: 1}
	got = statsLines(t, s, u)
	want = map[string]string{
		"engine":   "auto reader: non-blocking reads, io_uring for files that would block; 1 thread",
		"io_uring": "1 ring (single-issuer), at most 64 files in flight per ring, 1 reached; 1 op submitted in 1 io_uring_enter call, 0 of which waited for the disk",
		"selected": "1 line in 2 files",
		"time":     "0.500 s (6.0 MiB/s)",
		"cpu":      "0.100 s user, 0.150 s system: 0.50 of 1 core busy on average (50%)",
	}
	checkStatsLines(t, got, want)
}

// TestStatsCPUOverTheSearch holds a real run's --stats to CPU time no
// larger than its cores can give in the time it reports, however short
// the search: the CPU spent before the search is not counted in it.
func TestStatsCPUOverTheSearch(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f": "fopen\nfoopen\nx\n"})
	r := urg(t, dir, "--stats", "-c", "fo+pen", "f")
	var user, sys, busy float64
	var cores int
	for _, l := range strings.Split(r.stderr, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "cpu:"); ok {
			if _, err := fmt.Sscanf(v, "%f s user, %f s system: %f of %d", &user, &sys, &busy, &cores); err != nil {
				t.Fatalf("--stats cpu line %q: %v", l, err)
			}
		}
	}
	if cores == 0 {
		t.Fatalf("--stats printed no cpu line: %q", r.stderr)
	}
	// The busy figure is from unrounded times; a hundredth of rounding
	// either way.
	if busy > float64(cores)+0.01 {
		t.Errorf("--stats: %.2f of %d cores busy, more than there are: %q", busy, cores, r.stderr)
	}
}
