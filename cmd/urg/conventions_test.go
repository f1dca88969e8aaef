package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The command-line conventions of GNU grep that its own test suite and
// ripgrep's regression cases found missing or wrong in urg, each checked
// against GNU grep (LC_ALL=C) run the same way in the same directory.

// sameAsGrep runs grep and urg with args, stdin and env in dir, and
// compares what each printed (grep's "grep:" prefix read as "urg:") and
// its exit status. sort compares the lines of stdout as sets, for
// searches whose order is the walk's.
func sameAsGrep(t *testing.T, dir string, stdin []byte, env []string, sort bool, args ...string) {
	t.Helper()
	grep := needGrep(t)
	want := runCtx(t, dir, stdin, env, grep, args...)
	want.stderr = strings.ReplaceAll(strings.ReplaceAll(want.stderr, grep+":", "urg:"), "grep:", "urg:")
	got := runCtx(t, dir, stdin, env, urgBin, args...)
	if sort {
		// Files finish in any order, and so do their messages.
		want.stdout = strings.Join(sortedLines(want.stdout), "\n")
		got.stdout = strings.Join(sortedLines(got.stdout), "\n")
		want.stderr = strings.Join(sortedLines(want.stderr), "\n")
		got.stderr = strings.Join(sortedLines(got.stderr), "\n")
	}
	checkResult(t, fmt.Sprintf("urg %q", args), got, want)
}

// TestCLIFilenameLastWins: of -h and -H (and of -l and -L), the later
// option wins, as in grep.
func TestCLIFilenameLastWins(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"w1": "wx\n", "w2": "wy\nzz\n"})
	for _, args := range [][]string{
		{"-h", "-H", "w.", "w1"},
		{"-H", "-h", "w.", "w1", "w2"},
		{"-hH", "w.", "w1", "w2"},
		{"-Hh", "w.", "w1"},
		{"-l", "-L", "z", "w1", "w2"},
		{"-L", "-l", "z", "w1", "w2"},
	} {
		sameAsGrep(t, dir, nil, nil, false, args...)
	}
}

// TestCLIIncludeExcludeOrder: of several --include and --exclude, the
// last whose glob matches decides, and a name no glob matches is searched
// unless the first option is --include, as GNU grep's.
func TestCLIIncludeExcludeOrder(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"x/a": "aaa\n", "x/b": "bbb\n", "x/dir/d": "ddd\n", "x/ab": "abab\n"})
	for _, args := range [][]string{
		{"-r", "--exclude=Rumpelstiltskin", "--include=a*", "--exclude=a*", ".", "x"},
		{"-r", "--include=a*", "--exclude=a*", ".", "x"},
		{"-r", "--exclude=a*", "--include=a*", ".", "x"},
		{"-r", "--include=a*", ".", "x"},
		{"-r", "--include=b*", "--exclude=*", ".", "x"},
		{"-r", "--exclude=*", "--include=b*", ".", "x"},
		{"-r", "--exclude=ab", "--include=a*", ".", "x"},
		{"-r", "--include=a*", "--exclude=ab", ".", "x"},
		{"--exclude=*", "--include=a", ".", "x/a", "x/b"},
		{"--include=a", "--exclude=x/*", ".", "x/a", "x/b"},
	} {
		sameAsGrep(t, dir, nil, nil, true, args...)
	}
}

// TestCLIFilesWithoutMatchMaxCountZero: -L -m0 lists every file, since
// none can hold a selected line; other modes read nothing under -m0.
func TestCLIFilesWithoutMatchMaxCountZero(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"y1": "y\n"})
	for _, args := range [][]string{
		{"-L", "-m0", "y", "/dev/null"},
		{"-L", "-m0", "y", "/dev/null", "y1"},
		{"-L", "-m0", "y", "nonexistent"},
		{"-L", "-m0", "-r", "y", "."},
		{"-l", "-m0", "y", "y1"},
		{"-c", "-m0", "y", "y1"},
		{"-m0", "y", "nonexistent"},
	} {
		sameAsGrep(t, dir, nil, nil, true, args...)
	}
}

