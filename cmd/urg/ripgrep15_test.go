package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestRipgrepFlagsAsRipgrep15 holds ripgrep's -N, --include-zero,
// --no-unicode, --unicode, --context-separator, -p, --no-heading,
// --glob-case-insensitive, --multiline-dotall, the field separators,
// --type-clear and --stop-on-nonmatch to
// ripgrep 15's output,
// in a UTF-8 locale (--no-unicode reads the text as bytes there, as under
// LC_ALL=C).
func TestRipgrepFlagsAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a": "a b\nc a\n", "b": "x\n", "u": "caf\u00e9 na\u00efve \u0394x\n",
		"cs": "a\nb\nc\nd\ne\nf\ng\na\n", "sub/Up.TXT": "x a\n", "ml": "a\nb\n",
		"so": "a1\na2\nb\na3\n", "so2": "b\na1\na2\nb\na3\n",
		"mc": "aaaa bbbb cccc dddd aaaa eeee\nshort a\n", "mu": "e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301 a\n"})
	for _, args := range [][]string{
		{"-n", "-N", "a", "a"}, {"-N", "-n", "a", "a"}, {"-N", "a", "a", "b"},
		{"--count-matches", "--include-zero", "a", "a", "b"}, {"-c", "--include-zero", "a", "a", "b"},
		{"--count-matches", "a", "a", "b"},
		{"--no-unicode", "-o", `\w+`, "u"}, {"--no-unicode", "--unicode", "-o", `\w+`, "u"},
		{"--no-unicode", "-o", ".", "u"}, {"--no-unicode", "-c", `(?i)Δ`, "u"},
		{"-C1", `--context-separator=@\t|\x41\\`, "a", "cs"}, {"-C1", "--context-separator=x", "--no-context-separator", "a", "cs"},
		{"-C1", "--no-context-separator", "--context-separator=##", "a", "cs"},
		{"-p", "--color=never", "a", "."}, {"-p", "--color=never", "--no-heading", "-N", "a", "."}, {"--heading", "--no-heading", "a", "."},
		{"--files", "-g", "*.TXT", "."}, {"--files", "-g", "*.txt", "--glob-case-insensitive", "."},
		{"--multiline", "--multiline-dotall", "a.b", "ml"}, {"--multiline", "a.b", "ml"},
		{"-n", "-C1", "--field-match-separator=|", "--field-context-separator=~", "a", "cs"},
		{"--column", "-b", "-H", "--field-match-separator=::", "a", "ml"}, {"-c", "--field-match-separator=|", "a", "cs", "ml"},
		{"--vimgrep", `--field-match-separator=\x41`, "a", "ml"},
		{"--type-clear", "txt", "-t", "txt", "--files", "."}, {"--type-clear", "txt", "--type-add", "txt:*.TXT", "-t", "txt", "--files", "."},
		{"--type-clear", "nosuch", "-c", "a", "a"},
		{"--stop-on-nonmatch", "-n", "a", "so", "so2"}, {"--stop-on-nonmatch", "-c", "a", "so", "so2"},
		{"--stop-on-nonmatch", "-A1", "-n", "a", "so2"},
		{"-M10", "a", "mc"}, {"-M10", "--max-columns-preview", "a", "mc"}, {"-M10", "--max-columns-preview", "--column", "a", "mc"},
		{"-M10", "--column", "a", "mc"}, {"-M10", "--vimgrep", "a", "mc"}, {"-M10", "--max-columns-preview", "--vimgrep", "a", "mc"},
		{"-M10", "--max-columns-preview", "-C1", "short", "mc"}, {"-M10", "-C1", "short", "mc"}, {"-M10", "-v", "short", "mc"},
		{"-M10", "--max-columns-preview", "--replace=X", "a", "mc"}, {"-M10", "--replace=X", "a", "mc"},
		{"-M3", "--max-columns-preview", "-o", "aaaa", "mc"}, {"-M10", "-o", "--max-columns-preview", `\w+ \w+ \w+ \w+`, "mc"},
		{"-M7", "a", "mc"}, {"-M8", "a", "mc"}, {"-M5", "--max-columns-preview", "a", "mu"}, {"-M5", "--max-columns-preview", "--no-max-columns-preview", "a", "mu"},
	} {
		sameAsRipgrep15(t, rg, dir, env, args, true)
	}
}

