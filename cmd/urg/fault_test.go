package main

// The fault suite: files that change under the search, io_uring failing
// part-way, hostile contents and outputs. Each case runs under every I/O
// engine, on a urg built with -tags faults, whose fault points
// (internal/fault) are told what to break through URG_FAULTS.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"urg/internal/testbin"
)

var (
	faultOnce sync.Once
	faultBin  string
	faultErr  error
)

// faultUrg builds urg with its fault points live, once, beside urgBin.
func faultUrg(t *testing.T) string {
	t.Helper()
	faultOnce.Do(func() {
		faultBin = filepath.Join(filepath.Dir(urgBin), testbin.Exe("urg-faults"))
		faultErr = testbin.BuildTo(faultBin, "urg/cmd/urg", nil, "-tags", "faults")
	})
	if faultErr != nil {
		t.Fatal(faultErr)
	}
	return faultBin
}

// faulty runs the fault-built urg with URG_FAULTS set to faults, under
// the suite's deadline.
func faulty(t *testing.T, dir, faults string, args ...string) result {
	t.Helper()
	return runCtx(t, dir, nil, []string{"URG_FAULTS=" + faults}, faultUrg(t), args...)
}

// eachEngine runs fn as a subtest per engine, with the --io flag.
func eachEngine(t *testing.T, fn func(t *testing.T, io string)) {
	for _, e := range engines(t) {
		t.Run(e, func(t *testing.T) { fn(t, "--io="+e) })
	}
}

// eachEngineAtOnce is eachEngine with the engines' subtests run in
// parallel, for a test whose runs share nothing but files they only
// read, made in t's temporary directory (a deferred removal would run
// before them), and spend much of their time waiting: on a time limit,
// a late reader, a sparse file's holes.
func eachEngineAtOnce(t *testing.T, fn func(t *testing.T, io string)) {
	eachEngine(t, func(t *testing.T, io string) {
		t.Parallel()
		fn(t, io)
	})
}

// expect checks a run's sorted output lines, stderr lines and status.
func expect(t *testing.T, what string, got result, lines []string, stderr []string, code int) {
	t.Helper()
	lines, stderr = slices.Sorted(slices.Values(lines)), slices.Sorted(slices.Values(stderr))
	if gl := sortedLines(got.stdout); !slices.Equal(gl, lines) {
		t.Errorf("%s: stdout lines %q, want %q", what, truncate(strings.Join(gl, "|")), lines)
	}
	if ge := sortedLines(got.stderr); !slices.Equal(ge, stderr) {
		t.Errorf("%s: stderr %q, want %q", what, truncate(got.stderr), stderr)
	}
	if got.code != code {
		t.Errorf("%s: exit status %d, want %d", what, got.code, code)
	}
}

// bigText is n bytes or so of lines, one in 1000 holding "needle".
func bigText(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		if i%1000 == 999 {
			fmt.Fprintf(&b, "line %07d with a needle in it\n", i)
		} else {
			fmt.Fprintf(&b, "line %07d of ordinary hay, nothing here\n", i)
		}
	}
	return b.String()
}

