package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"urg/internal/testbin"
)

// cliTimeout bounds every command of these tests: a hang is a failure.
const cliTimeout = 20 * time.Second

// runCtx runs a command as runCmd does (LC_ALL=C, no colours from the
// environment, env added), but under the deadline cliTimeout: a command
// still running at the deadline fails the test.
func runCtx(t testing.TB, dir string, stdin []byte, env []string, name string, args ...string) result {
	t.Helper()
	return fromBin(testbin.RunWithin(t, cliTimeout, dir, stdin, env, name, args...))
}

// urgT runs urg under the deadline, with stdin as given (nil: /dev/null).
func urgT(t testing.TB, dir string, stdin []byte, args ...string) result {
	t.Helper()
	return runCtx(t, dir, stdin, nil, urgBin, args...)
}

func truncate(s string) string {
	if len(s) > 500 {
		return s[:500] + "..."
	}
	return s
}

// writeTree creates files (relative path: content) under root.
func writeTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t testing.TB, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// sortedLines splits output into lines and sorts them.
func sortedLines(s string) []string {
	if s == "" {
		return nil
	}
	l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Sort(l)
	return l
}

func checkResult(t *testing.T, what string, got, want result) {
	t.Helper()
	if got.stdout != want.stdout {
		t.Errorf("%s: stdout = %q, want %q", what, truncate(got.stdout), truncate(want.stdout))
	}
	if got.stderr != want.stderr {
		t.Errorf("%s: stderr = %q, want %q", what, got.stderr, want.stderr)
	}
	if got.code != want.code {
		t.Errorf("%s: exit status = %d, want %d", what, got.code, want.code)
	}
}

func needBash(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("bash")
	if err != nil {
		t.Skipf("bash is needed for ulimit and pipelines and is not on PATH: %v", err)
	}
	return p
}

// walkOrder orders paths as a depth-first walk that sorts the names of each
// directory does: component by component ("v/w.go" before "v.go").
func walkOrder(a, b string) int {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/"))
}

// 1. Standard input.
func TestCLIStdin(t *testing.T) {
	in := []byte("a\nfoo\n")
	tests := []struct {
		args []string
		want result
	}{
		{[]string{"foo"}, result{"foo\n", "", 0}},
		{[]string{"foo", "-"}, result{"foo\n", "", 0}},
		{[]string{"-H", "foo"}, result{"(standard input):foo\n", "", 0}},
		{[]string{"-H", "foo", "-"}, result{"(standard input):foo\n", "", 0}},
		{[]string{"-Hn", "foo", "-"}, result{"(standard input):2:foo\n", "", 0}},
		{[]string{"-c", "foo"}, result{"1\n", "", 0}},
		{[]string{"-l", "foo"}, result{"(standard input)\n", "", 0}},
		{[]string{"bar"}, result{"", "", 1}},
	}
	for _, tc := range tests {
		checkResult(t, fmt.Sprintf("urg %q <<< a,foo", tc.args), urgT(t, t.TempDir(), in, tc.args...), tc.want)
	}
}