// TestSortAsRipgrep15: --sort and --sortr by path, modification and
// access time print the files in ripgrep 15's order (outputs compared
// as they are, not sorted), the later of the two flags winning; a
// reversed path order compares components, as ripgrep's does ("a/1"
// before "a-c"). The times are set apart by a year, and set again
// before each run, since reading a file may move its access time.
func TestSortAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	dir := t.TempDir()
	names := []string{"a/1", "b/2", "a-c", "z", "d/e/f"}
	tree := map[string]string{}
	for _, n := range names {
		tree[n] = "x\n"
	}
	writeTree(t, dir, tree)
	year := func(y int) time.Time { return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC) }
	setTimes := func() {
		// Modified: z, a/1, d/e/f, a-c, b/2; accessed: the reverse.
		for i, n := range []string{"z", "a/1", "d/e/f", "a-c", "b/2"} {
			if err := os.Chtimes(filepath.Join(dir, n), year(2015-i), year(2000+i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, args := range [][]string{
		{"--sort=path", "x", "."}, {"--sortr=path", "x", "."}, {"--sort=modified", "x", "."}, {"--sortr=modified", "x", "."},
		{"--sort=accessed", "x", "."}, {"--sortr=accessed", "x", "."},
		{"--sort=modified", "--sortr=path", "x", "."}, {"--sortr=path", "--sort=modified", "x", "."},
		{"--sortr=path", "x", "d", "a", "z"}, {"--sort=modified", "-l", "x", "."}, {"--sortr=modified", "--files", "."},
		{"--sortr=modified", "-c", "x", "z", "a-c", "nosuch"},
	} {
		setTimes()
		want := runCtx(t, dir, nil, env, rg, append([]string{"-uuu", "-a", "--no-heading", "--color=never"}, args...)...)
		setTimes()
		got := runCtx(t, dir, nil, env, urgBin, args...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("urg %q: stdout %q status %d, rg 15 %q status %d", args, got.stdout, got.code, want.stdout, want.code)
		}
	}
	// Birth times cannot be set: every file, once.
	got := runCtx(t, dir, nil, env, urgBin, "--sortr=created", "-l", "x", ".")
	if lines := sortedLines(got.stdout); len(lines) != len(names) || got.code != 0 {
		t.Errorf("urg --sortr=created -l x: %q, status %d", got.stdout, got.code)
	}
}

// TestEncodingAsRipgrep15: files that start with a UTF-16 byte order
// mark are searched transcoded, by default as under --encoding=auto;
// --encoding names the encoding of the rest (a mark still overriding
// it), none reads bytes as they are, and --no-encoding undoes it; all as
// ripgrep 15 prints them (UTF-8 with a mark only under --encoding: by
// default it is searched as grep searches it, mark and all).
func TestEncodingAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	dir := t.TempDir()
	utf16 := func(le bool, s string) string {
		var b []byte
		if le {
			b = append(b, 0xff, 0xfe)
		} else {
			b = append(b, 0xfe, 0xff)
		}
		for _, r := range s {
			if le {
				b = append(b, byte(r), byte(r>>8))
			} else {
				b = append(b, byte(r>>8), byte(r))
			}
		}
		return string(b)
	}
	writeTree(t, dir, map[string]string{
		"le": utf16(true, "hello w\nx\u0394y\nhello again\n"), "be": utf16(false, "hi\nhello b"),
		"u8": "\xef\xbb\xbfhello\nzz\n", "latin": "caf\xe9 hello\n", "plain": "hello\n",
		"nomark": "h\x00e\x00l\x00l\x00o\x00\n\x00",
	})
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(utf16(true, "zipped hello\n")))
	zw.Close()
	writeTree(t, dir, map[string]string{"le.gz": gz.String()})
	for _, args := range [][]string{
		{"-n", "hello", "le", "be", "plain"}, {"-c", "--include-zero", "hello", "le", "be", "plain"},
		{"-o", "x.y", "le"}, {"-b", "-o", "again", "le"}, {"-n", "^", "be"},
		{"--encoding=auto", "-n", "^hello", "u8", "le"}, {"--encoding=utf-8", "-n", "^hello", "u8"},
		{"--encoding=none", "-c", "--include-zero", "hello", "le", "u8"},
		{"--encoding=latin1", "-o", "caf.", "latin"}, {"--encoding=latin1", "--no-encoding", "-c", "--include-zero", "^hello", "u8"},
		{"--encoding=utf-16le", "-c", "--include-zero", "hello", "nomark", "be"},
		{"--search-zip", "-n", "hello", "le.gz"},
	} {
		sameAsRipgrep15(t, rg, dir, env, args, true)
	}
	// A file large enough to be mapped or split is read transcoded
	// too, by every engine.
	writeTree(t, dir, map[string]string{"big": utf16(false, strings.Repeat("line\n", 400000)+"xΔy needle\n")})
	want := runCtx(t, dir, nil, env, rg, "-n", "-o", "Δy needle", "big")
	for _, io := range []string{"auto", "pread", "mmap", "uring"} {
		got := runCtx(t, dir, nil, env, urgBin, "--io="+io, "-n", "-o", "Δy needle", "big")
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("urg --io=%s -n -o 'Δy needle' big: %q status %d, rg 15 %q status %d", io, got.stdout, got.code, want.stdout, want.code)
		}
	}
	// Standard input too.
	for _, in := range []string{utf16(true, "a\nhello\n"), "\xef\xbb\xbfhello\n"} {
		want := runCtx(t, dir, []byte(in), env, rg, "--encoding=auto", "-n", "^hello")
		got := runCtx(t, dir, []byte(in), env, urgBin, "--encoding=auto", "-n", "^hello")
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("urg --encoding=auto -n ^hello < %q: %q status %d, rg 15 %q status %d", in, got.stdout, got.code, want.stdout, want.code)
		}
	}
}

