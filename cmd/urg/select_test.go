package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The selection flags (selectflags.go): grep's -d, -D and --exclude-from
// against GNU grep, in the C locale and in C.UTF-8; ripgrep's -t,
// --type-not, --type-add, -g, --iglob and --max-filesize against
// rg -uuu (skipped where rg is not installed); and bad values, each one
// line on stderr before any output, exit status 2.

// selectLocales are the environments of the comparisons with grep: the
// C locale, and C.UTF-8 where it can be had (a printed skip otherwise).
func selectLocales(t *testing.T) [][]string {
	envs := [][]string{nil}
	if env := localeEnv(t, "C.UTF-8"); env != nil {
		envs = append(envs, env)
	}
	return envs
}

// TestSelectDirectoriesLikeGrep: -d read, skip and recurse (and their
// prefixes), against a later or earlier -r or -R, with and without
// operands, as GNU grep does them.
func TestSelectDirectoriesLikeGrep(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"d/a.txt": "needle\n", "d/sub/b.txt": "needle\n", "top.txt": "needle\nhay\n"})
	in := []byte("needle from stdin\n")
	for _, env := range selectLocales(t) {
		for _, c := range []struct {
			stdin []byte
			args  []string
		}{
			{nil, []string{"-d", "read", "needle", "d"}},
			{nil, []string{"-d", "read", "needle", "top.txt", "d"}},
			{nil, []string{"-d", "read", "-s", "needle", "d", "top.txt"}},
			{nil, []string{"-d", "read", "-l", "needle", "d", "top.txt"}},
			{nil, []string{"-d", "read", "--exclude-dir=d", "needle", "d", "top.txt"}},
			{nil, []string{"-d", "skip", "needle", "d", "top.txt"}},
			{nil, []string{"-d", "skip", "-c", "needle", "d", "top.txt"}},
			{nil, []string{"--directories=skip", "needle", "d"}},
			{nil, []string{"-d", "s", "needle", "d", "top.txt"}},
			{nil, []string{"-d", "recurse", "needle", "d"}},
			{nil, []string{"-d", "rec", "-n", "needle", "d", "top.txt"}},
			{nil, []string{"-r", "-d", "skip", "needle", "d", "top.txt"}},
			{nil, []string{"-d", "skip", "-r", "needle", "d"}},
			{nil, []string{"-R", "-d", "read", "needle", "d"}},
			{nil, []string{"-d", "read", "-R", "needle", "d"}},
			{nil, []string{"-d", "skip", "-d", "read", "needle", "d"}},
			{in, []string{"-d", "skip", "needle"}},
			{in, []string{"-r", "-d", "read", "needle"}},
			{in, []string{"-d", "skip", "needle", "-", "d"}},
		} {
			sameAsGrep(t, dir, c.stdin, env, true, c.args...)
		}
	}
}

