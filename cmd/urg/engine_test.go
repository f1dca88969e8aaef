package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"urg/sched"
)

// runEnv runs urg with extra environment variables, on the build with
// -tags faults (faultUrg): the only one that reads the test switches
// (URG_DISABLE_URING, URG_GROW_AT_ONCE, URG_SPLIT_PIECE, ...).
func runEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	old := os.Environ()
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	defer func() { _ = old }()
	return runCmd(t, dir, nil, faultUrg(t), args...)
}

// TestEngineFallback: a refused io_uring (URG_DISABLE_URING makes setup fail
// as seccomp or kernel.io_uring_disabled would) gives the same output
// through pread with the same exit status under --io=auto, and a clear
// error under --io=uring.
func TestEngineFallback(t *testing.T) {
	root := makeTree(t)
	for _, args := range [][]string{
		{"--sort=path", "-n", "foo", "."},
		{"--sort=path", "-c", "zzzabsent", "."},
		{"--sort=path", "-l", `\w+Error\(`, "."},
	} {
		want := urg(t, root, append([]string{"--io=pread"}, args...)...)
		got := runEnv(t, root, []string{"URG_DISABLE_URING=1"}, append([]string{"--io=auto", "--stats"}, args...)...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Fatalf("%q with io_uring refused: exit %d, want %d\n%s", args, got.code, want.code, firstDiff(want.stdout, got.stdout))
		}
		if !strings.Contains(got.stderr, "pread reader") {
			t.Errorf("--stats does not say pread ran: %s", got.stderr)
		}
	}
	r := runEnv(t, root, []string{"URG_DISABLE_URING=1"}, "--io=uring", "foo", ".")
	if r.code != 2 || !strings.Contains(r.stderr, "io_uring") || r.stdout != "" {
		t.Fatalf("--io=uring with io_uring refused: %+v", r)
	}
}

// TestEngineStats checks that --stats names the engine that ran and, for
// io_uring, that a batch of files costs far fewer io_uring_enter calls
// than files; under --io=auto a warm tree is read without the ring.
func TestEngineStats(t *testing.T) {
	if !slices.Contains(engines(t), "uring") {
		t.Skip("io_uring unavailable here")
	}
	dir := t.TempDir()
	for i := range 500 {
		p := filepath.Join(dir, "d", strings.Repeat("x", i%5+1), "f"+strings.Repeat("y", i%7)+string(rune('a'+i%26))+".txt")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("hello needle\n"), 0o644)
	}
	r := urg(t, dir, "--io=uring", "--stats", "-c", "needle", ".")
	if !strings.Contains(r.stderr, "uring reader") || !strings.Contains(r.stderr, "ops submitted") {
		t.Fatalf("--stats under --io=uring: %s", r.stderr)
	}
	r = urg(t, dir, "--stats", "-c", "needle", ".")
	if !strings.Contains(r.stderr, "auto reader") || !strings.Contains(r.stderr, "whole without blocking") || !strings.Contains(r.stderr, "cores busy") {
		t.Fatalf("--stats under --io=auto: %s", r.stderr)
	}
}

// TestEngineLargeFiles passes files larger than a ring slot through the
// ring at every queue depth, with one and two searchers, and demands the
// pread engine's output: the slot's first bytes and the rest read by the
// searcher join without a byte lost or doubled, and nothing hangs.
func TestEngineLargeFiles(t *testing.T) {
	if !slices.Contains(engines(t), "uring") {
		t.Skip("io_uring unavailable here")
	}
	dir := t.TempDir()
	for i := range 12 {
		var b strings.Builder
		for l := range (i + 1) * 9000 {
			fmt.Fprintf(&b, "file %d line %d needle%d\n", i, l, l%97)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("big%02d.txt", i)), []byte(b.String()), 0o644)
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("small%02d.txt", i)), []byte("needle42\n"), 0o644)
	}
	for _, args := range [][]string{{"-c", "needle42$"}, {"-n", "needle9[0-6]$"}, {"-l", "needle1"}, {"-m", "3", "needle5"}} {
		want := urg(t, dir, append([]string{"--io=pread", "--sort=path"}, append(args, ".")...)...)
		for _, j := range []string{"1", "2", "2 cold"} {
			for _, qd := range []string{"1", "2", "3", "5", "64"} {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				jobs, cold := strings.CutSuffix(j, " cold")
				bin, env := urgBin, os.Environ()
				if cold {
					// The rings and searchers of a cold search, from the
					// start: a test switch, which the faults build reads.
					bin, env = faultUrg(t), append(env, "URG_GROW_AT_ONCE=1")
				}
				cmd := exec.CommandContext(ctx, bin, append([]string{"--io=uring", "--sort=path", "-j", jobs, "--queue-depth", qd}, append(args, ".")...)...)
				cmd.Dir = dir
				cmd.Env = env
				out, _ := cmd.Output()
				hung := ctx.Err() == context.DeadlineExceeded
				cancel()
				if hung {
					t.Fatalf("-j %s --queue-depth %s %q: hung", j, qd, args)
				}
				if string(out) != want.stdout {
					t.Fatalf("-j %s --queue-depth %s %q differs from pread:\n%s", j, qd, args, firstDiff(want.stdout, string(out)))
				}
			}
		}
	}
}