// TestFaultVanished: files deleted, replaced by a directory, truncated or
// grown between the walk and the read, and a mapped file cut short under
// the map. Each is reported or read as it then is; the other files are
// searched; nothing crashes.
func TestFaultVanished(t *testing.T) {
	eachEngine(t, func(t *testing.T, io string) {
		root := t.TempDir()
		writeTree(t, root, map[string]string{
			"d/keep": "needle\n", "d/gone": "needle\n", "d/isdir": "needle\n",
			"d/trunc": "needle\n", "d/grow": "hay and more hay\n",
		})
		keep := "d/keep:needle"
		expect(t, io+" deleted", faulty(t, root, "open:unlink:/gone", io, "-r", "needle", "d"),
			[]string{keep, "d/isdir:needle", "d/trunc:needle"},
			[]string{"urg: d/gone: No such file or directory"}, 2)

		writeTree(t, root, map[string]string{"d/gone": "needle\n"})
		expect(t, io+" replaced by a directory", faulty(t, root, "open:dir:/isdir", io, "-r", "needle", "d"),
			[]string{keep, "d/gone:needle", "d/trunc:needle"},
			[]string{"urg: d/isdir: Is a directory"}, 2)

		os.Remove(filepath.Join(root, "d/isdir"))
		writeTree(t, root, map[string]string{"d/isdir": "needle\n"})
		expect(t, io+" truncated after the open", faulty(t, root, "opened:truncate:/trunc", io, "-r", "needle", "d"),
			[]string{keep, "d/gone:needle", "d/isdir:needle"}, nil, 0)

		got := faulty(t, root, "opened:grow:/grow", io, "-c", "grown", "d/grow")
		want := fmt.Sprintf("%d", (1<<20)/17)
		expect(t, io+" grown after the open", got, []string{want}, nil, 0)

		writeTree(t, root, map[string]string{"big": bigText(4 << 20)})
		got = faulty(t, root, "mapped:halve:big", io, "-c", "needle", "big")
		switch {
		case got.code == 0:
			// Not mapped (pread): read as it is once cut.
			if n := strings.TrimSpace(got.stdout); n == "" || n == "0" {
				t.Errorf("%s: cut under the map, read whole: count %q", io, got.stdout)
			}
		case got.code == 2:
			if !strings.HasPrefix(got.stderr, "urg: big: ") || got.stdout != "" {
				t.Errorf("%s: cut under the map: stdout %q, stderr %q; want no count and one message on big", io, got.stdout, got.stderr)
			}
		default:
			t.Errorf("%s: cut under the map: exit status %d, stderr %q", io, got.code, got.stderr)
		}
	})
}

// TestFaultRing: io_uring completions that fail with EAGAIN, EINTR or
// ECANCELED are retried by the searcher with pread; a short read of a
// file whose size does not tell its end is read on; a queue one file
// deep still searches every file once; a ring the kernel refuses makes
// --io=uring an error and --io=auto fall back.
func TestFaultRing(t *testing.T) {
	if !slices.Contains(engines(t), "uring") {
		t.Skip("io_uring unavailable here: the ring's faults cannot be injected")
	}
	root := t.TempDir()
	files := map[string]string{}
	var want []string
	for i := range 300 {
		name := fmt.Sprintf("t/f%03d", i)
		files[name] = fmt.Sprintf("hay\nneedle %d\n", i) + strings.Repeat("filler line of hay\n", i*40)
		want = append(want, fmt.Sprintf("%s:needle %d", name, i))
	}
	writeTree(t, root, files)
	slices.Sort(want)
	for _, faults := range []string{
		"ring-open:eagain:/f:3",
		"ring-open:eintr:/f:2",
		"ring-open:ecanceled:/f:5",
		"ring-read:eagain:/f:3",
		"ring-read:eintr:/f:4",
		"ring-read:ecanceled:/f:2",
		"not-eof::/f;ring-read:short:/f",
	} {
		for _, extra := range [][]string{nil, {"--queue-depth=1"}, {"-j", "1"}} {
			args := append([]string{"--io=uring", "-r"}, extra...)
			expect(t, fmt.Sprintf("URG_FAULTS=%s urg %q", faults, extra), faulty(t, root, faults, append(args, "needle", "t")...), want, nil, 0)
		}
	}
	refused := runCtx(t, root, nil, []string{"URG_DISABLE_URING=1"}, faultUrg(t), "--io=uring", "-r", "needle", "t")
	if refused.code != 2 || refused.stdout != "" || !strings.HasPrefix(refused.stderr, "urg: ") {
		t.Errorf("ring refused, --io=uring: status %d, stdout %q, stderr %q; want 2, nothing, a message", refused.code, truncate(refused.stdout), refused.stderr)
	}
	expect(t, "ring refused, --io=auto", runCtx(t, root, nil, []string{"URG_DISABLE_URING=1"}, faultUrg(t), "--io=auto", "-r", "needle", "t"), want, nil, 0)
}