// TestSelectExcludeFromLikeGrep: --exclude-from reads a glob a line,
// trailing white space dropped (a CR too) and blank lines skipped, and
// its globs take the option's place among --include and --exclude; in a
// UTF-8 locale '?' and brackets take a character (or a byte), as grep's
// fnmatch does.
func TestSelectExcludeFromLikeGrep(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.txt": "needle\n", "b.md": "needle\n", "c.log": "needle\n", "sub/d.txt": "needle\n", "sub/e.go": "needle\n",
		"é.md": "needle\n", "éé.md": "needle\n", "\xe9.md": "needle\n", "sp ace.txt": "needle\n", ".h.txt": "needle\n",
		"#x":    "needle\n",
		"ex":    "*.txt\n\n   \nb*  \nc.log\r\n",
		"ex2":   "?.md\n#x\n",
		"ex3":   "[é]*\nsub\n",
		"empty": "",
	})
	for _, env := range selectLocales(t) {
		for _, c := range []struct {
			stdin []byte
			args  []string
		}{
			{nil, []string{"-r", "--exclude-from=ex", "needle", "."}},
			{nil, []string{"-r", "--exclude-from=ex2", "needle", "."}},
			{nil, []string{"-r", "--exclude-from=ex3", "needle", "."}},
			{nil, []string{"-r", "--exclude-from=empty", "needle", "."}},
			{nil, []string{"-r", "--exclude-from", "ex", "--exclude-from=ex2", "needle", "."}},
			{nil, []string{"-r", "--include=*.txt", "--exclude-from=ex", "needle", "."}},
			{nil, []string{"-r", "--exclude-from=ex", "--include=a.txt", "needle", "."}},
			{nil, []string{"-r", "--exclude-from=empty", "--include=*.go", "needle", "."}},
			{nil, []string{"--exclude-from=ex", "needle", "a.txt", "b.md", "sub/e.go", "sub/d.txt"}},
			{nil, []string{"-r", "-l", "--exclude-from=ex2", "--exclude-dir=sub", "needle", "."}},
			{[]byte("*.md\n"), []string{"-r", "--exclude-from=-", "needle", "."}},
			{nil, []string{"--exclude-from=nonexistent", "needle", "."}},
			{nil, []string{"--exclude-from=sub", "needle", "."}},
		} {
			sameAsGrep(t, dir, c.stdin, env, true, c.args...)
		}
	}
}

// rgTree writes the tree the comparisons with rg search, every file
// holding the needle, and returns its root.
func rgTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{}
	for _, p := range []string{
		"a.go", "b.rs", "c.py", "d.txt", "e.md", "README.md", "Makefile", "x.foo", "y.bar", "sp ace.txt", ".hidden.go",
		"sub/x.go", "sub/Y.TXT", "sub/deep/z.go", "sub/deep/w.txt", "sub/vendor/q.go",
		"docs/a.md", "docs/Notes.MD", "vendor/v.go", "vendor/sub/v2.go", ".cfg/h.txt", "build/out.txt", "!x",
	} {
		files[p] = "needle in " + p + "\n"
	}
	files["big.txt"] = strings.Repeat("needle hay\n", 500) // 5,500 bytes
	files["small.txt"] = "needle\n"
	writeTree(t, dir, files)
	return dir
}

// sameSetAsRg runs rg -uuu (every file, hidden ones too, as urg searches)
// and urg with args in dir and compares their output lines as sets and
// their exit statuses. Where rg says no file was searched (all were
// filtered), urg is expected to find nothing, exit status 1, as grep's.
func sameSetAsRg(t *testing.T, rg, dir string, args ...string) {
	t.Helper()
	want := runCtx(t, dir, nil, nil, rg, append([]string{"--no-config", "-uuu", "-a", "--no-unicode"}, args...)...)
	got := runCtx(t, dir, nil, nil, urgBin, append([]string{"-a"}, args...)...)
	if strings.Contains(want.stderr, "No files were searched") {
		want = result{"", "", 1}
	}
	if g, w := sortedLines(got.stdout), sortedLines(want.stdout); !slices.Equal(g, w) || got.code != want.code || got.stderr != want.stderr {
		t.Errorf("urg %q: status %d, stderr %q,\n%q\nrg: status %d, stderr %q,\n%q", args, got.code, got.stderr, g, want.code, want.stderr, w)
	}
}