// TestCRLFAsRipgrep15: under --crlf a CR ends a line to the pattern ($
// before it, ^ after it, '.' not on it), a line printed keeps its own
// end, and what urg makes (a count, a name, a match of -o, an omission,
// the end of a last line with none) ends in CRLF: byte for byte as
// ripgrep 15 prints it.
func TestCRLFAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"c": "ab\r\nxb\r\nb\rc\nlast b", "d": "x\r\n\r\n\r\r\ny\n"})
	for _, args := range [][]string{
		{"-c", "b$", "c"}, {"-o", ".+", "c"}, {"-n", "b$", "c"}, {"-o", "b$", "c"}, {"-c", "^c", "c"},
		{"-x", "ab", "c"}, {"-w", "-o", "ab", "c"}, {"--column", "b$", "c"}, {"-n", "^$", "d"},
		{"-C1", "-n", "y", "d"}, {"-l", "b", "c", "d"}, {"--heading", "-n", "b", "c"}, {"--vimgrep", "b", "c"},
		{"-M3", "b", "c"}, {"-M4", "b", "c"}, {"-M3", "--max-columns-preview", "b", "c"},
		{"--no-crlf", "-c", "b$", "c"},
	} {
		want := runCtx(t, dir, nil, env, rg, append([]string{"-uuu", "-a", "--no-heading", "--color=never", "--crlf"}, args...)...)
		got := runCtx(t, dir, nil, env, urgBin, append([]string{"--crlf"}, args...)...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("urg --crlf %q: stdout %q status %d, rg 15 %q status %d", args, got.stdout, got.code, want.stdout, want.code)
		}
	}
}