// TestFaultDescriptors: with 32 descriptors (ulimit -n 32) a tree of
// 10,000 files is searched whole, each file once, under every engine,
// and with a ring one file deep.
func TestFaultDescriptors(t *testing.T) {
	bash := needBash(t)
	root := t.TempDir()
	files := map[string]string{}
	var want []string
	for d := range 40 {
		for f := range 250 {
			name := fmt.Sprintf("d%02d/f%03d", d, f)
			files[name] = "hay\nneedle\n"
			want = append(want, name)
		}
	}
	writeTree(t, root, files)
	eachEngine(t, func(t *testing.T, io string) {
		for _, extra := range [][]string{nil, {"-j", "8"}, {"--sort=path"}, {"--queue-depth=1"}} {
			args := append([]string{"-c", `ulimit -n 32 && exec "$@"`, "sh", urgBin, io, "-rl"}, extra...)
			got := runCtx(t, root, nil, nil, bash, append(args, "needle", ".")...)
			gl := sortedLines(strings.ReplaceAll(got.stdout, "./", ""))
			if !slices.Equal(gl, slices.Sorted(slices.Values(want))) || got.stderr != "" || got.code != 0 {
				t.Errorf("ulimit -n 32; urg %s -rl %q: %d names listed (%d distinct) of %d, stderr %q, status %d",
					io, extra, len(gl), len(slices.Compact(slices.Clone(gl))), len(want), truncate(got.stderr), got.code)
			}
		}
	})
}

// TestFaultContents: a 100 MB line, a file without a newline, CRLF lines,
// an empty file and a sparse file of 100 GB, against GNU grep.
func TestFaultContents(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	grep := needGrep(t)
	root := t.TempDir()
	long := strings.Repeat("abcdefghij", 10<<20) + "needle at the end"
	writeTree(t, root, map[string]string{
		"long":   long + "\nshort needle\n",
		"nonl":   "first\nneedle without newline",
		"crlf":   "one\r\nneedle\r\nthree\r\n",
		"empty":  "",
		"onlynl": "\n\n\n",
	})
	sparse := filepath.Join(root, "sparse")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	// 100 GB of holes with a little data here and there: the holes read
	// as zeros (NUL bytes: binary data, whose NULs end lines), and are
	// skipped unread, as GNU grep skips them.
	for _, at := range []int64{1 << 30, 50 << 30, 100<<30 - 20} {
		if _, err := f.WriteAt([]byte("\nneedle in a hole\n"), at); err != nil {
			f.Close()
			t.Skipf("no sparse file of 100 GB here: %v", err)
		}
	}
	f.Close()
	cases := [][]string{
		{"-c", "needle", "long"}, {"-b", "-o", "needle", "long"},
		{"needle", "nonl"}, {"-c", "", "nonl"}, {"-v", "first", "nonl"},
		{"needle", "crlf"}, {"-x", "needle\r", "crlf"}, {"-c", "$", "crlf"},
		{"-c", "x", "empty"}, {"-c", "", "empty"}, {"-v", "-c", "x", "empty"},
		{"-c", "^$", "onlynl"}, {"-n", "", "onlynl"},
		{"-c", "needle", "sparse"}, {"-b", "-o", "needle", "sparse"}, {"needle", "sparse"},
		{"-c", "needle", "long", "nonl", "crlf", "empty", "onlynl", "sparse"},
	}
	want := make([]result, len(cases))
	for i, args := range cases {
		want[i] = runCtx(t, root, nil, nil, grep, args...)
	}
	eachEngineAtOnce(t, func(t *testing.T, io string) {
		for i, args := range cases {
			w := want[i]
			got := runCtx(t, root, nil, nil, urgBin, append([]string{io, "--sort=path"}, args...)...)
			if got.stdout != w.stdout || got.code != w.code || (got.stderr == "") != (w.stderr == "") {
				t.Errorf("urg %s %q: stdout %q status %d stderr %q; grep: %q %d %q", io, args,
					truncate(got.stdout), got.code, got.stderr, truncate(w.stdout), w.code, w.stderr)
			}
		}
	})
}

