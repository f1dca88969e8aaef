package main

import (
	"regexp"
	"strings"
	"testing"
)

// cacheTree is the differential tree with files past the sizes where the
// readers change: larger than a ring slot (64 KiB, read on with pread),
// and than the size from which files are mapped (1 MiB), which under
// --cache=drop are read instead.
func cacheTree(t *testing.T) string {
	t.Helper()
	root := makeTree(t)
	writeTree(t, root, map[string]string{
		"large/slot.txt": bigText(200 << 10),
		"large/map.txt":  bigText(3 << 20),
	})
	return root
}

// cacheArgs are the searches every cache mode must answer as keep does.
var cacheArgs = [][]string{
	{"-n", "foo"},
	{"-c", "needle"},
	{"-l", "Hello|world"},
	{"-o", "-b", "4[0-9]"},
	{"-v", "-c", "o"},
	{"-m", "2", "-n", "needle"},
}

// TestCacheModes: --cache=drop and --cache=auto (also with a budget so
// small that auto drops from the first file) give --cache=keep's output
// and exit status under every engine, with the rings' cold path too.
func TestCacheModes(t *testing.T) {
	root := cacheTree(t)
	for _, io := range engines(t) {
		for _, args := range cacheArgs {
			args = append([]string{"--io=" + io, "--sort=path"}, append(args, ".")...)
			want := urg(t, root, append([]string{"--cache=keep"}, args...)...)
			for _, mode := range []struct {
				name string
				env  []string
			}{
				{"drop", nil},
				{"auto", nil},
				{"auto", []string{"URG_CACHE_BUDGET=4K"}},
				{"drop", []string{"URG_GROW_AT_ONCE=1"}},
			} {
				got := runEnv(t, root, mode.env, append([]string{"--cache=" + mode.name}, args...)...)
				if got.stdout != want.stdout || got.code != want.code || got.stderr != want.stderr {
					t.Fatalf("--cache=%s %v %q: exit %d, want %d; stderr %q\n%s", mode.name, mode.env, args, got.code, want.code, got.stderr, firstDiff(want.stdout, got.stdout))
				}
			}
		}
	}
	r := urg(t, root, "--cache=sometimes", "foo", ".")
	if r.code != 2 || !strings.Contains(r.stderr, "--cache") || r.stdout != "" {
		t.Fatalf("--cache=sometimes: %+v", r)
	}
}

// TestCacheRefused: where the file system refuses RWF_DONTCACHE (tmpfs,
// overlayfs, FUSE; injected here by the fault suite, on the ring's reads
// and pread's), urg falls back to dropping pages with fadvise without a
// word, and every file is still searched.
func TestCacheRefused(t *testing.T) {
	root := cacheTree(t)
	for _, io := range engines(t) {
		for _, args := range cacheArgs {
			args = append([]string{"--io=" + io, "--sort=path"}, append(args, ".")...)
			want := urg(t, root, append([]string{"--cache=keep"}, args...)...)
			for _, every := range []string{"", ":3"} {
				got := faulty(t, root, "dontcache:eopnotsupp:"+every, append([]string{"--cache=drop"}, args...)...)
				if got.stdout != want.stdout || got.code != want.code || got.stderr != want.stderr {
					t.Fatalf("refused RWF_DONTCACHE%s %q: exit %d, want %d; stderr %q\n%s", every, args, got.code, want.code, got.stderr, firstDiff(want.stdout, got.stdout))
				}
			}
		}
		got := faulty(t, root, "dontcache:eopnotsupp:", "--io="+io, "--cache=drop", "--stats", "-c", "needle", ".")
		if !strings.Contains(got.stderr, "RWF_DONTCACHE refused") {
			t.Errorf("--io=%s: --stats does not say RWF_DONTCACHE was refused:\n%s", io, got.stderr)
		}
	}
}

// TestStatsLatency checks the shape of --stats' I/O lines: the cache
// policy, and per operation the count and latency quantiles, in order,
// then the depth in flight; the rings' operations appear where the rings
// ran.
func TestStatsLatency(t *testing.T) {
	root := cacheTree(t)
	latency := regexp.MustCompile(`^  latency:  (openat|read|close|nowait|batch): [1-9][0-9]* ops?, p50 ([0-9.]+(ns|µs|ms|s)), p90 ([0-9.]+(ns|µs|ms|s)), p99 ([0-9.]+(ns|µs|ms|s)), max ([0-9.]+(ns|µs|ms|s))$`)
	flight := regexp.MustCompile(`^  in flight: p50 [0-9]+, p90 [0-9]+, p99 [0-9]+, max [1-9][0-9]*$`)
	cache := regexp.MustCompile(`^  cache:    (keep|drop|auto \(keep until [0-9.]+ [KMGT]?i?B read, then drop\)); [0-9]+ files read by `)
	for _, io := range engines(t) {
		r := runEnv(t, root, []string{"URG_GROW_AT_ONCE=1"}, "--io="+io, "--stats", "-c", "needle", ".")
		ops := map[string]bool{}
		var sawCache, sawFlight bool
		for _, line := range strings.Split(r.stderr, "\n") {
			switch {
			case strings.HasPrefix(line, "  latency:"):
				m := latency.FindStringSubmatch(line)
				if m == nil {
					t.Fatalf("--io=%s: latency line %q", io, line)
				}
				ops[m[1]] = true
			case strings.HasPrefix(line, "  in flight:"):
				if !flight.MatchString(line) {
					t.Fatalf("--io=%s: in-flight line %q", io, line)
				}
				sawFlight = true
			case strings.HasPrefix(line, "  cache:"):
				if !cache.MatchString(line) {
					t.Fatalf("--io=%s: cache line %q", io, line)
				}
				sawCache = true
			}
		}
		if !sawCache {
			t.Errorf("--io=%s: no cache line:\n%s", io, r.stderr)
		}
		// Warm, --io=auto reads every file without blocking and starts
		// no ring.
		if ring := io == "uring"; ring != (ops["openat"] && ops["read"] && sawFlight) && io != "auto" {
			t.Errorf("--io=%s: ring operations timed %v, in flight %v:\n%s", io, ops, sawFlight, r.stderr)
		}
		if io == "auto" && !ops["nowait"] && !ops["batch"] {
			t.Errorf("--io=auto: no nowait or batch line:\n%s", r.stderr)
		}
	}
}