// TestCLIHelpWriteError: a failed write of --help, --version or
// --generate is an error (status 2), not a silent success.
func TestCLIHelpWriteError(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full to write to: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"--help"}, {"--version"}, {"--generate", "man"}} {
		cmd := exec.Command(urgBin, args...)
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = full, &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Errorf("urg %q > /dev/full: %v, want exit status 2", args, err)
			continue
		}
		if msg := stderr.String(); msg != "urg: write error: No space left on device\n" {
			t.Errorf("urg %q > /dev/full: stderr %q", args, msg)
		}
	}
}

// TestCLIStdinNotAFileNamedDash: with no path, standard input is
// searched as "(standard input)", without a name before its lines, even
// when the working directory holds an entry named "-".
func TestCLIStdinNotAFileNamedDash(t *testing.T) {
	for _, kind := range []string{"dir", "file"} {
		dir := t.TempDir()
		if kind == "dir" {
			if err := os.Mkdir(filepath.Join(dir, "-"), 0o755); err != nil {
				t.Fatal(err)
			}
		} else {
			writeTree(t, dir, map[string]string{"-": "a.json from the file\n"})
		}
		sameAsGrep(t, dir, []byte("a.json\n"), nil, false, "a")
		sameAsGrep(t, dir, []byte("a.json\n"), nil, false, "a", "-")
	}
}

// TestCLINoPatterns: -f with an empty file gives no pattern, which
// selects nothing: no file is read (a missing one is no error), -c
// prints nothing, -L lists every file, and -v selects every line.
func TestCLINoPatterns(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"empty": "", "f": "one\ntwo\n"})
	for _, args := range [][]string{
		{"-f", "/dev/null", "nonexistent"},
		{"-f", "empty", "f"},
		{"-f", "/dev/null", "-c", "f"},
		{"-f", "/dev/null", "-L", "f"},
		{"-f", "/dev/null", "-l", "f"},
		{"-v", "-f", "/dev/null", "f"},
		{"-f", "/dev/null", "-e", "two", "f"},
	} {
		sameAsGrep(t, dir, nil, nil, false, args...)
	}
}

// TestCLIPatternFileErrorPlace: a pattern from -f that does not compile
// is reported with its FILE:LINE, as grep reports it; one from -e or the
// command line without.
func TestCLIPatternFileErrorPlace(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"pats": "a\nb(\nc\n", "good": "x\n", "f": "x\n"})
	for _, tc := range []struct {
		args   []string
		prefix string
	}{
		{[]string{"-f", "pats", "f"}, "urg: pats:2: "},
		{[]string{"-f", "good", "-f", "pats", "f"}, "urg: pats:2: "},
		{[]string{"-e", "x", "-f", "pats", "f"}, "urg: pats:2: "},
		{[]string{"-e", "(", "-f", "pats", "f"}, "urg: invalid pattern "},
		{[]string{"b(", "f"}, "urg: invalid pattern "},
	} {
		r := urgT(t, dir, nil, tc.args...)
		if r.code != 2 || !strings.HasPrefix(r.stderr, tc.prefix) || r.stdout != "" {
			t.Errorf("urg %q: status %d, stderr %q, stdout %q; want 2 and a message starting %q", tc.args, r.code, r.stderr, r.stdout, tc.prefix)
		}
	}
}

// TestCLIContextDigits: -NUM is -C NUM, digits may sit among other short
// options (-n3), a later run of digits or -C replaces an earlier one, and
// -A and -B override -C whatever their order, as in grep.
func TestCLIContextDigits(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	writeTree(t, dir, map[string]string{"f": b.String()})
	for _, args := range [][]string{
		{"-3", "line 1[05]", "f"},
		{"-n3", "line 1[05]", "f"},
		{"-3n", "line 1[05]", "f"},
		{"-12", "line 15", "f"},
		{"-1n2", "line 15", "f"},
		{"-1", "-2", "line 15", "f"},
		{"-2", "-C", "1", "line 15", "f"},
		{"-C", "1", "-2", "line 15", "f"},
		{"-A1", "-C3", "line 15", "f"},
		{"-C3", "-B1", "line 15", "f"},
		{"-0", "line 1[05]", "f"},
		{"-m", "1", "-1", "line", "f"},
		{"-e", "-1", "f"},
		{"--", "-1", "f"},
	} {
		sameAsGrep(t, dir, nil, nil, false, args...)
	}
}