// TestFaultCatastrophic: a pattern that backtracks without end on a line
// (regexp2: a lookahead in the middle) costs that file its time limit and
// an error; the other files are searched, and the status is 2.
func TestFaultCatastrophic(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"d/bad":  strings.Repeat("a", 40) + "b c\n",
		"d/good": "aab c\naac\n",
	})
	pattern := `(a+)+(?=b)c|aac`
	eachEngineAtOnce(t, func(t *testing.T, io string) {
		got := urgT(t, root, nil, io, "-r", pattern, "d")
		if got.stdout != "d/good:aac\n" || got.code != 2 ||
			!strings.HasPrefix(got.stderr, "urg: d/bad: ") || !strings.Contains(got.stderr, "time limit") {
			t.Errorf("urg %s -r %q d: stdout %q, stderr %q, status %d; want d/good's line, a time-limit error on d/bad, 2",
				io, pattern, got.stdout, got.stderr, got.code)
		}
	})
}

// TestFaultOutput: a full disk for stdout is an error (status 2), and a
// reader that goes away ends the search at once, quietly.
func TestFaultOutput(t *testing.T) {
	bash := needBash(t)
	root := t.TempDir()
	files := map[string]string{}
	for i := range 500 {
		files[fmt.Sprintf("d/f%03d", i)] = strings.Repeat("x marks the spot\n", 50)
	}
	writeTree(t, root, files)
	eachEngine(t, func(t *testing.T, io string) {
		full := runCtx(t, root, nil, nil, bash, "-c", `"$@" > /dev/full`, "sh", urgBin, io, "-r", "x", "d")
		if full.code != 2 || !strings.HasPrefix(full.stderr, "urg: write error: ") || strings.Count(full.stderr, "\n") != 1 {
			t.Errorf("urg %s -r x d > /dev/full: status %d, stderr %q; want 2 and one write error", io, full.code, full.stderr)
		}
		head := runCtx(t, root, nil, nil, bash, "-c", `"$@" | head -1; s=${PIPESTATUS[0]}; [ "$s" = 0 ] || [ "$s" = 141 ] || echo "status $s" >&2`, "sh", urgBin, io, "-r", "x", "d")
		if strings.Count(head.stdout, "\n") != 1 || head.stderr != "" {
			t.Errorf("urg %s -r x d | head -1: stdout %q, stderr %q; want one line, nothing else", io, head.stdout, head.stderr)
		}
	})
}

// TestFaultSymlinks: with --follow, a loop back up the tree and a link to
// the tree's own root are each reported once as a loop, every real file
// is searched once, and the search ends.
func TestFaultSymlinks(t *testing.T) {
	root := t.TempDir()
	tree := filepath.Join(root, "tree")
	writeTree(t, tree, map[string]string{"a": "needle\n", "sub/b": "needle\n", "sub/deeper/c": "needle\n"})
	symlink(t, "..", filepath.Join(tree, "sub/deeper/up"))
	symlink(t, tree, filepath.Join(tree, "sub/root"))
	eachEngine(t, func(t *testing.T, io string) {
		got := urgT(t, root, nil, io, "-R", "-c", "needle", "tree")
		expect(t, io+" -R", got, []string{"tree/a:1", "tree/sub/b:1", "tree/sub/deeper/c:1"},
			[]string{"urg: tree/sub/deeper/up: warning: recursive directory loop", "urg: tree/sub/root: warning: recursive directory loop"}, 0)
	})
}