// TestPreAsRipgrep15: --pre searches what COMMAND PATH writes, the file
// on its standard input, for the files --pre-glob takes (all without
// it); a preprocessor that cannot start or that fails is the file's
// error in ripgrep's words, its standard error quoted, and the others
// are searched; --no-pre undoes it; standard input is not preprocessed.
// A preprocessor whose output the search stops reading (-m) is not held
// to account for how it ends.
func TestPreAsRipgrep15(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the preprocessors here are shell scripts")
	}
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "x\n", "b.md": "hello x\n", "sub/c.md": "x y\n"})
	bin := t.TempDir()
	for name, body := range map[string]string{
		"up": "tr a-z A-Z", "fail": "echo oops >&2; exit 3", "many": "yes x", "named": `echo "$1"`,
	} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	up, fail, named := filepath.Join(bin, "up"), filepath.Join(bin, "fail"), filepath.Join(bin, "named")
	for _, args := range [][]string{
		{"--pre", up, "X", "a.txt"}, {"--pre", up, "-c", "--include-zero", "X", "."},
		{"--pre", up, "--pre-glob", "*.md", "-i", "x", "."}, {"--pre", up, "--pre-glob", "sub/*", "-i", "x", "."},
		{"--pre", up, "--no-pre", "-c", "--include-zero", "X", "a.txt"}, {"--pre", "", "x", "a.txt"},
		{"--pre", fail, "x", "a.txt"}, {"--pre", "false", "x", "a.txt"}, {"--pre", fail, "--pre-glob", "*.md", "x", "."},
		{"--pre", named, "-n", "md", "sub/c.md"},
	} {
		want := runCtx(t, dir, nil, env, rg, append([]string{"-uuu", "-a", "--no-heading", "--color=never"}, args...)...)
		got := runCtx(t, dir, nil, env, urgBin, args...)
		want.stdout = strings.Join(sortedLines(want.stdout), "\n")
		got.stdout = strings.Join(sortedLines(got.stdout), "\n")
		want.stderr = messagesSorted(strings.ReplaceAll(want.stderr, "rg: ", "urg: "))
		got.stderr = messagesSorted(got.stderr)
		if got.stdout != want.stdout || got.code != want.code || got.stderr != want.stderr {
			t.Errorf("urg %q: stdout %q stderr %q status %d, rg 15 %q %q status %d", args, got.stdout, got.stderr, got.code, want.stdout, want.stderr, want.code)
		}
	}
	got := runCtx(t, dir, []byte("x\n"), env, urgBin, "--pre", up, "x")
	if got.stdout != "x\n" || got.code != 0 {
		t.Errorf("urg --pre up x < stdin: %q status %d; standard input is searched as it is", got.stdout, got.code)
	}
	got = runCtx(t, dir, nil, env, urgBin, "--pre", filepath.Join(bin, "many"), "-m1", "x", "a.txt")
	if got.stdout != "x\n" || got.code != 0 || got.stderr != "" {
		t.Errorf("urg --pre many -m1 x a.txt: %q, %q, status %d", got.stdout, got.stderr, got.code)
	}
}

// messagesSorted is stderr's messages (each begins a line with "urg: ",
// and may go on over several lines) in sorted order: files searched at
// once report in the order they finish.
func messagesSorted(stderr string) string {
	var msgs []string
	for _, line := range strings.SplitAfter(stderr, "\n") {
		if strings.HasPrefix(line, "urg: ") || len(msgs) == 0 {
			msgs = append(msgs, line)
		} else {
			msgs[len(msgs)-1] += line
		}
	}
	slices.Sort(msgs)
	return strings.Join(msgs, "")
}

// ripgrep15Env is ripgrep 15 (or the test is skipped) and the environment
// both run in: C.UTF-8, no ripgrep config; env is nil where the locale
// is missing (said in the log).
func ripgrep15Env(t *testing.T) (rg string, env []string) {
	t.Helper()
	rg, _ = ripgrep15(t)
	if env = localeEnv(t, "C.UTF-8"); env != nil {
		env = append(env, "RIPGREP_CONFIG_PATH=")
	}
	return rg, env
}

// sameAsRipgrep15 runs urg args and rg -uuu -a --no-heading
// --color=never args in dir and holds urg to rg's stdout (its lines
// sorted, when sorted: files searched at once finish in any order) and
// status.
func sameAsRipgrep15(t *testing.T, rg, dir string, env, args []string, sorted bool) {
	t.Helper()
	want := runCtx(t, dir, nil, env, rg, append([]string{"-uuu", "-a", "--no-heading", "--color=never"}, args...)...)
	got := runCtx(t, dir, nil, env, urgBin, args...)
	if sorted {
		want.stdout = strings.Join(sortedLines(want.stdout), "\n")
		got.stdout = strings.Join(sortedLines(got.stdout), "\n")
	}
	if got.stdout != want.stdout || got.code != want.code {
		t.Errorf("urg %q: stdout %q status %d, rg 15 %q status %d", args, got.stdout, got.code, want.stdout, want.code)
	}
}
