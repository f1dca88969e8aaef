package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"urg/match"
	"urg/osfile"
	"urg/printer"
	"urg/sched"
	"urg/worker"
)

// --stats: what the search did, in words and figures, after its output.

// writeStats writes --stats after the search's output: what the search
// did (printStats), the locale, and the storage's choice of threads.
func (o *options) writeStats(w io.Writer, s *worker.Stats, cfg *worker.Config, m match.Matcher, out *printer.Output, u spent) {
	matches := int64(-1)
	if o.mode == printer.Lines && !o.invert {
		matches = out.Matches()
	}
	printStats(w, s, cfg, m, matches, u)
	o.writeIndexStats(w)
	fmt.Fprintf(w, "  locale:   %s\n", charset(o.match.UTF8))
	fmt.Fprintf(w, "  storage:  %s; -j %d, queue depth %d\n", o.storage.Reason, cfg.IO.Threads, cfg.IO.QueueDepth)
}

// spent is the time and the CPU time a search took, measured over one
// interval, so that the cores it kept busy are their quotient.
type spent struct {
	wall      time.Duration
	user, sys time.Duration
	cpu       bool // user and sys were measured
	cores     int  // the cores urg may run on
}

// meter measures what a search spends, from when it was made to its stop.
type meter struct {
	start     time.Time
	user, sys time.Duration
	cpu       bool
}

func startMeter() meter {
	user, sys, ok := cpuTime()
	return meter{time.Now(), user, sys, ok}
}

func (m meter) stop() spent {
	user, sys, ok := cpuTime()
	return spent{time.Since(m.start), user - m.user, sys - m.sys, ok && m.cpu, runtime.NumCPU()}
}

// printStats writes --stats; matches is the number of matches printed,
// or -1 where lines were not printed (counts, names).
func printStats(w io.Writer, s *worker.Stats, cfg *worker.Config, m match.Matcher, matches int64, use spent) {
	bytes := s.Bytes.Load()
	fmt.Fprintf(w, "urg: stats\n")
	fmt.Fprintf(w, "  engine:   %s; %s\n", readerOf(s.Stats), count(s.Threads.Load(), "thread"))
	fmt.Fprintf(w, "  matcher:  %s\n", m.Engine())
	if u := s.Uring; u.Rings > 0 {
		fmt.Fprintf(w, "  io_uring: %s (%s), at most %d files in flight per ring, %d reached; %s submitted in %s, %d of which waited for the disk\n",
			count(u.Rings, "ring"), u.Mode, u.Depth, u.MaxFlight, count(u.Submitted, "op"), count(u.Enters, "io_uring_enter call"), u.Waits)
	}
	fmt.Fprintf(w, "  files:    %d walked, %d searched, %d binary\n", s.Walked.Load(), s.Searched.Load(), s.Binary.Load())
	fmt.Fprintf(w, "  skipped:  %d left out by the walk's filters (--include, --exclude, --ignore, --hidden, --glob, --type, --max-filesize), %d unopened (shorter than any match), %d binary (-I)\n",
		s.Filtered.Load(), s.Skipped.Load(), s.BinarySkipped.Load())
	if s.Nowait {
		fmt.Fprintf(w, "  cached:   %d whole without blocking (%d of them opened, read and closed in batches on io_uring), %d begun without blocking and read on with pread, %d would have blocked (sent to io_uring, or to pread without it)\n",
			s.Cached.Load(), s.Batched.Load(), s.CachedThenPread.Load(), s.Blocked.Load())
	}
	fmt.Fprintf(w, "  read as:  %d whole by io_uring, %d begun by io_uring and read on with pread, %d with pread, %d through a memory map, %d around the page cache by io_uring (%d split across cores)\n",
		s.RingWhole.Load(), s.RingThenPread.Load(), s.Pread.Load(), s.Mapped.Load(), s.Direct.Load(), s.Split.Load())
	fmt.Fprintf(w, "  read:     %s\n", humanBytes(bytes))
	printCache(w, s.Stats, cfg.IO.Cache, cfg.IO.CacheBudget)
	printLatency(w, s.Latency)
	fmt.Fprintf(w, "  selected: %s in %s\n", count(s.Lines.Load(), "line"), count(s.Matched.Load(), "file"))
	if matches >= 0 {
		fmt.Fprintf(w, "  matches:  %d\n", matches)
	}
	fmt.Fprintf(w, "  errors:   %d\n", s.Errors.Load())
	printTime(w, bytes, use)
}