// 2. Exit statuses and error messages.
func TestCLIExitStatus(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f1": "foo\n", "f2": "bar\n"})
	const nope = "urg: nope: No such file or directory\n"
	tests := []struct {
		args      []string
		want      result
		anyStderr bool // the message may or may not come before -q stops
	}{
		{[]string{"foo", "f1"}, result{"foo\n", "", 0}, false},
		{[]string{"foo", "f2"}, result{"", "", 1}, false},
		{[]string{"foo", "f1", "f2"}, result{"f1:foo\n", "", 0}, false},
		{[]string{"zzz", "f1", "f2"}, result{"", "", 1}, false},
		{[]string{"foo", "nope"}, result{"", nope, 2}, false},
		// The match is printed, the error reported, the search goes on.
		{[]string{"foo", "nope", "f1"}, result{"f1:foo\n", nope, 2}, false},
		{[]string{"foo", "f1", "nope"}, result{"f1:foo\n", nope, 2}, false},
		{[]string{"foo", "f2", "nope", "f1"}, result{"f1:foo\n", nope, 2}, false},
		{[]string{"-c", "foo", "nope", "f1"}, result{"f1:1\n", nope, 2}, false},
		// -q: a selected line wins over an error.
		{[]string{"-q", "foo", "nope", "f1"}, result{"", nope, 0}, false},
		{[]string{"-q", "foo", "f1", "nope"}, result{"", "", 0}, true},
		{[]string{"-q", "foo", "f1"}, result{"", "", 0}, false},
		{[]string{"-q", "zzz", "f1"}, result{"", "", 1}, false},
		{[]string{"-q", "foo", "nope", "f2"}, result{"", nope, 2}, false},
		// -s: no message, same status.
		{[]string{"-s", "foo", "nope", "f1"}, result{"f1:foo\n", "", 2}, false},
		{[]string{"-s", "foo", "nope"}, result{"", "", 2}, false},
		{[]string{"-s", "zzz", "nope", "f1"}, result{"", "", 2}, false},
	}
	for _, tc := range tests {
		got := urgT(t, dir, nil, tc.args...)
		what := fmt.Sprintf("urg %q", tc.args)
		if tc.anyStderr && (got.stderr == "" || got.stderr == nope) {
			got.stderr = tc.want.stderr
		}
		checkResult(t, what, got, tc.want)
	}

	// An invalid pattern: nothing on stdout, one line on stderr, status 2.
	for _, args := range [][]string{{"a(", "f1"}, {"a("}, {"-e", "foo", "-e", "a(", "f1"}} {
		got := urgT(t, dir, []byte("a(\n"), args...)
		what := fmt.Sprintf("urg %q", args)
		if got.stdout != "" || got.code != 2 {
			t.Errorf("%s: stdout %q, status %d; want nothing and 2", what, got.stdout, got.code)
		}
		if !strings.HasPrefix(got.stderr, "urg: ") || strings.Count(got.stderr, "\n") != 1 || !strings.HasSuffix(got.stderr, "\n") {
			t.Errorf("%s: stderr = %q, want one line starting with \"urg: \"", what, got.stderr)
		}
	}
}

// 4. --sort=path: files in path order, stable; without it, the same lines.
func TestCLISortPath(t *testing.T) {
	root := t.TempDir()
	// Byte order within each directory, each subdirectory's files before
	// the names after it: B < a < a-1 < a.d, and a/ is walked in place.
	hand := []string{"B/q", "a/x", "a/y", "a-1", "a.d/f", "b/c/a", "b/c/z", "b/m", "top1", "z1"}
	var want []string
	files := map[string]string{}
	add := func(p string) {
		files[p] = fmt.Sprintf("needle one %s\nnot this\nneedle two %s\n", p, p)
		want = append(want, "./"+p+":needle one "+p, "./"+p+":needle two "+p)
	}
	for _, p := range hand {
		add(p)
	}
	// Enough files, spread over directories, for the parallel search to
	// finish them out of order.
	for d := range 12 {
		for f := range 15 {
			add(fmt.Sprintf("zz/d%02d/f%02d", d, f))
		}
	}
	writeTree(t, root, files)
	wantOut := strings.Join(want, "\n") + "\n"

	// The hand-made order is the one a sorted depth-first walk gives.
	var walked []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			walked = append(walked, filepath.ToSlash(rel))
		}
		return err
	})
	if !slices.Equal(walked[:len(hand)], hand) {
		t.Fatalf("test fixture: walk order %q, want %q", walked[:len(hand)], hand)
	}

	for i := range 5 {
		got := urgT(t, root, nil, "--sort=path", "-j", "4", "needle", ".")
		checkResult(t, fmt.Sprintf("run %d: urg --sort=path -j 4 needle .", i), got, result{wantOut, "", 0})
	}
	got := urgT(t, root, nil, "--sort=path", "-j", "4", "-l", "needle", ".")
	var wantL []string
	for _, p := range walked {
		wantL = append(wantL, "./"+p)
	}
	checkResult(t, "urg --sort=path -j 4 -l needle .", got, result{strings.Join(wantL, "\n") + "\n", "", 0})

	got = urgT(t, root, nil, "-j", "4", "needle", ".")
	if g, w := sortedLines(got.stdout), sortedLines(wantOut); !slices.Equal(g, w) || got.stderr != "" || got.code != 0 {
		t.Errorf("urg -j 4 needle .: %d lines (want %d), stderr %q, status %d", len(g), len(w), got.stderr, got.code)
	}
}

