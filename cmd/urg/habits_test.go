package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
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
