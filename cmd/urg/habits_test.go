package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// The flags grep and ripgrep users type beyond the first set (case
// choices, ripgrep's line shapes, a file of default flags, lists of files
// and shards): grep's against GNU grep in both locales, ripgrep's against
// rg where it is installed.

// habitTree is a small tree with upper and lower case, indentation, long
// lines and lines without matches.
func habitTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.txt":     "foo bar foo\n  indented foo\nnothing\nbar\nFoo Bar\n\tTabbed foo_bar\n",
		"b.txt":     "foo\n",
		"sub/c.go":  "func main() {\n\tfmt.Println(\"hello foo\")\n}\n" + strings.Repeat("x", 90) + " foo\n",
		"sub/d.txt": "id=42:user=alice\nid=7:user=bob\nno id here\n",
		"empty":     "",
		"nl-only":   "\n\n",
	})
	return dir
}

// TestHabitsAsGrep holds -y, --no-ignore-case, --label and -T to GNU
// grep's output, in the C and a UTF-8 locale.
func TestHabitsAsGrep(t *testing.T) {
	dir := habitTree(t)
	stdin := []byte("foo on stdin\n\nFOO\n")
	for _, loc := range []string{"C", "C.UTF-8"} {
		env := localeEnv(t, loc)
		if env == nil {
			continue
		}
		for _, args := range [][]string{
			{"-y", "foo", "a.txt"},
			{"-y", "-c", "FOO", "a.txt", "b.txt"},
			{"-i", "--no-ignore-case", "Foo", "a.txt"},
			{"-y", "--no-ignore-case", "-c", "foo", "a.txt"},
			{"--no-ignore-case", "-i", "FOO", "a.txt"},
			{"-T", "foo", "a.txt"},
			{"-T", "-n", "foo", "a.txt"},
			{"-T", "-H", "-n", "-b", "foo", "a.txt", "b.txt"},
			{"-T", "-n", "-C1", "foo", "a.txt"},
			{"-T", "-c", "foo", "a.txt", "b.txt"},
			{"-T", "-o", "-n", "-b", "foo", "a.txt"},
			{"-T", "-Z", "-H", "foo", "a.txt"},
			{"-T", "-n", "", "nl-only"},
			{"-T", "--color=always", "-H", "-n", "foo", "a.txt"},
			{"-T", "-n", "foo"},
			{"-T", "-H", "-b", "foo", "-"},
			{"--label=in", "-H", "foo"},
			{"--label=in", "-c", "-i", "foo", "-", "b.txt"},
			{"--label=in", "-l", "foo", "-", "b.txt"},
			{"--label=in", "-T", "-H", "-n", "foo"},
		} {
			sameAsGrep(t, dir, stdin, env, false, args...)
		}
		sameAsGrep(t, dir, nil, env, true, "-r", "-T", "-n", "foo", ".")
	}
}

// needRg returns rg's path, or skips the test with the reason.
func needRg(t *testing.T) string {
	t.Helper()
	rg, err := exec.LookPath("rg")
	if err != nil {
		t.Skipf("rg (ripgrep) is not installed, so urg's ripgrep flags are not compared with it: %v", err)
	}
	return rg
}

// sameAsRg runs rg with rgArgs and urg with urgArgs in dir and compares
// their output, sorted by line when sorted (ripgrep's files come in any
// order), and their exit status.
func sameAsRg(t *testing.T, rg, dir string, sorted bool, rgArgs, urgArgs []string) {
	t.Helper()
	env := []string{"RIPGREP_CONFIG_PATH="}
	base := []string{"-uuu", "-a", "--no-unicode", "--no-heading", "--color=never"}
	want := runCtx(t, dir, nil, env, rg, append(base, rgArgs...)...)
	got := runCtx(t, dir, nil, env, urgBin, urgArgs...)
	if sorted {
		want.stdout = strings.Join(sortedLines(want.stdout), "\n")
		got.stdout = strings.Join(sortedLines(got.stdout), "\n")
	}
	if got.stdout != want.stdout || got.code != want.code {
		t.Errorf("urg %q (rg %q): stdout %q status %d, want %q status %d (rg's stderr %q)",
			urgArgs, rgArgs, truncate(got.stdout), got.code, truncate(want.stdout), want.code, want.stderr)
	}
}