// 5. --include, --exclude, --exclude-dir and --max-depth.
func TestCLIWalkFilters(t *testing.T) {
	grep := needGrep(t)
	root := t.TempDir()
	files := map[string]string{}
	for _, p := range []string{"a.go", "a.txt", "b.c", "vendor/v.go", "vendor/v/w.go", "sub/s.go",
		"sub/s.txt", "sub/deep/d.go", "src/vendor/x.go", "src/y.go.txt"} {
		files[p] = "needle\n"
	}
	writeTree(t, root, files)
	tests := []struct {
		args   []string
		want   []string
		noGrep bool // grep has no such flag
	}{
		{[]string{"--include=*.go"}, []string{"a.go", "src/vendor/x.go", "sub/deep/d.go", "sub/s.go", "vendor/v.go", "vendor/v/w.go"}, false},
		{[]string{"--include=*.go", "--include=*.c"}, []string{"a.go", "b.c", "src/vendor/x.go", "sub/deep/d.go", "sub/s.go", "vendor/v.go", "vendor/v/w.go"}, false},
		{[]string{"--exclude=*.txt"}, []string{"a.go", "b.c", "src/vendor/x.go", "sub/deep/d.go", "sub/s.go", "vendor/v.go", "vendor/v/w.go"}, false},
		{[]string{"--exclude-dir=vendor"}, []string{"a.go", "a.txt", "b.c", "src/y.go.txt", "sub/deep/d.go", "sub/s.go", "sub/s.txt"}, false},
		{[]string{"--exclude-dir=vendor", "--include=*.go"}, []string{"a.go", "sub/deep/d.go", "sub/s.go"}, false},
		{[]string{"--exclude-dir=s*", "--exclude=a.*"}, []string{"b.c", "vendor/v.go", "vendor/v/w.go"}, false},
		{[]string{"--exclude-dir=vendor/"}, []string{"a.go", "a.txt", "b.c", "src/y.go.txt", "sub/deep/d.go", "sub/s.go", "sub/s.txt"}, false},
		{[]string{"--max-depth", "1"}, []string{"a.go", "a.txt", "b.c"}, true},
		{[]string{"--max-depth", "2"}, []string{"a.go", "a.txt", "b.c", "src/y.go.txt", "sub/s.go", "sub/s.txt", "vendor/v.go"}, true},
		{[]string{"--max-depth", "2", "--include=*.go"}, []string{"a.go", "sub/s.go", "vendor/v.go"}, true},
	}
	for _, tc := range tests {
		args := append(append([]string{"-r", "-l"}, tc.args...), "needle", ".")
		var want []string
		for _, p := range tc.want {
			want = append(want, "./"+p)
		}
		slices.SortFunc(want, walkOrder)
		got := urgT(t, root, nil, append([]string{"--sort=path"}, args...)...)
		checkResult(t, fmt.Sprintf("urg --sort=path %q", args), got, result{strings.Join(want, "\n") + "\n", "", 0})
		if !tc.noGrep {
			g := runCmd(t, root, nil, grep, args...)
			if gl := sortedLines(g.stdout); !slices.Equal(gl, sortedLines(strings.Join(want, "\n"))) {
				t.Errorf("test expectation: grep %q lists %q, want %q", args, gl, want)
			}
		}
	}
	// A file named on the command line is still filtered by name, and
	// --max-depth 0 searches the named files only.
	for _, tc := range []struct {
		args []string
		want result
	}{
		{[]string{"--include=*.go", "needle", "a.txt", "a.go"}, result{"a.go:needle\n", "", 0}},
		{[]string{"--exclude=*.txt", "needle", "a.txt"}, result{"", "", 1}},
		{[]string{"--max-depth", "0", "needle", "a.go"}, result{"needle\n", "", 0}},
		{[]string{"--max-depth", "0", "needle", "sub"}, result{"", "", 1}},
	} {
		checkResult(t, fmt.Sprintf("urg %q", tc.args), urgT(t, root, nil, tc.args...), tc.want)
	}
}