// TestCLILongOptionPrefixes: a long option may be shortened to a prefix
// that names one option only; an exact name wins over longer ones it
// begins; an ambiguous prefix is an error naming the candidates.
func TestCLILongOptionPrefixes(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f": "x1\nx2\nx3\n", "g": "x\n"})
	for _, args := range [][]string{
		{"--max-c=2", "x", "f"},
		{"--max-c", "2", "x", "f"},
		{"--no-file", "x", "f", "g"},
		{"--files-with-", "x", "f", "g"},
		{"--line-n", "x", "f"},
		{"--count", "x", "f"},
		{"--reg", "x2", "f"},
		{"-e", "--cou", "f"},
		{"x", "--", "--cou"},
	} {
		sameAsGrep(t, dir, nil, nil, false, args...)
	}
	r := urgT(t, dir, nil, "--no", "x", "f")
	if r.code != 2 || !strings.HasPrefix(r.stderr, "urg: option '--no' is ambiguous; possibilities: ") ||
		!strings.Contains(r.stderr, "'--no-filename'") || !strings.Contains(r.stderr, "'--no-messages'") {
		t.Errorf("urg --no: status %d, stderr %q", r.code, r.stderr)
	}
	r = urgT(t, dir, nil, "--files-with", "x", "f")
	if want := "urg: option '--files-with' is ambiguous; possibilities: '--files-with-matches' '--files-without-match'\n"; r.code != 2 || !strings.HasPrefix(r.stderr, want) {
		t.Errorf("urg --files-with: status %d, stderr %q, want %q first", r.code, r.stderr, want)
	}
	r = urgT(t, dir, nil, "--nonesuch", "x", "f")
	if r.code != 2 || !strings.Contains(r.stderr, "nonesuch") {
		t.Errorf("urg --nonesuch: status %d, stderr %q", r.code, r.stderr)
	}
}

// TestCLIGroupSeparator: --group-separator=SEP and --no-group-separator,
// as grep's, with context and across files.
func TestCLIGroupSeparator(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f": "a\nb\nc\nd\ne\nf\ng\nh\n", "g": "a\nb\nc\n"})
	for _, args := range [][]string{
		{"--group-separator=XX", "-A1", "[ae]", "f"},
		{"--group-separator=", "-A1", "[ae]", "f"},
		{"--group-separator", "::", "-C1", "[ag]", "f", "g"},
		{"--no-group-separator", "-A1", "[ae]", "f", "g"},
		{"--no-group-separator", "--group-separator=YY", "-A1", "[ae]", "f"},
		{"--group-separator=YY", "--no-group-separator", "-A1", "[ae]", "f"},
		{"--group-separator=XX", "[ae]", "f"},
		{"--group-separator=XX", "--color=always", "-A1", "[ae]", "f"},
	} {
		sameAsGrep(t, dir, nil, nil, false, args...)
	}
}

// TestCLIGrepColor: the old GREP_COLOR sets the match colour when
// GREP_COLORS does not, with grep's warning that it is deprecated.
func TestCLIGrepColor(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f": "axb\n"})
	for _, env := range [][]string{
		{"GREP_COLOR=1;32"},
		{"GREP_COLOR=1;32", "GREP_COLORS=mt=1;31"},
		{"GREP_COLOR=1;32", "GREP_COLORS=ms=4"},
		{"GREP_COLOR=1;32", "GREP_COLORS=fn=34"},
		{"GREP_COLOR=1;32", "GREP_COLORS=mc=4"},
		{"GREP_COLOR=1;32", "GREP_COLORS=ms=4:mc=4"},
		{"GREP_COLOR=bad"},
		{"GREP_COLOR="},
	} {
		sameAsGrep(t, dir, nil, env, false, "--color=always", "x", "f")
		sameAsGrep(t, dir, nil, env, false, "--color=never", "x", "f")
	}
}

// TestCLIUTF8Locales: the locales the UTF-8 tests run under exist, or are
// made for the test where the machine has their sources; a missing one
// is a printed skip, not a silent pass.
func TestCLIUTF8Locales(t *testing.T) {
	for _, name := range []string{"C.UTF-8", "en_US.UTF-8"} {
		env := localeEnv(t, name)
		if env == nil {
			continue
		}
		cmd := exec.Command("locale", "charmap")
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "UTF-8" {
			t.Errorf("%s: locale charmap = %q (%v), want UTF-8", name, out, err)
		}
	}
}

