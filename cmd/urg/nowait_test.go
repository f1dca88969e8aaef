//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// blockedCount reads how many files --stats says would have blocked.
func blockedCount(t *testing.T, stderr string) int {
	t.Helper()
	m := regexp.MustCompile(`(\d+) would have blocked`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("--stats has no count of files that would have blocked:\n%s", stderr)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestNowaitBlockedToRing: when the non-blocking open or read finds that a
// file would wait for the disk (the fault suite makes it say EAGAIN, for
// every file or every other one), the file goes to the ring, opened or
// not, and the output is the pread engine's, byte for byte.
func TestNowaitBlockedToRing(t *testing.T) {
	if !slices.Contains(engines(t), "uring") {
		t.Skip("io_uring unavailable here: no ring to send files to")
	}
	root := makeTree(t)
	for _, args := range [][]string{
		{"--sort=path", "-n", "foo", "."},
		{"--sort=path", "-c", "zzzabsent", "."},
		{"--sort=path", "-l", `\w+Error\(`, "."},
		{"--sort=path", "-o", "-b", "ba[rz]", "."},
	} {
		want := urg(t, root, append([]string{"--io=pread"}, args...)...)
		for _, faults := range []string{"nowait-open:eagain:", "nowait-read:eagain:", "nowait-open:eagain::2", "nowait-read:eagain::3"} {
			got := faulty(t, root, faults, append([]string{"--io=auto", "--stats"}, args...)...)
			what := fmt.Sprintf("URG_FAULTS=%s urg --io=auto %q", faults, args)
			if got.stdout != want.stdout || got.code != want.code {
				t.Fatalf("%s: exit %d, want %d\n%s", what, got.code, want.code, firstDiff(want.stdout, got.stdout))
			}
			if blockedCount(t, got.stderr) == 0 || !strings.Contains(got.stderr, "ops submitted") {
				t.Errorf("%s: no file went to the ring:\n%s", what, got.stderr)
			}
		}
	}
}

// TestNowaitHalfCached: a tree of which every other file has left the page
// cache (posix_fadvise DONTNEED after fsync) is searched with GNU grep's
// output: the cached files by the non-blocking path, the others through
// the ring.
func TestNowaitHalfCached(t *testing.T) {
	grep := needGrep(t)
	root := t.TempDir()
	var paths []string
	for i := range 400 {
		p := filepath.Join(root, fmt.Sprintf("d%d", i%7), fmt.Sprintf("f%03d.txt", i))
		var b strings.Builder
		for l := range 40 + i%300 {
			fmt.Fprintf(&b, "line %d of %d needle%d\n", l, i, (l*i)%53)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	evict := func() {
		for i, p := range paths {
			if i%2 == 1 {
				continue
			}
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			f.Sync()
			unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
			f.Close()
		}
	}
	for _, args := range [][]string{{"-r", "-n", "needle7$", "."}, {"-r", "-c", "needle1", "."}, {"-r", "-l", "of 1[0-9]9 ", "."}} {
		want := runCmd(t, root, nil, grep, args...)
		evict()
		got := urg(t, root, append([]string{"--io=auto", "--stats"}, args...)...)
		if w, g := sortedLines(want.stdout), sortedLines(got.stdout); !slices.Equal(w, g) || got.code != want.code {
			t.Fatalf("urg %q on a half-cached tree: exit %d, want %d\n%s", args, got.code, want.code,
				firstDiff(strings.Join(w, "\n"), strings.Join(g, "\n")))
		}
		if n := blockedCount(t, got.stderr); n == 0 {
			t.Logf("urg %q: no file would have blocked (the kernel kept them cached)", args)
		}
	}
}