// TestHabitsAsRipgrep holds -S, --column, --vimgrep, --replace, -M,
// --count-matches, --passthru and --trim to rg's output; rg's -r is
// urg's --replace.
func TestHabitsAsRipgrep(t *testing.T) {
	rg := needRg(t)
	// ripgrep 15 measures a line for -M with its end; 13 did not.
	rg15, _, _ := findRipgrep15()
	if rg15 != "" {
		rg = rg15
	}
	dir := habitTree(t)
	for _, args := range [][]string{
		{"-S", "foo"},
		{"-S", "Foo"},
		{"-S", `\Sfoo`},
		{"-S", "-F", "Foo"},
		{"--column", "foo"},
		{"--column", "-o", "foo"},
		{"--column", "-b", "foo", "."},
		{"--column", "-n", "-C1", "foo"},
		{"--column", "-v", "foo", "a.txt"},
		{"--vimgrep", "foo"},
		{"--vimgrep", "-o", "foo"},
		{"--vimgrep", "-C1", "foo", "a.txt"},
		{"-r", "X", "foo"},
		{"-r", "[$1]", "-o", "(fo)o"},
		{"-r", "${w}-$$-$0-$9-$w1", "(?P<w>fo)o"},
		{"-r", "$user@$1", `id=(\d+):user=(?P<user>\w+)`},
		{"-r", "", "-n", "foo"},
		{"--vimgrep", "-r", "X", "foo", "a.txt"},
		{"--column", "-r", "X", "foo", "a.txt"},
		{"-M", "5", "foo"},
		{"-M", "12", "-n", "-C1", "foo", "a.txt"},
		{"-M", "2", "-o", "foo"},
		{"-M", "12", "-r", "XX", "foo", "a.txt"},
		{"-M", "12", "-r", "", "foo", "a.txt"},
		{"--count-matches", "foo"},
		{"--count-matches", "foo", "a.txt"},
		{"--count-matches", "-v", "foo", "a.txt"},
		{"--count-matches", "zzz", "a.txt"},
		{"--passthru", "-n", "foo", "a.txt"},
		{"--passthru", "foo", "a.txt", "b.txt"},
		{"--passthru", "zzz", "a.txt"},
		{"--passthru", "-v", "foo", "a.txt"},
		{"--passthru", "-m1", "-n", "foo", "a.txt"},
		{"--trim", "foo"},
		{"--trim", "-n", "-C1", "indented", "a.txt"},
		{"--trim", "--column", "foo", "a.txt"},
		{"--trim", "-M", "12", "foo", "a.txt"},
	} {
		urgArgs := slices.Clone(args)
		for i, a := range urgArgs {
			if a == "-r" {
				urgArgs[i] = "--replace"
			}
		}
		if !slices.ContainsFunc(args, func(a string) bool { return strings.Contains(a, ".txt") || a == "." }) {
			args, urgArgs = append(args, "."), append(urgArgs, ".")
		}
		if rg15 == "" && slices.Contains(args, "-M") {
			t.Logf("rg %q left out: no ripgrep 15, whose -M urg follows", args)
			continue
		}
		sameAsRg(t, rg, dir, true, args, urgArgs)
	}
}

// TestHabitsSmartCase: -S ignores case unless the pattern's own text
// has an upper-case letter, and the later of -i, -S and --no-ignore-case
// wins (checked without rg).
func TestHabitsSmartCase(t *testing.T) {
	dir := habitTree(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-S", "-c", "foo", "a.txt"}, "4\n"},
		{[]string{"-S", "-c", "Foo", "a.txt"}, "1\n"},
		{[]string{"-S", "-c", `\Woo`, "a.txt"}, "0\n"},
		{[]string{"-S", "-c", `\x46oo`, "a.txt"}, "4\n"},
		{[]string{"-S", "-c", `(?P<Name>foo)`, "a.txt"}, "4\n"},
		{[]string{"-S", "--no-ignore-case", "-c", "foo", "a.txt"}, "3\n"},
		{[]string{"-i", "-S", "-c", "Foo", "a.txt"}, "1\n"},
	} {
		if got := urgT(t, dir, nil, c.args...); got.stdout != c.want {
			t.Errorf("urg %q: %q (%s), want %q", c.args, got.stdout, got.stderr, c.want)
		}
	}
}