// 6. Symbolic links met while walking.
func TestCLISymlinks(t *testing.T) {
	grep := needGrep(t)
	root := t.TempDir()
	writeTree(t, root, map[string]string{"dir/a": "needle\n", "dir/sub/b": "needle\n", "other/o": "needle\n"})
	symlink(t, "../other", filepath.Join(root, "dir", "lnk"))
	symlink(t, "../other/o", filepath.Join(root, "dir", "flink"))
	symlink(t, "dir", filepath.Join(root, "dirlink"))

	notFollowed := []string{"dir/a:needle", "dir/sub/b:needle"}
	followed := []string{"dir/a:needle", "dir/flink:needle", "dir/lnk/o:needle", "dir/sub/b:needle"}
	tests := []struct {
		args []string
		grep []string // grep's equivalent, when there is one
		want []string
	}{
		{[]string{"needle", "dir"}, []string{"-r", "needle", "dir"}, notFollowed},
		{[]string{"-r", "needle", "dir"}, []string{"-r", "needle", "dir"}, notFollowed},
		{[]string{"--follow", "needle", "dir"}, []string{"-R", "needle", "dir"}, followed},
		{[]string{"-R", "needle", "dir"}, []string{"-R", "needle", "dir"}, followed},
		{[]string{"-R", "--sort=path", "needle", "dir"}, []string{"-R", "needle", "dir"}, followed},
		// A symbolic link named on the command line is followed.
		{[]string{"-r", "needle", "dirlink"}, []string{"-r", "needle", "dirlink"}, []string{"dirlink/a:needle", "dirlink/sub/b:needle"}},
	}
	for _, tc := range tests {
		got := urgT(t, root, nil, tc.args...)
		what := fmt.Sprintf("urg %q", tc.args)
		if gl := sortedLines(got.stdout); !slices.Equal(gl, tc.want) || got.stderr != "" || got.code != 0 {
			t.Errorf("%s: lines %q, stderr %q, status %d; want %q, no stderr, 0", what, gl, got.stderr, got.code, tc.want)
		}
		g := runCmd(t, root, nil, grep, tc.grep...)
		if gl := sortedLines(g.stdout); !slices.Equal(gl, tc.want) {
			t.Errorf("test expectation: grep %q prints %q, want %q", tc.grep, gl, tc.want)
		}
	}
}

// 6. A symbolic link loop under --follow ends, is reported, and every real
// match is printed once.
func TestCLISymlinkLoop(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"top": "needle\n", "dir/a": "needle\n", "dir/sub/b": "needle\n", "dir/sub/c": "hay\n"})
	symlink(t, "..", filepath.Join(root, "dir", "loop"))
	want := []string{"./dir/a:needle", "./dir/sub/b:needle", "./top:needle"}
	// The exit status is not checked: GNU grep takes the loop for a warning
	// and exits 0, urg exits 2 (reported as a bug, not asserted here).
	for _, args := range [][]string{
		{"--follow", "needle", "."},
		{"-R", "needle", "."},
		{"-R", "--sort=path", "needle", "."},
		{"-R", "-j", "4", "needle", "."},
		{"-R", "-j", "1", "needle", "."},
	} {
		got := urgT(t, root, nil, args...)
		what := fmt.Sprintf("urg %q", args)
		if gl := sortedLines(got.stdout); !slices.Equal(gl, want) {
			t.Errorf("%s: lines %q, want %q", what, gl, want)
		}
		if !strings.HasPrefix(got.stderr, "urg: ./dir/loop: ") || strings.Count(got.stderr, "\n") != 1 ||
			!strings.Contains(strings.ToLower(got.stderr), "recursive directory loop") {
			t.Errorf("%s: stderr = %q, want one line \"urg: ./dir/loop: ...recursive directory loop\"", what, got.stderr)
		}
	}
	// -s silences the report.
	got := urgT(t, root, nil, "-s", "-R", "needle", ".")
	if gl := sortedLines(got.stdout); !slices.Equal(gl, want) || got.stderr != "" {
		t.Errorf("urg -s -R needle .: lines %q, stderr %q; want %q and no stderr", gl, got.stderr, want)
	}
}

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

