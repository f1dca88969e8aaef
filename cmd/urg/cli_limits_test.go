package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// 7. Far more files than descriptors: none is dropped or repeated.
func TestCLIDescriptorLimit(t *testing.T) {
	bash := needBash(t)
	root := t.TempDir()
	var want []string
	for d := range 30 {
		dir := filepath.Join(root, fmt.Sprintf("d%02d", d))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f := range 100 {
			name := filepath.Join(dir, fmt.Sprintf("f%03d", f))
			if err := os.WriteFile(name, []byte("hay\nneedle\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			want = append(want, name)
		}
	}
	slices.Sort(want)
	for _, extra := range [][]string{nil, {"-j", "8"}, {"--sort=path"}} {
		args := append([]string{"-c", `ulimit -n 20 && exec "$@"`, "sh", urgBin, "-l"}, extra...)
		args = append(args, "needle", root)
		got := runCtx(t, root, nil, nil, bash, args...)
		what := fmt.Sprintf("ulimit -n 20; urg -l %q needle ROOT", extra)
		gl := sortedLines(got.stdout)
		if !slices.Equal(gl, want) {
			t.Errorf("%s: listed %d names (%d distinct), want each of %d once", what, len(gl), len(slices.Compact(slices.Clone(gl))), len(want))
		}
		if got.stderr != "" || got.code != 0 {
			t.Errorf("%s: stderr %q, status %d; want none and 0", what, truncate(got.stderr), got.code)
		}
	}
}

// 8. A reader that goes away early: no message, no error status.
func TestCLIClosedStdout(t *testing.T) {
	bash := needBash(t)
	root := t.TempDir()
	big := filepath.Join(root, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	content := []byte(strings.Repeat("x marks the spot on this fairly ordinary line\n", 20))
	for i := range 2000 {
		if err := os.WriteFile(filepath.Join(big, fmt.Sprintf("f%04d", i)), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, extra := range [][]string{nil, {"--sort=path"}, {"-j", "1"}, {"-n"}} {
		args := append([]string{"-c", `"$@" | head -1; s=${PIPESTATUS[0]}; [ "$s" = 0 ] || [ "$s" = 141 ] || echo "urg exit status $s" >&2`, "sh", urgBin, "-r"}, extra...)
		args = append(args, "x", "big")
		got := runCtx(t, root, nil, nil, bash, args...)
		what := fmt.Sprintf("urg -r %q x big | head -1", extra)
		if strings.Count(got.stdout, "\n") != 1 || !strings.HasPrefix(got.stdout, "big/f") || !strings.Contains(got.stdout, "x marks the spot") {
			t.Errorf("%s: stdout = %q, want one line", what, truncate(got.stdout))
		}
		if got.stderr != "" || got.code != 0 {
			t.Errorf("%s: stderr %q, status %d; want none and 0", what, got.stderr, got.code)
		}
	}
}

// rssHelperEnv, when set, makes the test binary a small parent that runs
// the command named by its arguments, writes that command's peak RSS in KiB
// to the file the variable names and exits with the command's status.
//
// The test process cannot measure it itself: Go starts a child with
// vfork, sharing the parent's memory until exec, and Linux counts the
// memory the child had before exec in its peak RSS, so the child's Maxrss
// would never be below the test process's own peak. The helper's peak is
// that of a freshly started binary, a few MiB.
const rssHelperEnv = "URG_CLI_TEST_RSS_FILE"

func init() {
	out := os.Getenv(rssHelperEnv)
	if out == "" || len(os.Args) < 2 {
		return
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, rssHelperEnv+"=") })
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	kib, err := runPeakRSS(cmd)
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
		if code < 0 {
			code = 125
		}
	case err != nil:
		fmt.Fprintln(os.Stderr, "rss helper:", err)
		os.Exit(125)
	}
	if err := os.WriteFile(out, []byte(strconv.FormatInt(kib, 10)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rss helper:", err)
		os.Exit(125)
	}
	os.Exit(code)
}

// peakRSS runs urg through the helper above and returns what it did and its
// peak RSS in KiB.
func peakRSS(t *testing.T, dir string, args ...string) (result, int64) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "rss")
	got := runCtx(t, dir, nil, []string{rssHelperEnv + "=" + file}, self, append([]string{urgBin}, args...)...)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("urg %q: the RSS helper wrote nothing: %v (stderr %q)", args, err, got.stderr)
	}
	kib, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil || kib <= 0 {
		t.Fatalf("urg %q: no peak RSS measured (%q)", args, data)
	}
	return got, kib
}

// 9. Memory stays bounded on a file far larger than any buffer.
func TestCLIMemory(t *testing.T) {
	dir := t.TempDir()
	const size = 300 << 20
	avail, err := freeSpace(dir)
	if err != nil {
		t.Fatal(err)
	}
	if avail < size+(100<<20) {
		t.Skipf("the temporary directory %s has %d MiB free; this test needs %d MiB", dir, avail>>20, (size+(100<<20))>>20)
	}
	var block bytes.Buffer
	lines := 0
	for block.Len() < 1<<20 {
		fmt.Fprintf(&block, "the quick brown fox jumps over the lazy dog, line %07d of an ordinary text\n", lines)
		lines++
	}
	name := filepath.Join(dir, "big.txt")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for written := 0; written < size; written += block.Len() {
		if _, err := f.Write(block.Bytes()); err != nil {
			f.Close()
			if errors.Is(err, syscall.ENOSPC) {
				t.Skipf("the temporary directory %s ran out of space: %v", dir, err)
			}
			t.Fatal(err)
		}
		total += lines
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	const limitKiB = 100 << 10
	for _, tc := range []struct {
		args []string
		want result
	}{
		{[]string{"-F", "zebra-not-here", name}, result{"", "", 1}},
		{[]string{"not-here-either", name}, result{"", "", 1}},
		{[]string{"-c", "-F", "lazy dog", name}, result{fmt.Sprintf("%d\n", total), "", 0}},
		{[]string{"-c", "o", name}, result{fmt.Sprintf("%d\n", total), "", 0}},
		// --multiline holds at most search.MultilineReach beyond the
		// lines at hand.
		{[]string{"--multiline", "-c", `line 0000001 of an ordinary text\nthe quick`, name}, result{fmt.Sprintf("%d\n", size>>20), "", 0}},
		{[]string{"--multiline", "--io=pread", "-c", `zebra\nnot here`, name}, result{"0\n", "", 1}},
	} {
		got, kib := peakRSS(t, dir, tc.args...)
		what := fmt.Sprintf("urg %q", tc.args)
		checkResult(t, what, got, tc.want)
		t.Logf("%s: peak RSS %d KiB", what, kib)
		if kib >= limitKiB {
			t.Errorf("%s: peak RSS %d KiB, want under %d KiB", what, kib, limitKiB)
		}
	}
}