// TestHabitsConfig: URG_CONFIG_PATH's flags come before the command
// line's, --no-config leaves them out, and a file that cannot be read is
// warned about.
func TestHabitsConfig(t *testing.T) {
	dir := habitTree(t)
	cfg := filepath.Join(dir, "urgrc")
	if err := os.WriteFile(cfg, []byte("# defaults\n  --ignore-case \n\n-n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"URG_CONFIG_PATH=" + cfg}
	if got := runCtx(t, dir, nil, env, urgBin, "^FOO BAR$", "a.txt"); got.stdout != "5:Foo Bar\n" || got.code != 0 {
		t.Errorf("with the config file: %+v, want 5:Foo Bar", got)
	}
	if got := runCtx(t, dir, nil, env, urgBin, "--no-ignore-case", "^FOO BAR$", "a.txt"); got.code != 1 {
		t.Errorf("a later --no-ignore-case: %+v, want status 1", got)
	}
	if got := runCtx(t, dir, nil, env, urgBin, "--no-config", "^Foo Bar$", "a.txt"); got.stdout != "Foo Bar\n" {
		t.Errorf("--no-config: %+v, want the line without its number", got)
	}
	missing := []string{"URG_CONFIG_PATH=" + filepath.Join(dir, "none")}
	got := runCtx(t, dir, nil, missing, urgBin, "Foo Bar", "a.txt")
	if got.stdout != "Foo Bar\n" || !strings.Contains(got.stderr, "urg: URG_CONFIG_PATH: ") || got.code != 0 {
		t.Errorf("a missing config file: %+v, want a warning and the search", got)
	}
}

// TestHabitsFilesFrom: --files-from searches the files listed, one per
// line or NUL-separated with --null, from a file or standard input, as
// if they were named on the command line; one missing is an error for
// it alone.
func TestHabitsFilesFrom(t *testing.T) {
	dir := habitTree(t)
	names := []string{"a.txt", "sub/c.go", "b.txt", "empty"}
	want := urgT(t, dir, nil, append([]string{"-n", "foo"}, names...)...)
	if err := os.WriteFile(filepath.Join(dir, "list"), []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "list0"), []byte(strings.Join(names, "\x00")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin []byte
		args  []string
	}{
		{nil, []string{"--files-from=list", "-n", "foo"}},
		{nil, []string{"--files-from", "list0", "--null", "-l", "foo"}},
		{[]byte(strings.Join(names, "\n")), []string{"--files-from=-", "-n", "foo"}},
	} {
		got := urgT(t, dir, c.stdin, c.args...)
		w := want.stdout
		if slices.Contains(c.args, "-l") {
			w = urgT(t, dir, nil, append([]string{"--null", "-l", "foo"}, names...)...).stdout
			w, got.stdout = strings.ReplaceAll(w, "\x00", "\n"), strings.ReplaceAll(got.stdout, "\x00", "\n")
		}
		if strings.Join(sortedLines(got.stdout), "\n") != strings.Join(sortedLines(w), "\n") || got.code != 0 {
			t.Errorf("urg %q: %q status %d (%s), want %q", c.args, got.stdout, got.code, got.stderr, w)
		}
	}
	got := urgT(t, dir, []byte("a.txt\nnone\n"), "--files-from=-", "-c", "foo")
	if got.stdout != "a.txt:3\n" || got.code != 2 || !strings.Contains(got.stderr, "urg: none: ") {
		t.Errorf("a missing listed file: %+v, want a.txt's count, an error for none and status 2", got)
	}
	if got := urgT(t, dir, nil, "--files-from=nolist", "foo"); got.code != 2 || got.stdout != "" || strings.Count(got.stderr, "urg: nolist:") != 1 {
		t.Errorf("a missing list: %+v, want one error and status 2", got)
	}
	// An empty list names no file: nothing is searched, not the
	// directory urg runs in (find | urg --files-from=- when find finds
	// nothing).
	if err := os.WriteFile(filepath.Join(dir, "nothing"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin []byte
		args  []string
	}{
		{nil, []string{"--files-from=nothing", "foo"}},
		{[]byte{}, []string{"--files-from=-", "--null", "-c", "foo"}},
		{[]byte{}, []string{"--files-from=-", "--files"}},
	} {
		if got := urgT(t, dir, c.stdin, c.args...); got.code != 1 || got.stdout != "" || got.stderr != "" {
			t.Errorf("urg %q over an empty list: %+v, want nothing searched and status 1", c.args, got)
		}
	}
}

// TestHabitsShards: for N of 1, 2, 3 and 7, the shards of a search are
// disjoint and their union is the search, over the differential tree and
// GOROOT's src; a shard's files do not depend on the name of the root.
func TestHabitsShards(t *testing.T) {
	trees := []struct{ root, pattern string }{{makeTree(t), "foo"}}
	if src := filepath.Join(runtime.GOROOT(), "src"); dirExists(src) {
		trees = append(trees, struct{ root, pattern string }{src, "errors.New"})
	} else {
		t.Logf("no GOROOT src at %s: the shards are checked on the differential tree only", src)
	}
	for _, tr := range trees {
		whole := urgT(t, tr.root, nil, "-n", tr.pattern, ".")
		if whole.code > 1 {
			t.Fatalf("the whole search: %+v", whole)
		}
		wantLines := sortedLines(whole.stdout)
		for _, n := range []int{1, 2, 3, 7} {
			var union []string
			seen := map[string]int{}
			for k := 1; k <= n; k++ {
				shard := fmt.Sprintf("%d/%d", k, n)
				got := urgT(t, tr.root, nil, "-n", "--shard", shard, tr.pattern, ".")
				union = append(union, sortedLines(got.stdout)...)
				for _, f := range sortedLines(urgT(t, tr.root, nil, "-l", "--shard", shard, tr.pattern, ".").stdout) {
					if prev, ok := seen[f]; ok {
						t.Errorf("%s: %s in shards %d and %d of %d", tr.root, f, prev, k, n)
					}
					seen[f] = k
				}
			}
			slices.Sort(union)
			if !slices.Equal(union, wantLines) {
				t.Errorf("%s: the %d shards' union has %d lines, the search %d", tr.root, n, len(union), len(wantLines))
			}
		}
	}
	// The same files in a shard whatever the root is called.
	root := makeTree(t)
	other := filepath.Join(t.TempDir(), "elsewhere")
	symlink(t, root, other)
	a := urgT(t, root, nil, "-l", "--shard=2/3", "foo", ".").stdout
	b := urgT(t, other, nil, "-l", "--shard=2/3", "foo", other).stdout
	if !slices.Equal(sortedLines(strings.ReplaceAll(b, other+"/", "")), sortedLines(strings.ReplaceAll(a, "./", ""))) || a == "" {
		t.Errorf("shard 2/3 under another root name: %q, want %q", b, a)
	}
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// TestHabitsBadInput: a bad --shard or --max-columns is one error line
// (no usage lines: the flag was understood, its value is wrong) and
// status 2, before any output.
func TestHabitsBadInput(t *testing.T) {
	dir := habitTree(t)
	for _, args := range [][]string{
		{"--shard=0/3", "foo", "."},
		{"--shard=4/3", "foo", "."},
		{"--shard=1/0", "foo", "."},
		{"--shard=0/0", "foo", "."},
		{"--shard=x", "foo", "."},
		{"--shard=1/2/3", "foo", "."},
		{"--max-columns=-1", "foo", "."},
		{"--replace=$1", "foo(", "."},
	} {
		got := urgT(t, dir, nil, args...)
		if got.code != 2 || got.stdout != "" || !strings.HasPrefix(got.stderr, "urg: ") || strings.Count(got.stderr, "\n") != 1 {
			t.Errorf("urg %q: %+v, want one error line and status 2", args, got)
		}
	}
}

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