// 10. Long lines, missing final newlines, CRLF, -Z, -m, -L; checked against
// GNU grep too.
func TestCLIFileContents(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	const bufSize = 256 << 10
	longLine := strings.Repeat("a", 3<<20) + "needle" + strings.Repeat("b", 100)
	edgeLine := strings.Repeat("e", bufSize-3) + "needle" + strings.Repeat("f", bufSize)
	noNL := strings.Repeat("x", 3<<20) + "needle"
	writeTree(t, dir, map[string]string{
		"long":  "q\n" + longLine + "\nz\n",
		"edge":  "1\n" + edgeLine + "\n",
		"nonl":  "a\nfoo",
		"bignl": "y\n" + noNL,
		"crlf":  "foo\r\nbar\r\nfoo\r\n",
		"crlf2": "foo\r\nbar\r\nfoo",
		"a":     "foo\nfoo\nbar\n",
		"b":     "bar\n",
		"c":     "foo\n",
		"empty": "",
	})
	tests := []struct {
		args []string
		want result
	}{
		{[]string{"needle", "long"}, result{longLine + "\n", "", 0}},
		{[]string{"--io=pread", "needle", "long"}, result{longLine + "\n", "", 0}},
		{[]string{"-c", "needle", "long"}, result{"1\n", "", 0}},
		{[]string{"-n", "needle", "long"}, result{"2:" + longLine + "\n", "", 0}},
		{[]string{"-b", "-o", "needle", "long"}, result{fmt.Sprintf("%d:needle\n", 2+3<<20), "", 0}},
		{[]string{"needle", "edge"}, result{edgeLine + "\n", "", 0}},
		{[]string{"foo", "nonl"}, result{"foo\n", "", 0}},
		{[]string{"-v", "zzz", "nonl"}, result{"a\nfoo\n", "", 0}},
		{[]string{"-c", "foo", "nonl"}, result{"1\n", "", 0}},
		{[]string{"needle", "bignl"}, result{noNL + "\n", "", 0}},
		{[]string{"-c", "foo", "crlf"}, result{"2\n", "", 0}},
		{[]string{"-c", "foo", "crlf2"}, result{"2\n", "", 0}},
		{[]string{"-c", "bar", "crlf", "crlf2"}, result{"crlf:1\ncrlf2:1\n", "", 0}},
		{[]string{"-c", "-v", "foo", "crlf"}, result{"1\n", "", 0}},
		{[]string{"-c", "foo$", "crlf"}, result{"0\n", "", 1}},
		{[]string{"-c", "-x", "foo", "crlf"}, result{"0\n", "", 1}},
		{[]string{"foo", "crlf2"}, result{"foo\r\nfoo\n", "", 0}},
		{[]string{"--null", "-l", "foo", "a", "b", "c"}, result{"a\x00c\x00", "", 0}},
		{[]string{"-Z", "-L", "foo", "a", "b", "c"}, result{"b\x00", "", 0}},
		{[]string{"-Z", "-c", "foo", "a", "b"}, result{"a\x002\nb\x000\n", "", 0}},
		{[]string{"-m", "1", "-c", "foo", "a", "b", "c"}, result{"a:1\nb:0\nc:1\n", "", 0}},
		{[]string{"-m", "1", "-c", "foo", "a"}, result{"1\n", "", 0}},
		{[]string{"-m", "1", "foo", "a"}, result{"foo\n", "", 0}},
		{[]string{"-m", "1", "-n", "-v", "foo", "a"}, result{"3:bar\n", "", 0}},
		{[]string{"-L", "foo", "a", "b", "c", "empty"}, result{"b\nempty\n", "", 0}},
		{[]string{"-L", "foo", "b"}, result{"b\n", "", 1}},
		{[]string{"-L", "foo", "a", "c"}, result{"", "", 0}},
		{[]string{"-l", "foo", "a", "b", "c"}, result{"a\nc\n", "", 0}},
		{[]string{"-c", "foo", "empty"}, result{"0\n", "", 1}},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("urg %q", tc.args)
		got := urgT(t, dir, nil, append([]string{"--sort=path"}, tc.args...)...)
		checkResult(t, what, got, tc.want)
		if tc.args[0] == "--io=pread" {
			continue
		}
		g := runCmd(t, dir, nil, grep, tc.args...)
		if g.stdout != tc.want.stdout || g.code != tc.want.code {
			t.Errorf("test expectation: grep %q gives %q, status %d; want %q, %d", tc.args, truncate(g.stdout), g.code, truncate(tc.want.stdout), tc.want.code)
		}
	}
	// The same long lines through a pipe, whose reads come short.
	for _, name := range []string{"long", "bignl", "edge"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want := runCmd(t, dir, data, grep, "needle")
		checkResult(t, "urg needle < "+name, urgT(t, dir, data, "needle"), want)
	}
}