// TestFaultSlowReader: output is streamed in order, not held per file:
// 2.8 GB of matching lines to a reader that starts late keep urg's peak
// memory under 128 MiB.
func TestFaultSlowReader(t *testing.T) {
	bash := needBash(t)
	dir := t.TempDir()
	// Four files of 64 MiB in which every line matches, each named six
	// times: 1.5 GiB of lines, 2.8 GB of output with their names.
	line := "every line of this file matches the pattern, all of them\n"
	block := strings.Repeat(line, (1<<20)/len(line))
	var names []string
	for i := range 4 {
		name := filepath.Join(dir, fmt.Sprintf("f%d", i))
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		for range 64 {
			if _, err := f.WriteString(block); err != nil {
				f.Close()
				t.Skipf("no room for the test's 512 MiB: %v", err)
			}
		}
		f.Close()
		names = append(names, name)
	}
	var args []string
	for range 6 {
		args = append(args, names...)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	eachEngineAtOnce(t, func(t *testing.T, io string) {
		file := filepath.Join(t.TempDir(), "rss")
		script := `"$@" | { sleep 1; wc -l; }`
		// 2.8 GB through a pipe takes most of cliTimeout on a slow
		// machine: the longer deadline still catches a hang.
		got := fromBin(testbin.Run(t, dir, nil, []string{rssHelperEnv + "=" + file}, bash,
			append([]string{"-c", script, "sh", self, urgBin, io, "matches"}, args...)...))
		data, _ := os.ReadFile(file)
		kib, _ := strconv.ParseInt(string(data), 10, 64)
		want := strconv.Itoa(len(args) * 64 * strings.Count(block, "\n"))
		if n := strings.TrimSpace(got.stdout); got.code != 0 || n != want {
			t.Errorf("urg %s: %s lines of output, status %d, stderr %q; want %s lines", io, n, got.code, got.stderr, want)
		}
		t.Logf("urg %s: peak RSS %d KiB for %s lines out", io, kib, strings.TrimSpace(got.stdout))
		if kib <= 0 || kib >= 128<<10 {
			t.Errorf("urg %s, 2.8 GB of output to a late reader: peak RSS %d KiB, want under 128 MiB", io, kib)
		}
	})
}

// TestFaultHugeDirectory: a directory of 1,000,000 entries is searched
// whole, each file once (made in /dev/shm where there is one: on disk
// making the files alone is slow).
func TestFaultHugeDirectory(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	base := "/dev/shm"
	if fi, err := os.Stat(base); err != nil || !fi.IsDir() {
		base = ""
	}
	root, err := os.MkdirTemp(base, "urg-huge")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(root)
	dir := filepath.Join(root, "d")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const n = 1_000_000
	name := func(i int) string { return fmt.Sprintf("f%07d", i) }
	if err := makeEmptyFiles(dir, n, name); err != nil {
		t.Skipf("cannot make %d files here: %v", n, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name(n/2)), []byte("needle\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The walk is the subject: every reader meets the million entries
	// the same way, and an empty file is never mapped (the map reader
	// reads it as the pread one does), so --io=mmap is left out.
	for _, e := range engines(t) {
		if e == "mmap" {
			continue
		}
		io := "--io=" + e
		got := urgT(t, root, nil, io, "-rL", "needle", "d")
		names := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
		distinct := len(slices.Compact(slices.Sorted(slices.Values(names))))
		if len(names) != n-1 || distinct != n-1 || slices.Contains(names, fmt.Sprintf("d/f%07d", n/2)) || got.code != 0 || got.stderr != "" {
			t.Errorf("urg %s -rL needle d: %d names (%d distinct), want the %d without it; status %d, stderr %q",
				io, len(names), distinct, n-1, got.code, truncate(got.stderr))
		}
	}
}

// TestFaultLinkToRoot: a link to / followed (-R) inside a chroot, so that
// / is small: every real file under / is searched once, under the one
// path the walk meets first, and the way back into the tree is reported
// as a loop.
func TestFaultLinkToRoot(t *testing.T) {
	chroot, err := exec.LookPath("chroot")
	if err != nil || os.Geteuid() != 0 {
		t.Skip("needs root and chroot(8)")
	}
	root := t.TempDir()
	// BuildTo's urg is static: the chroot holds no C library.
	if err := testbin.BuildTo(filepath.Join(root, "urg"), "urg/cmd/urg", nil); err != nil {
		t.Fatal(err)
	}
	writeTree(t, root, map[string]string{"tree/a": "xyzzy-42\n", "tree/sub/b": "xyzzy-42\n", "top": "xyzzy-42\n"})
	symlink(t, "/", filepath.Join(root, "tree/sub/root"))
	for _, io := range engines(t) {
		got := runCtx(t, "/", nil, nil, chroot, root, "/urg", "--io="+io, "-R", "-l", "xyzzy-42", "/tree")
		expect(t, io+" chroot -R /tree", got, []string{"/tree/a", "/tree/sub/b", "/tree/sub/root/top"},
			[]string{"urg: /tree/sub/root/tree: warning: recursive directory loop"}, 0)
	}
}