// TestReaderOf: --stats names what read the files in each case the
// scheduler can end in, including the one of a system with no
// non-blocking reads and no io_uring (every system but Linux).
func TestReaderOf(t *testing.T) {
	refused := errors.New("io_uring disabled")
	for _, c := range []struct {
		s    *sched.Stats
		want string
	}{
		{&sched.Stats{Engine: sched.EnginePread}, "pread reader"},
		{&sched.Stats{Engine: sched.EngineMmap}, "mmap reader"},
		{&sched.Stats{Engine: sched.EngineAuto, Nowait: true, RingRefused: refused}, "pread reader after non-blocking reads (pread for files that would block; io_uring refused: io_uring disabled)"},
		{&sched.Stats{Engine: sched.EngineAuto, Nowait: true, Uring: sched.UringStats{Rings: 1}}, "auto reader: non-blocking reads, io_uring for files that would block"},
		{&sched.Stats{Engine: sched.EngineAuto, Nowait: true}, "auto reader: non-blocking reads (no file would block: io_uring not started)"},
		{&sched.Stats{Engine: sched.EngineAuto}, "auto reader without non-blocking reads or io_uring (this system has neither): pread, and maps for large files"},
	} {
		if got := readerOf(c.s); got != c.want {
			t.Errorf("readerOf: %q, want %q", got, c.want)
		}
	}
}

// TestEngineThreadsCores: -j above the cores starts no more rings and
// searchers than cores where io_uring reads (a ring's reads need no
// thread each, and more threads would only take turns on the cores), but
// as many as asked where each read holds its thread: --io=pread, and
// --io=auto once io_uring is refused. The output is the same either way.
func TestEngineThreadsCores(t *testing.T) {
	root := makeTree(t)
	args := []string{"--sort=path", "-n", "foo", "."}
	want := urg(t, root, append([]string{"--io=pread", "-j1"}, args...)...)
	type threadsCase struct {
		io, refused string
		threads     int
	}
	cases := []threadsCase{{"auto", "", 2}, {"pread", "", 16}, {"auto", "1", 16}}
	if slices.Contains(engines(t), "uring") {
		cases = append(cases, threadsCase{"uring", "", 2})
	}
	for _, c := range cases {
		env := []string{"GOMAXPROCS=2", "URG_DISABLE_URING=" + c.refused}
		got := runEnv(t, root, env, append([]string{"--io=" + c.io, "-j16", "--stats"}, args...)...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Fatalf("--io=%s -j16 (io_uring refused: %q): exit %d, want %d\n%s", c.io, c.refused, got.code, want.code, firstDiff(want.stdout, got.stdout))
		}
		if !strings.Contains(got.stderr, " "+count(c.threads, "thread")+"\n") {
			t.Errorf("--io=%s -j16 on 2 cores (io_uring refused: %q): want %d threads: %s", c.io, c.refused, c.threads, got.stderr)
		}
		var rings int
		if i := strings.Index(got.stderr, "io_uring: "); i >= 0 {
			fmt.Sscanf(got.stderr[i:], "io_uring: %d ring", &rings)
		}
		if rings > 2 {
			t.Errorf("--io=%s -j16 on 2 cores: %d rings", c.io, rings)
		}
	}
}