// 11. --help, bad flags, colours.
func TestCLIFlags(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a": "foo\nbar\nfoo\n", "d": "xfoo yfoo\n"})

	got := urgT(t, dir, nil, "--help")
	if got.code != 0 || !strings.Contains(got.stdout, "--sort") || got.stderr != "" {
		t.Errorf("urg --help: status %d, stderr %q, --sort listed: %v; want 0, nothing, true",
			got.code, got.stderr, strings.Contains(got.stdout, "--sort"))
	}

	for _, tc := range []struct {
		args []string
		in   string // the stderr must name this
	}{
		{[]string{"--bogus", "foo", "a"}, "bogus"},
		{[]string{"--io=bogus", "foo", "a"}, "--io"},
		{[]string{"--sort=sideways", "foo", "a"}, "--sort"},
		{[]string{"--color=purple", "foo", "a"}, "--color"},
	} {
		got := urgT(t, dir, nil, tc.args...)
		what := fmt.Sprintf("urg %q", tc.args)
		if got.code != 2 || got.stdout != "" {
			t.Errorf("%s: status %d, stdout %q; want 2 and nothing", what, got.code, got.stdout)
		}
		if !strings.HasPrefix(got.stderr, "urg: ") || !strings.Contains(got.stderr, tc.in) {
			t.Errorf("%s: stderr = %q, want a message naming %q", what, got.stderr, tc.in)
		}
	}
	checkResult(t, `urg --io=pread foo a`, urgT(t, dir, nil, "--io=pread", "foo", "a"), result{"foo\nfoo\n", "", 0})

	const on, off = "\x1b[01;31m\x1b[K", "\x1b[m\x1b[K"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--color=always", "foo", "a"}, on + "foo" + off + "\n" + on + "foo" + off + "\n"},
		{[]string{"--colour=always", "foo", "d"}, "x" + on + "foo" + off + " y" + on + "foo" + off + "\n"},
		{[]string{"--color=never", "foo", "d"}, "xfoo yfoo\n"},
		{[]string{"--color=auto", "foo", "d"}, "xfoo yfoo\n"}, // stdout is no terminal
		{[]string{"--color=always", "-Hn", "foo", "d"}, ""},   // as grep does
		{[]string{"--color=always", "-c", "foo", "a", "d"}, ""},
		{[]string{"--color=always", "-o", "-b", "foo", "d"}, ""},
	} {
		g := runCmd(t, dir, nil, grep, tc.args...)
		if tc.want == "" {
			tc.want = g.stdout
		} else if g.stdout != tc.want {
			t.Errorf("test expectation: grep %q prints %q, want %q", tc.args, g.stdout, tc.want)
		}
		checkResult(t, fmt.Sprintf("urg %q", tc.args), urgT(t, dir, nil, append([]string{"--sort=path"}, tc.args...)...), result{tc.want, "", 0})
	}
}

