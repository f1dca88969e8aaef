package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// chunkSizes are the map chunks the large-file test runs with: a page,
// a few pages, and the default, which holds the whole file.
var chunkSizes = []int{4 << 10, 64 << 10, 0}

// makeBoundaryFile writes a file of about 3 MiB whose needles straddle
// every multiple of 4 KiB and 64 KiB (and 1 MiB), where a reader that maps
// or reads in chunks could miss a match cut in two or report it twice,
// with a line longer than the largest chunk tested that holds needles at
// its start, middle and end. It returns the file's path.
func makeBoundaryFile(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	filler := "the quick brown fox jumps over the lazy dog, again and again\n"
	n := 0
	plant := func() {
		fmt.Fprintf(&b, "urgneedle%06d", n)
		n++
	}
	for b.Len() < 3<<20 {
		next := (b.Len()/4096 + 1) * 4096 // the next page boundary
		for b.Len()+len(filler) < next-8 {
			b.WriteString(filler)
		}
		// A needle across the boundary, on a line of its own, and
		// another line that ends right on it.
		b.WriteString("x ")
		for b.Len() < next-6 {
			b.WriteByte('.')
		}
		plant()
		b.WriteString(" y\n")
		if b.Len() > 1<<20 && b.Len() < 1<<20+8192 {
			long := strings.Repeat("w", 40<<10)
			plant()
			b.WriteString(long)
			plant()
			b.WriteString(long + long)
			plant()
			b.WriteString("\n")
		}
	}
	// No newline at the very end, and a needle just before it.
	b.WriteString("last ")
	plant()
	p := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLargeFileBoundaries searches a file with needles across every chunk
// boundary under each engine, map chunk size and split of the file across
// cores, and compares with GNU grep: each needle found once, whole, with
// its line number and byte offset.
func TestLargeFileBoundaries(t *testing.T) {
	grep := needGrep(t)
	file := makeBoundaryFile(t)
	dir := filepath.Dir(file)
	for _, args := range [][]string{
		{"-n", "-b", `urgneedle\d+`},
		{"-o", "-b", `urgneedle\d+`},
		{"-c", "urgneedle"},
		{"-v", "-c", "urgneedle"},
		{"-n", "-v", "fox"},
	} {
		want := runCmd(t, dir, nil, grep, append([]string{"-P", "-a"}, append(args, "big.txt")...)...)
		if want.code != 0 {
			t.Fatalf("grep %q: exit %d: %s", args, want.code, want.stderr)
		}
		for _, engine := range append(engines(t), "direct") {
			for _, chunk := range chunkSizes {
				if engine == "direct" && chunk > 0 {
					continue // no map: the stream's own stretches are cut
				}
				for _, split := range []bool{false, true} {
					name := fmt.Sprintf("%s/%s/chunk%d/split%v", strings.Join(args, " "), engine, chunk, split)
					t.Run(name, func(t *testing.T) {
						var env []string
						if split {
							// Pieces far smaller than the file and its
							// long line, so the cut falls everywhere.
							// Two cores, so that it splits on a machine
							// with one too.
							env = []string{"URG_SPLIT_PIECE=3000", "URG_SPLIT_MIN=1", "GOMAXPROCS=2"}
						}
						cmd := []string{"--io=" + engine, "-a", "-j2", "--stats"}
						if chunk > 0 {
							cmd = append(cmd, fmt.Sprintf("--mmap-chunk=%d", chunk))
						}
						got := runEnv(t, dir, env, append(cmd, append(args, "big.txt")...)...)
						if got.stdout != want.stdout || got.code != want.code {
							t.Fatalf("exit %d, want %d\n%s", got.code, want.code, firstDiff(want.stdout, got.stdout))
						}
						if engine == "direct" {
							if strings.Contains(got.stderr, " 0 around the page cache") {
								t.Skipf("no O_DIRECT reads through io_uring here (the file system or the kernel): %s", got.stderr)
							}
							if split && !strings.Contains(got.stderr, "(1 split across cores)") {
								t.Errorf("not split across cores: %s", got.stderr)
							}
							return
						}
						mapped := !strings.Contains(got.stderr, " 0 through a memory map")
						if mapped != (engine != "pread") {
							t.Errorf("--io=%s: %s", engine, got.stderr)
						}
						if split && engine != "pread" && !strings.Contains(got.stderr, "(1 split across cores)") {
							t.Errorf("not split across cores: %s", got.stderr)
						}
					})
				}
			}
		}
	}
}