// TestSelectTypesLikeRg: -t, --type-not and --type-add choose among the
// files met while walking as rg's do; a file named as an operand is
// searched whatever its type.
func TestSelectTypesLikeRg(t *testing.T) {
	rg := needRg(t)
	dir := rgTree(t)
	for _, args := range [][]string{
		{"-t", "go"},
		{"-tgo", "-t", "rust"},
		{"--type=md"},
		{"-t", "make"},
		{"-t", "txt"},
		{"-t", "py", "-t", "markdown"},
		{"--type-not", "go"},
		{"--type-not=go", "--type-not", "txt"},
		{"-t", "go", "--type-not", "go"},
		{"-t", "txt", "--type-not", "md"},
		{"--type-add", "foo:*.foo", "-t", "foo"},
		{"--type-add", "foo:*.{foo,bar}", "-t", "foo"},
		{"--type-add", "foo:*.foo", "--type-add", "foo:*.bar", "--type-not", "foo"},
		{"--type-add", "go:*.txt", "-t", "go"},
		{"--type-add", "src:include:go,rust", "-t", "src"},
		{"--type-add", "src:include:go,rust", "--type-add", "src:Makefile", "-t", "src", "-l"},
		{"-t", "go", "-c"},
		{"-t", "go", "-l", "needle", ".", "d.txt"},
		{"-t", "rust", "needle", "sub", "c.py"},
	} {
		if !slices.Contains(args, "needle") {
			args = append(args, "needle", ".")
		}
		sameSetAsRg(t, rg, dir, args...)
	}
}

// TestSelectGlobsLikeRg: -g and --iglob as rg's: gitignore's syntax,
// "**", "!" and directories left out unwalked, the last glob that
// matches deciding, --iglob after every -g, and a glob over a type.
func TestSelectGlobsLikeRg(t *testing.T) {
	rg := needRg(t)
	dir := rgTree(t)
	for _, args := range [][]string{
		{"-g", "*.go"},
		{"-g", "!*.go"},
		{"--glob=*.go", "-g", "!vendor"},
		{"-g", "*.go", "-g", "!vendor/"},
		{"-g", "*.go", "-g", "!/vendor"},
		{"-g", "!sub/**"},
		{"-g", "sub/**"},
		{"-g", "**/deep/*"},
		{"-g", "sub/*.go"},
		{"-g", "/a.go"},
		{"-g", "*.{go,rs}"},
		{"-g", "[ab].*"},
		{"-g", "*.go", "-g", "!v*.go"},
		{"-g", "!v*.go", "-g", "*.go"},
		{"-g", "!.*"},
		{"-g", "*.txt", "-t", "go"},
		{"-g", "!*.txt", "-t", "txt"},
		{"-g", "sub"},
		{"-g", "*.TXT"},
		{"--iglob", "*.txt"},
		{"--iglob", "DOCS/*.md"},
		{"-g", "*.txt", "--iglob", "!*.TXT"},
		{"--iglob", "!*.TXT", "-g", "*.txt"},
		{"-g", "*.md", "-l", "needle", ".", "a.go"},
		{"-g", "!sub", "needle", "sub"},
		{"-g", "sp ace.*"},
		{"-g", `\!x`},
	} {
		if !slices.Contains(args, "needle") {
			args = append(args, "needle", ".")
		}
		sameSetAsRg(t, rg, dir, args...)
	}
}

// TestSelectGlobAnchoredAtCwd: a glob with a slash matches the path as
// urg names it, anchored at the working directory (a path that starts
// with it stripped of it), as rg's does, not the path below the operand:
// "-g deep/*.go ... sub" finds nothing, "-g sub/deep/*.go ... sub" and,
// run in sub, "-g deep/*.go ... ." find sub/deep/z.go; the absolute
// path of sub matches as "sub" does.
func TestSelectGlobAnchoredAtCwd(t *testing.T) {
	dir := rgTree(t)
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := urgT(t, dir, nil, "-l", "-g", "deep/*.go", "needle", "sub")
	checkResult(t, "urg -l -g deep/*.go needle sub", got, result{"", "", 1})
	got = urgT(t, dir, nil, "-l", "-g", "sub/deep/*.go", "needle", "sub")
	checkResult(t, "urg -l -g sub/deep/*.go needle sub", got, result{"sub/deep/z.go\n", "", 0})
	got = urgT(t, filepath.Join(dir, "sub"), nil, "-l", "-g", "deep/*.go", "needle", ".")
	checkResult(t, "urg -l -g deep/*.go needle . in sub", got, result{"./deep/z.go\n", "", 0})
	got = urgT(t, dir, nil, "--sort=path", "-l", "-g", "/sub/x.go", "needle", "sub", filepath.Join(real, "sub"))
	checkResult(t, "urg --sort=path -l -g /sub/x.go needle sub $dir/sub", got, result{"sub/x.go\n" + filepath.Join(real, "sub", "x.go") + "\n", "", 0})
	if rg, err := exec.LookPath("rg"); err == nil {
		r := runCtx(t, filepath.Join(dir, "sub"), nil, nil, rg, "--no-config", "-uuu", "-l", "-g", "deep/*.go", "needle", ".")
		checkResult(t, "rg -l -g deep/*.go needle . in sub", r, result{"./deep/z.go\n", "", 0})
	}
}