// 12. -r without a path searches the current directory (even with stdin a
// pipe), naming files without "./"; without -r, stdin is searched.
func TestCLIRecursiveNoPath(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "needle\n", "sub/b.txt": "x needle\n", "sub/deep/c": "none\n"})
	in := []byte("needle from stdin\n")
	want := []string{"a.txt:needle", "sub/b.txt:x needle"}
	for _, args := range [][]string{{"-r", "needle"}, {"-R", "needle"}, {"-r", "--sort=path", "needle"}} {
		got := urgT(t, dir, in, args...)
		what := fmt.Sprintf("urg %q <<< stdin", args)
		if gl := sortedLines(got.stdout); !slices.Equal(gl, want) || got.stderr != "" || got.code != 0 {
			t.Errorf("%s: lines %q, stderr %q, status %d; want %q, none, 0", what, gl, got.stderr, got.code, want)
		}
		g := runCmd(t, dir, in, grep, args[0], args[len(args)-1])
		if gl := sortedLines(g.stdout); !slices.Equal(gl, want) {
			t.Errorf("test expectation: grep %q prints %q, want %q", args, gl, want)
		}
	}
	checkResult(t, "urg -r -l needle (in sub)", urgT(t, filepath.Join(dir, "sub"), in, "-r", "-l", "needle"), result{"b.txt\n", "", 0})
	checkResult(t, "urg needle <<< stdin", urgT(t, dir, in, "needle"), result{"needle from stdin\n", "", 0})
}

// 13. A file the output is written to is not searched, as grep does not
// search it: "input file is also the output", status 2. Only when lines
// are printed, more than one per file: -c, -l, -L and -m 1 search it.
// Checked against GNU grep, each command run by bash with its stdout
// redirected into the tree (or from it, for standard input).
func TestCLIInputIsOutput(t *testing.T) {
	grep := needGrep(t)
	bash := needBash(t)
	for _, tc := range []struct {
		name, script string // the script runs "$@" (the tool and its flags)
	}{
		{"-r", `"$@" -r needle . > out.txt`},
		{"-rn -A1", `"$@" -rn -A1 needle . > out.txt`},
		{"-r --sort", `"$@" -r needle . > out.txt`},
		{"-ro", `"$@" -ro needle . > out.txt`},
		{"-r -m2", `"$@" -r -m2 needle . > out.txt`},
		{"-rs", `"$@" -rs needle . > out.txt`},
		{"-rc", `"$@" -rc needle . > out.txt`},
		{"-rl", `"$@" -rl needle . > out.txt`},
		{"-r -m1", `"$@" -r -m1 needle . > out.txt`},
		{"into a subdirectory", `"$@" -r needle . > sub/out.txt`},
		{"appended", `echo needle before > out.txt; "$@" -r needle . >> out.txt`},
		{"operand", `echo needle before > out.txt; "$@" needle a.txt out.txt >> out.txt`},
		{"stdin", `echo needle before > out.txt; "$@" needle < out.txt >> out.txt`},
		{"hard link", `: > out.txt; ln out.txt sub/hard.txt; "$@" -r needle . >> out.txt`},
		{"followed link", `: > out.txt; ln -s ../out.txt sub/link.txt; "$@" -R needle . >> out.txt`},
	} {
		outputs := map[string]result{}
		for _, tool := range []string{"grep", "urg"} {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"a.txt": "needle\nhay\n", "sub/b.txt": "hay\nneedle two\nneedle three\n"})
			argv := []string{"-c", tc.script + `; s=$?; cat out.txt sub/out.txt 2>/dev/null; exit $s`, "sh", grep}
			if tool == "urg" {
				argv[3] = urgBin
				if strings.Contains(tc.script, "--sort") {
					argv = append(argv, "--sort=path")
				}
			}
			r := runCtx(t, dir, nil, nil, bash, argv...)
			outputs[tool] = result{
				stdout: strings.Join(sortedLines(r.stdout), "\n"),
				stderr: strings.Join(sortedLines(strings.ReplaceAll(r.stderr, grep+": ", "urg: ")), "\n"),
				code:   r.code,
			}
		}
		g := outputs["grep"]
		if strings.Contains(tc.name, "-m1") || strings.Contains(tc.name, "-rc") || strings.Contains(tc.name, "-rl") {
			if g.stderr != "" {
				t.Errorf("test expectation: grep %s warns %q", tc.name, g.stderr)
			}
		} else if !strings.Contains(tc.name, "-rs") && !strings.Contains(g.stderr, "input file is also the output") {
			t.Errorf("test expectation: grep %s does not warn: %q", tc.name, g.stderr)
		}
		checkResult(t, "urg "+tc.name, outputs["urg"], g)
	}
}