// localeEnv returns the environment that selects the locale name (LC_ALL,
// and LOCPATH when the locale had to be made for the test), or nil after
// a printed skip of that locale when it cannot be had here.
func localeEnv(t *testing.T, name string) []string {
	t.Helper()
	env := []string{"LC_ALL=" + name}
	out, _ := exec.Command("locale", "-a").Output()
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "-", "")) }
	if slices.ContainsFunc(strings.Fields(string(out)), func(l string) bool { return norm(l) == norm(name) }) {
		return env
	}
	lang, _, _ := strings.Cut(name, ".")
	if _, err := os.Stat("/usr/share/i18n/locales/" + lang); err != nil {
		skipLocale(t, name, "not installed, and no source to make it from (/usr/share/i18n/locales/"+lang+": Debian's locales package)")
		return nil
	}
	dir := t.TempDir()
	if out, err := exec.Command("localedef", "-i", lang, "-f", "UTF-8", filepath.Join(dir, name)).CombinedOutput(); err != nil {
		skipLocale(t, name, fmt.Sprintf("localedef failed: %v %s", err, out))
		return nil
	}
	return append(env, "LOCPATH="+dir)
}

// skipLocale says, even without -v, that the test runs without a locale.
func skipLocale(t *testing.T, name, why string) {
	t.Helper()
	t.Logf("skipping locale %s: %s", name, why)
	fmt.Fprintf(os.Stderr, "%s: skipping locale %s: %s\n", t.Name(), name, why)
}

// TestCLIEncodingErrorsUTF8: in a UTF-8 locale a line that is not valid
// UTF-8 is not printed, and the file's output ends with the binary-file
// notice; counts and statuses are as before, -a prints it, and the C
// locale prints it as bytes.
func TestCLIEncodingErrorsUTF8(t *testing.T) {
	dir := t.TempDir()
	in := "x1\nx\xe9\nx3\n"
	writeTree(t, dir, map[string]string{"f": in, "ok": "x ok\n", "sub/g": "caf\xe9 x\n"})
	for _, name := range []string{"C.UTF-8", "en_US.UTF-8"} {
		env := localeEnv(t, name)
		if env == nil {
			continue
		}
		for _, args := range [][]string{
			{"x"}, {"-c", "x"}, {"-o", "x[0-9]"}, {"-o", "x"}, {"-A1", "1"}, {"-v", "1"}, {"-n", "x"},
			{"-a", "x"}, {"-l", "x"}, {"-q", "x"}, {"--color=always", "x"}, {"-b", "-o", "x"},
		} {
			sameAsGrep(t, dir, []byte(in), env, false, args...)
			sameAsGrep(t, dir, nil, env, false, append(args, "f", "ok")...)
		}
		sameAsGrep(t, dir, nil, env, true, "-r", "x", ".")
	}
	sameAsGrep(t, dir, []byte(in), nil, false, "x")
}

// TestCLIGlobsAsFnmatch: --include, --exclude and --exclude-dir take
// fnmatch's globs, as grep's do (walk.Match, the one glob matcher of urg
// and spot): sets negated by '!' or '^', quoted bytes, '*' across '/' for
// a path named on the command line, a '[' without its ']'.
func TestCLIGlobsAsFnmatch(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.c": "hit\n", "sub/b.c": "hit\n", "x[1].txt": "hit\n", "[a": "hit\n",
		".h.c": "hit\n", "dd/e.c": "hit\n", "q*.c": "hit\n", "[a-": "hit\n"})
	for _, g := range []string{"*.c", "[!a]*.c", "[^a]*.c", "s*c", "x[1].txt", `x\[1\].txt`, `\*.c`, `q\*.c`, ".*", "[a-", "[a", "sub*"} {
		for _, opt := range []string{"--include=", "--exclude="} {
			sameAsGrep(t, dir, nil, nil, true, "-r", opt+g, "hit", ".", "sub/b.c", "dd")
		}
	}
	for _, g := range []string{"d*", "s?b", "[s]ub", "[!s]*"} {
		sameAsGrep(t, dir, nil, nil, true, "-r", "--exclude-dir="+g, "hit", ".")
	}
}