// printTime writes --stats' time and CPU lines, both over the search's
// interval: the CPU time urg took before the search (parsing, compiling
// the pattern) is not divided by a search that may have lasted less.
func printTime(w io.Writer, bytes int64, u spent) {
	secs := u.wall.Seconds()
	if secs <= 0 {
		return
	}
	fmt.Fprintf(w, "  time:     %.3f s (%s/s)\n", secs, humanBytes(int64(float64(bytes)/secs)))
	if !u.cpu {
		return
	}
	busy := (u.user + u.sys).Seconds() / secs
	fmt.Fprintf(w, "  cpu:      %.3f s user, %.3f s system: %.2f of %s busy on average (%.0f%%)\n",
		u.user.Seconds(), u.sys.Seconds(), busy, count(u.cores, "core"), 100*busy/float64(u.cores))
}

// count is n things, in the singular for one.
func count[N int | int64 | uint64 | uint32](n N, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// printCache writes --stats' line on the page-cache policy: what it was,
// and how the files it kept out of the cache were read.
func printCache(w io.Writer, s *sched.Stats, cache sched.Cache, budget int64) {
	policy := cache.String()
	if !osfile.DropsCache {
		fmt.Fprintf(w, "  cache:    %s, read as keep: this system gives urg no way to leave pages out of the cache\n", policy)
		return
	}
	if cache == sched.CacheAuto {
		policy = fmt.Sprintf("auto (keep until %s read, then drop)", humanBytes(budget))
	}
	how := "RWF_DONTCACHE reads"
	if s.Cache.Refused {
		how = "plain reads, their pages dropped with POSIX_FADV_DONTNEED (RWF_DONTCACHE refused)"
	}
	fmt.Fprintf(w, "  cache:    %s; %d files read by %s, %d of them dropped with POSIX_FADV_DONTNEED\n",
		policy, s.Cache.Uncached.Load(), how, s.Cache.Advised.Load())
}

// printLatency writes --stats' latency lines: per operation, the count
// and the latency from submission to completion, then the operations a
// ring had in flight each time it reaped completions.
func printLatency(w io.Writer, l *sched.Latency) {
	if l == nil {
		return
	}
	ns := func(v uint64) time.Duration { return round3(time.Duration(v)) }
	for _, op := range sched.Ops() {
		h := &l.Ops[op]
		if h.N() == 0 {
			continue
		}
		fmt.Fprintf(w, "  latency:  %s: %s, p50 %v, p90 %v, p99 %v, max %v\n", op, count(h.N(), "op"),
			ns(h.Quantile(0.5)), ns(h.Quantile(0.9)), ns(h.Quantile(0.99)), ns(h.Max()))
	}
	if f := &l.Flight; f.N() > 0 {
		fmt.Fprintf(w, "  in flight: p50 %d, p90 %d, p99 %d, max %d\n", f.Quantile(0.5), f.Quantile(0.9), f.Quantile(0.99), f.Max())
	}
}

// round3 rounds d to three significant digits: the histograms' buckets
// are an eighth of a power of two wide, and more digits would claim a
// precision they do not have.
func round3(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for d/unit >= 1000 {
		unit *= 10
	}
	return d.Round(unit)
}

// readerOf names what read the files, for --stats.
func readerOf(s *sched.Stats) string {
	switch {
	case s.Engine != sched.EngineAuto && s.Engine != sched.EngineDirect:
		return s.Engine.String() + " reader"
	case s.RingRefused != nil:
		return fmt.Sprintf("pread reader after non-blocking reads (pread for files that would block; io_uring refused: %v)", s.RingRefused)
	case !s.Nowait && s.Uring.Rings == 0:
		return fmt.Sprintf("%s reader without non-blocking reads or io_uring (this system has neither): pread, and maps for large files", s.Engine)
	case s.Uring.Rings > 0:
		return fmt.Sprintf("%s reader: non-blocking reads, io_uring for files that would block", s.Engine)
	}
	if s.Batched.Load() > 0 {
		return fmt.Sprintf("%s reader: non-blocking reads, the files they found cached opened, read and closed in batches on io_uring (no file would block)", s.Engine)
	}
	return fmt.Sprintf("%s reader: non-blocking reads (no file would block: io_uring not started)", s.Engine)
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n), -1
	for f >= unit && i < 4 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGTP"[i])
}