// 14. Output to a terminal, or with --line-buffered, goes out a line at a
// time, as grep's and ripgrep's does, so that a stream that has not ended
// (tail -f piped in) shows its lines as they come. The first line must
// arrive while standard input is still open.
func TestCLILineBuffered(t *testing.T) {
	t.Run("--line-buffered", func(t *testing.T) {
		cmd := exec.Command(urgBin, "--line-buffered", "needle")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		if _, err := io.WriteString(stdin, "hay\nthe needle\nhay\n"); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(stdout)
		if got := firstLine(t, r); got != "the needle\n" {
			t.Fatalf("first line %q, want %q", got, "the needle\n")
		}
		io.WriteString(stdin, "a second needle\n")
		stdin.Close()
		rest, _ := io.ReadAll(r)
		if err := cmd.Wait(); err != nil || string(rest) != "a second needle\n" {
			t.Errorf("then %q and %v, want the second line and status 0", rest, err)
		}
	})
	t.Run("terminal", func(t *testing.T) {
		script, err := exec.LookPath("script")
		if err != nil {
			t.Skipf("script (util-linux) is needed to run urg on a terminal and is not on PATH: %v", err)
		}
		// The input stays open while sleep runs; the line must come before
		// the test ends it.
		dir := t.TempDir()
		onTerminal(t, script, dir, "(sleep 30 & echo $! > pid; echo the needle; wait) | "+urgBin+" --color=never needle", "the needle", killPID(dir))
	})
}

// killPID is onTerminal's end for a line that writes the PID of what
// keeps its input open to dir/pid: that process is ended.
func killPID(dir string) func(<-chan struct{}) {
	return func(<-chan struct{}) {
		b, _ := os.ReadFile(filepath.Join(dir, "pid"))
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			if p, err := os.FindProcess(pid); err == nil {
				p.Signal(syscall.SIGTERM)
			}
		}
	}
}

// onTerminal runs the shell command line on a terminal (script) in dir and
// checks that its first line is want. Once the line has come (or has
// not), end is run to close what keeps the command's input open; it is
// told by done when the command has ended. A command that has not ended
// cliTimeout later is killed and the test fails, rather than hanging
// until go test's deadline.
func onTerminal(t *testing.T, script, dir, line, want string, end func(done <-chan struct{})) {
	t.Helper()
	cmd := exec.Command(script, "-qfec", line, "/dev/null")
	cmd.Dir = dir
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		done := make(chan struct{})
		go end(done)
		drained := make(chan struct{})
		go func() {
			io.Copy(io.Discard, stdout)
			close(drained)
		}()
		select {
		case <-drained:
		case <-time.After(cliTimeout):
			t.Errorf("the command did not end within %v of its input's end", cliTimeout)
			cmd.Process.Kill()
			<-drained
		}
		cmd.Wait()
		close(done)
	}()
	if got := strings.TrimSuffix(firstLine(t, bufio.NewReader(stdout)), "\r\n"); got != want {
		t.Errorf("first line on the terminal %q, want %q", got, want)
	}
}

// firstLine reads a line from r, failing the test when none comes within
// cliTimeout (the input is still open, so a line held back never comes).
func firstLine(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		l, _ := r.ReadString('\n')
		got <- l
	}()
	select {
	case l := <-got:
		return l
	case <-time.After(cliTimeout):
		t.Fatalf("no line within %v while the input is open: output held back", cliTimeout)
		return ""
	}
}