// TestSelectMaxFilesizeLikeRg: --max-filesize skips the larger files met
// while walking, not those named, as rg's.
func TestSelectMaxFilesizeLikeRg(t *testing.T) {
	rg := needRg(t)
	dir := rgTree(t)
	for _, args := range [][]string{
		{"--max-filesize", "100", "-l"},
		{"--max-filesize=5K", "-c"},
		{"--max-filesize", "5499", "-l"},
		{"--max-filesize", "5500", "-l"},
		{"--max-filesize", "0", "-l"},
		{"--max-filesize", "1M", "-t", "txt", "-l"},
		{"--max-filesize", "7", "-l", "needle", ".", "big.txt"},
	} {
		if !slices.Contains(args, "needle") {
			args = append(args, "needle", ".")
		}
		sameSetAsRg(t, rg, dir, args...)
	}
}

// TestSelectTypeList: --type-list prints every type as rg --type-list
// does, sorted, with the types --type-add adds, and exits 0 without a
// pattern.
func TestSelectTypeList(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--type-add", "foo:*.foo", "--type-add", "foo:*.bar", "--type-add", "go:*.go2", "--type-list"}
	got := urgT(t, dir, nil, args...)
	lines := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
	if got.code != 0 || got.stderr != "" || len(lines) < 200 || !slices.IsSorted(lines) {
		t.Fatalf("urg %q: status %d, stderr %q, %d lines (sorted: %v)", args, got.code, got.stderr, len(lines), slices.IsSorted(lines))
	}
	for _, want := range []string{"foo: *.bar, *.foo", "go: *.go, *.go2", "rust: *.rs", "c: *.[chH], *.[chH].in, *.cats"} {
		if !slices.Contains(lines, want) {
			t.Errorf("urg --type-list lacks %q", want)
		}
	}
	if rg, err := exec.LookPath("rg"); err == nil {
		r := runCtx(t, dir, nil, nil, rg, append([]string{"--no-config"}, args...)...)
		for _, l := range strings.Split(r.stdout, "\n") {
			if name, _, _ := strings.Cut(l, ":"); name == "foo" || name == "go" || name == "rust" {
				if !slices.Contains(lines, l) {
					t.Errorf("rg --type-list prints %q, urg does not", l)
				}
			}
		}
	}
}

// TestSelectBadInput: an unknown type, a bad --type-add, a malformed
// glob, a bad --max-filesize, a bad -d or -D ACTION and a missing
// --exclude-from FILE each give one line on stderr, nothing on stdout,
// exit status 2, before anything is searched. The -d and -D lines are
// grep's first (grep exits 1 after a bad -d, and prints its valid
// ACTIONs and usage).
func TestSelectBadInput(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "needle\n"})
	for _, c := range []struct {
		args []string
		want string // the one line on stderr
	}{
		{[]string{"-t", "nosuch"}, "urg: unrecognized file type: nosuch (urg --type-list lists them)"},
		{[]string{"--type-not", "nosuch"}, "urg: unrecognized file type: nosuch (urg --type-list lists them)"},
		{[]string{"--type-add", "foo"}, "urg: invalid definition 'foo' (format is NAME:GLOB,... or NAME:include:TYPE,..., e.g., html:*.html)"},
		{[]string{"--type-add", "a-b:*.x"}, "urg: invalid definition 'a-b:*.x' (format is NAME:GLOB,... or NAME:include:TYPE,..., e.g., html:*.html)"},
		{[]string{"--type-add", "x:include:nosuch"}, "urg: unrecognized file type: nosuch (urg --type-list lists them)"},
		{[]string{"--type-add", "x:*.[ch", "--type-list"}, "urg: error parsing glob '*.[ch': unclosed character class; missing ']'"},
		{[]string{"-g", "["}, "urg: error parsing glob '[': unclosed character class; missing ']'"},
		{[]string{"--iglob", "{a,b"}, "urg: error parsing glob '{a,b': unclosed alternate group; missing '}'"},
		{[]string{"-g", `a\`}, `urg: error parsing glob 'a\': dangling '\'`},
		{[]string{"--max-filesize", "1Q"}, "urg: invalid argument '1Q' for '--max-filesize' (want a number of bytes, with an optional K, M or G suffix)"},
		{[]string{"--max-filesize", "-1"}, "urg: invalid argument '-1' for '--max-filesize' (want a number of bytes, with an optional K, M or G suffix)"},
		{[]string{"--max-filesize="}, "urg: invalid argument '' for '--max-filesize' (want a number of bytes, with an optional K, M or G suffix)"},
		{[]string{"--exclude-from=nonexistent"}, "urg: nonexistent: No such file or directory"},
		{[]string{"-d", "bogus"}, "urg: invalid argument 'bogus' for '--directories'"},
		{[]string{"--directories=re"}, "urg: ambiguous argument 're' for '--directories'"},
		{[]string{"-d", ""}, "urg: ambiguous argument '' for '--directories'"},
		{[]string{"-d", "bogus", "-d", "skip"}, "urg: invalid argument 'bogus' for '--directories'"},
		{[]string{"-D", "bogus"}, "urg: unknown devices method"},
		{[]string{"--devices=sk"}, "urg: unknown devices method"},
	} {
		args := append(append([]string{}, c.args...), "needle", "a.txt")
		got := urgT(t, dir, nil, args...)
		want := c.want
		if got.stdout != "" || got.stderr != want+"\n" || got.code != 2 {
			t.Errorf("urg %q: stdout %q, stderr %q, status %d; want only %q on stderr, status 2", args, got.stdout, got.stderr, got.code, want)
		}
		if c.args[0] != "-d" && c.args[0] != "-D" && !strings.HasPrefix(c.args[0], "--d") {
			continue
		}
		grep := needGrep(t)
		for _, env := range selectLocales(t) {
			g := runCtx(t, dir, nil, env, grep, args...)
			u := runCtx(t, dir, nil, env, urgBin, args...)
			if first, _, _ := strings.Cut(g.stderr, "\n"); strings.Replace(first, grep+":", "urg:", 1)+"\n" != u.stderr {
				t.Errorf("%v grep %q: first line %q; urg's stderr %q", env, args, first, u.stderr)
			}
		}
	}
}

// TestSelectStats: --stats counts what the types, globs and
// --max-filesize left out among the walk's filters.
func TestSelectStats(t *testing.T) {
	dir := rgTree(t)
	got := urgT(t, dir, nil, "--stats", "-t", "go", "-g", "!vendor/", "--max-filesize", "20", "-c", "needle", ".")
	// 25 files, 7 of them Go files: vendor/ and sub/vendor/ (globs),
	// the 18 others (the type), .hidden.go and sub/deep/z.go, of 21 and
	// 24 bytes (the size), are left out.
	if want := "skipped:  22 left out by the walk's filters (--include, --exclude, --ignore, --hidden, --glob, --type, --max-filesize)"; !strings.Contains(got.stderr, want) {
		t.Errorf("urg --stats: stderr lacks %q:\n%s", want, got.stderr)
	}
}
