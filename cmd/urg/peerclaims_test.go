//go:build unix

package main

// What README.md and docs/ say the peers do, checked against the peers
// installed (ripgrep 15, fd, GNU grep 3.12): a sentence about a peer is
// only as good as the peer's behaviour, and a peer's next version may
// change it. Each check names the sentence it backs; each peer missing
// skips its checks with the reason.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// peerGrep312 is GNU grep 3.12, the version the docs' sentences about
// grep were checked with, or skips the test.
func peerGrep312(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(grep312); err != nil {
		t.Skipf("GNU grep 3.12 is not at %s (bash ../shared/peers.sh installs it): %v", grep312, err)
	}
	return grep312
}

// peerFd finds fd (/opt/peers/bin/fd10 first, then fd or Debian's fdfind
// on PATH), or skips the test.
func peerFd(t *testing.T) string {
	t.Helper()
	candidates := []string{"/opt/peers/bin/fd10"}
	for _, name := range []string{"fd", "fdfind"} {
		if p, err := exec.LookPath(name); err == nil {
			candidates = append(candidates, p)
		}
	}
	for _, p := range candidates {
		out, err := exec.Command(p, "--version").Output()
		if err == nil && (strings.HasPrefix(string(out), "fd ") || strings.HasPrefix(string(out), "fdfind ")) {
			return p
		}
	}
	t.Skipf("no fd: neither /opt/peers/bin/fd10 nor fd or fdfind on PATH")
	return ""
}

// peerUTF8 is the environment of a C.UTF-8 locale, or skips the test.
func peerUTF8(t *testing.T) []string {
	t.Helper()
	env := localeEnv(t, "C.UTF-8")
	if env == nil {
		t.Skip("no C.UTF-8 locale")
	}
	return env
}

// hasLine reports whether out holds line as one of its lines.
func hasLine(out, line string) bool {
	return strings.Contains("\n"+out, "\n"+line+"\n")
}

// gitDirTree is a repository as the walk sees one (a .git directory), with
// a hidden file and an ignored one.
func gitDirTree(t *testing.T) string {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n",
		".gitignore": "ignored\n", "ignored": "x\n", "a": "x\n", ".hid": "x\n",
	})
	return dir
}

// TestPeerClaimsHiddenGitDir backs docs/differences.md: "Under it
// `--hidden` still leaves `.git` out, as git lists none of it, where
// `rg --hidden` and `fd -H` both list `.git`'s files; `-uu`, or
// `--no-ignore-vcs` (or `--no-ignore`) beside `--hidden`, brings it back
// in urg". The page once said urg left .git out "as fd does": fd -H
// lists it, which the fd check holds.
func TestPeerClaimsHiddenGitDir(t *testing.T) {
	dir := gitDirTree(t)
	out := urgT(t, dir, nil, "--ignore", "--hidden", "--files").stdout
	if strings.Contains("\n"+out, "\n.git/") || !hasLine(out, ".hid") || hasLine(out, "ignored") {
		t.Errorf("urg --ignore --hidden --files: %q; want .hid, and neither .git's files nor the ignored one", out)
	}
	for _, args := range [][]string{{"-uu"}, {"--hidden", "--no-ignore-vcs"}, {"--hidden", "--no-ignore"}} {
		args = append([]string{"--ignore", "--files"}, args...)
		if out := urgT(t, dir, nil, args...).stdout; !hasLine(out, ".git/HEAD") {
			t.Errorf("urg %q: %q; want .git/HEAD back", args, out)
		}
	}
	// Without --hidden, .git stays out as any hidden name does.
	if out := urgT(t, dir, nil, "--ignore", "--no-ignore-vcs", "--files").stdout; strings.Contains("\n"+out, "\n.git/") {
		t.Errorf("urg --ignore --no-ignore-vcs --files: %q; want no .git (hidden)", out)
	}
	t.Run("fd", func(t *testing.T) {
		fd := peerFd(t)
		if out := runCtx(t, dir, nil, nil, fd, "-H", "--type", "f").stdout; !hasLine(out, ".git/HEAD") {
			t.Errorf("%s -H --type f: %q; want .git/HEAD among them (docs/differences.md says fd -H lists .git)", fd, out)
		}
	})
	t.Run("ripgrep", func(t *testing.T) {
		rg, _ := ripgrep15(t)
		out := runCtx(t, dir, nil, []string{"RIPGREP_CONFIG_PATH="}, rg, "--hidden", "--files").stdout
		if !hasLine(out, ".git/HEAD") || hasLine(out, "ignored") {
			t.Errorf("%s --hidden --files: %q; want .git/HEAD, and not the ignored file", rg, out)
		}
	})
}

// TestPeerClaimsGrepUnicodeClasses backs docs/differences.md's locale
// paragraph: "`\d` stays ASCII, as in grep -P from 3.10 ... Not yet as
// grep 3.12's -P, which takes Unicode's spaces, digits and punctuation
// ... a no-break space is `\S` in urg and `\s` in grep, `٣` no
// `[[:digit:]]` and `«` no `[[:punct:]]` in urg". The page once said
// `\s` and `[[:digit:]]` stayed ASCII as PCRE2 (grep -P) has them; grep
// 3.12 matches both beyond ASCII. The urg half fails once urg takes
// Unicode's classes: the sentence then goes.
func TestPeerClaimsGrepUnicodeClasses(t *testing.T) {
	grep, env := peerGrep312(t), peerUTF8(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"nbsp": "\u00a0\n", "digit": "\u0663\n", "punct": "\u00ab\n"})
	for _, c := range []struct {
		pattern, file string
		grep, urg     int // statuses: 0 matched, 1 not
	}{
		{`\s`, "nbsp", 0, 1}, {`^\S$`, "nbsp", 1, 0}, {`[[:space:]]`, "nbsp", 0, 1},
		{`[[:digit:]]`, "digit", 0, 1}, {`[[:punct:]]`, "punct", 0, 1},
		{`\d`, "digit", 1, 1}, {`^\D$`, "digit", 0, 0},
	} {
		if r := runCtx(t, dir, nil, env, grep, "-qP", c.pattern, c.file); r.code != c.grep {
			t.Errorf("grep 3.12 -qP %q on %s under C.UTF-8: status %d, want %d", c.pattern, c.file, r.code, c.grep)
		}
		if r := runCtx(t, dir, nil, env, urgBin, "-q", c.pattern, c.file); r.code != c.urg {
			t.Errorf("urg -q %q on %s under C.UTF-8: status %d, want %d as docs/differences.md says (if urg now agrees with grep, update the page)", c.pattern, c.file, r.code, c.urg)
		}
	}
}

// TestPeerClaimsPosixClassFolding backs docs/differences.md: "PCRE2 under
// a UTF-8 locale folds no POSIX class; ... `-i '[[:upper:]]'` finds `a`
// in urg and not in grep -P there (in the C locale PCRE2 folds it too)".
// The page once said PCRE folds no POSIX class at all.
func TestPeerClaimsPosixClassFolding(t *testing.T) {
	grep, utf8 := peerGrep312(t), peerUTF8(t)
	for _, c := range []struct {
		env        []string
		grep, urg  int
		localeName string
	}{{utf8, 1, 0, "C.UTF-8"}, {nil, 0, 0, "C"}} {
		if r := runCtx(t, "", []byte("a\n"), c.env, grep, "-qiP", "[[:upper:]]"); r.code != c.grep {
			t.Errorf("echo a | grep 3.12 -qiP '[[:upper:]]' under %s: status %d, want %d", c.localeName, r.code, c.grep)
		}
		if r := runCtx(t, "", []byte("a\n"), c.env, urgBin, "-qi", "[[:upper:]]"); r.code != c.urg {
			t.Errorf("echo a | urg -qi '[[:upper:]]' under %s: status %d, want %d as docs/differences.md says", c.localeName, r.code, c.urg)
		}
	}
}

// TestPeerClaimsClosedStdin backs docs/differences.md: with no PATH,
// "grep reads it, finds nothing and exits 1 (a closed one is its error,
// `grep: (standard input): Bad file descriptor`, status 2); urg searches
// the current directory, as ripgrep does ... where ripgrep says nothing
// and exits 1". The page once gave grep status 1 for a closed one too.
func TestPeerClaimsClosedStdin(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a": "needle\n"})
	if r := withStdin(t, dir, nil, nil, "<&-", urgBin, "needle"); r.stdout != "a:needle\n" || r.code != 0 {
		t.Errorf("urg needle <&-: %q, status %d; want the current directory searched", r.stdout, r.code)
	}
	t.Run("grep", func(t *testing.T) {
		grep := peerGrep312(t)
		if r := withStdin(t, dir, nil, nil, "</dev/null", grep, "needle"); r.code != 1 || r.stdout+r.stderr != "" {
			t.Errorf("grep needle </dev/null: %+v; want nothing, status 1", r)
		}
		r := withStdin(t, dir, nil, nil, "<&-", grep, "needle")
		if r.code != 2 || !strings.Contains(r.stderr, ": (standard input): Bad file descriptor") {
			t.Errorf("grep needle <&-: %+v; want its Bad file descriptor error, status 2", r)
		}
	})
	t.Run("ripgrep", func(t *testing.T) {
		rg, _ := ripgrep15(t)
		env := []string{"RIPGREP_CONFIG_PATH="}
		if r := withStdin(t, dir, nil, env, "<&-", rg, "needle"); r.stdout != "a:needle\n" {
			t.Errorf("rg needle <&-: %+v; want the current directory searched", r)
		}
		if r := withStdin(t, dir, nil, env, "<&-", rg, "needle", "-"); r.code != 1 || r.stdout+r.stderr != "" {
			t.Errorf("rg needle - <&-: %+v; want nothing said, status 1", r)
		}
	})
}

// TestPeerClaimsRipgrepFlags backs docs/differences.md: "`--sort=path`
// and `--stats`, `--max-depth`, `--follow` and `-j` are not grep's: all
// five are ripgrep's flags too". The page once gave ripgrep only the
// first two.
func TestPeerClaimsRipgrepFlags(t *testing.T) {
	rg, _ := ripgrep15(t)
	grep := peerGrep312(t)
	rgHelp := runCtx(t, "", nil, []string{"RIPGREP_CONFIG_PATH="}, rg, "--help").stdout
	grepHelp := runCtx(t, "", nil, nil, grep, "--help").stdout
	for _, flag := range []string{"--sort", "--stats", "--max-depth", "--follow", "--threads"} {
		re := regexp.MustCompile(`(?m)^\s+(?:-\w(?: [A-Z]+)?, )?` + flag + `\b`)
		if !re.MatchString(rgHelp) {
			t.Errorf("rg --help does not define %s", flag)
		}
		if re.MatchString(grepHelp) {
			t.Errorf("grep 3.12 --help defines %s", flag)
		}
	}
}

// defines reports whether a --help text defines the short option letter
// with the long name long (grep's "-I  equivalent to --binary-files=..."
// included).
func defines(help, letter, long string) bool {
	re := `(?m)^\s+-` + letter + `(?: [A-Z]+)?(?:, |\s+equivalent to )` + regexp.QuoteMeta(long) + `\b`
	return regexp.MustCompile(re).MatchString(help)
}

// TestPeerClaimsLetters backs README.md's table under "grep's letters and
// ripgrep's" ("Where a short flag means one thing to grep and another to
// ripgrep"), each row's grep and ripgrep meanings, and "ripgrep's other
// letters that grep leaves free keep ripgrep's meaning". The table once
// lacked -L, -d, -I, -s and -h, and the sentence -N, -p, -u and -j.
func TestPeerClaimsLetters(t *testing.T) {
	rg, _ := ripgrep15(t)
	grep := peerGrep312(t)
	rgHelp := runCtx(t, "", nil, []string{"RIPGREP_CONFIG_PATH="}, rg, "--help").stdout
	grepHelp := runCtx(t, "", nil, nil, grep, "--help").stdout
	for _, row := range [][3]string{
		{"r", "--recursive", "--replace"}, {"z", "--null-data", "--search-zip"},
		{"T", "--initial-tab", "--type-not"}, {"U", "--binary", "--multiline"},
		{"E", "--extended-regexp", "--encoding"}, {"L", "--files-without-match", "--follow"},
		{"d", "--directories", "--max-depth"}, {"I", "--binary-files", "--no-filename"},
		{"s", "--no-messages", "--case-sensitive"}, {"h", "--no-filename", "--help"},
	} {
		if !defines(grepHelp, row[0], row[1]) || !defines(rgHelp, row[0], row[2]) {
			t.Errorf("-%s: want grep's %s and ripgrep's %s, as README.md's table says", row[0], row[1], row[2])
		}
	}
	for _, row := range [][2]string{
		{"S", "--smart-case"}, {"M", "--max-columns"}, {"t", "--type"}, {"g", "--glob"},
		{"N", "--no-line-number"}, {"p", "--pretty"}, {"u", "--unrestricted"}, {"j", "--threads"},
	} {
		if !defines(rgHelp, row[0], row[1]) {
			t.Errorf("rg --help does not define -%s as %s", row[0], row[1])
		}
		if r := runCtx(t, "", nil, nil, grep, "-"+row[0], "x", os.DevNull); r.code != 2 || regexp.MustCompile(`(?m)^\s+-`+row[0]+`\b`).MatchString(grepHelp) {
			t.Errorf("grep 3.12 -%s: status %d; want it refused, a letter grep leaves free", row[0], r.code)
		}
	}
}

// TestPeerClaimsShardStatus backs docs/scale.md: "the exit status is
// grep's over all of them: 2 if any job had an error (grep's status after
// an error is 2 even when lines were selected), else 0 if any job
// selected a line, else 1", and the page's merge that does it. The page's
// merge once put a selected line first, 0 where grep says 2.
func TestPeerClaimsShardStatus(t *testing.T) {
	merge := scaleMerge(t)
	for _, c := range []struct {
		codes []int
		want  int
	}{{[]int{0, 2}, 2}, {[]int{2, 1}, 2}, {[]int{1, 0}, 0}, {[]int{1, 1}, 1}} {
		dir := t.TempDir()
		for i, code := range c.codes {
			writeTree(t, dir, map[string]string{fmt.Sprintf("shard-%d.out", i+1): "", fmt.Sprintf("shard-%d.code", i+1): fmt.Sprintf("%d\n", code)})
		}
		if r := runCtx(t, dir, nil, nil, "sh", "-c", merge); r.code != c.want {
			t.Errorf("docs/scale.md's merge of statuses %v: %d, want %d", c.codes, r.code, c.want)
		}
	}
	t.Run("grep", func(t *testing.T) {
		grep := peerGrep312(t)
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"f": "x\n"})
		if r := runCtx(t, dir, nil, nil, grep, "x", "f", "missing"); r.code != 2 || r.stdout != "f:x\n" {
			t.Errorf("grep x f missing: %+v; want f's line and status 2", r)
		}
		// The page's note on -q: a selected line wins there.
		if r := runCtx(t, dir, nil, nil, grep, "-q", "x", "f", "missing"); r.code != 0 {
			t.Errorf("grep -q x f missing: status %d, want 0", r.code)
		}
	})
}

// exitsBeforeEOF runs name args FIFO with standard output on /dev/null,
// the FIFO holding one line "needle" and its writer left open: it reports
// whether name ended within wait, before the FIFO's end, as a searcher
// that stops reading a file at its first match there does.
func exitsBeforeEOF(t *testing.T, wait time.Duration, env []string, name string, args ...string) bool {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// Read and write: the open does not wait for a reader, and the end
	// of the FIFO comes only when the test closes it.
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.WriteString("needle\n")
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	cmd := exec.Command(name, append(args, fifo)...)
	cmd.Stdout, cmd.Env = null, append(append(os.Environ(), "LC_ALL=C"), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return true
	case <-time.After(wait):
	}
	w.Close()
	select {
	case <-done:
	case <-time.After(cliTimeout):
		cmd.Process.Kill()
		t.Errorf("%s %q: still running after the FIFO's end", name, args)
	}
	return false
}

// TestPeerClaimsDevNull backs docs/performance.md#how-to-measure-here: "output piped, never
// to /dev/null (GNU grep stops reading each file at its first match
// there; ripgrep 15.2 reads on)". The page once said ripgrep stopped.
func TestPeerClaimsDevNull(t *testing.T) {
	t.Run("grep", func(t *testing.T) {
		if grep := peerGrep312(t); !exitsBeforeEOF(t, cliTimeout, nil, grep, "needle") {
			t.Errorf("grep needle FIFO > /dev/null read on to the FIFO's end; docs/performance.md says it stops at the first match")
		}
	})
	t.Run("ripgrep", func(t *testing.T) {
		rg, _ := ripgrep15(t)
		if exitsBeforeEOF(t, time.Second, []string{"RIPGREP_CONFIG_PATH="}, rg, "needle") {
			t.Errorf("rg needle FIFO > /dev/null ended before the FIFO's end; docs/performance.md says ripgrep reads on")
		}
	})
}

// TestPeerClaimsBinaryBlocks backs docs/differences.md: "a NUL byte in
// any block read makes the rest of the file binary, as in grep, but
// urg's blocks are 256 KiB, grep's 96 KiB ... before the notice `urg:
// PATH: binary file matches` (on stderr, as grep 3.8 prints it)": with
// the first NUL past 100 KiB, grep prints the lines of its first 96 KiB,
// urg none, and both say so on stderr.
func TestPeerClaimsBinaryBlocks(t *testing.T) {
	grep := peerGrep312(t)
	var b strings.Builder
	for i := 0; b.Len() < 100<<10; i++ {
		fmt.Fprintf(&b, "x%07d\n", i) // 9 bytes a line
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"bin": b.String() + "\x00\nx after\n"})
	g := runCtx(t, dir, nil, nil, grep, "x", "bin")
	if n := strings.Count(g.stdout, "\n") * 9; n > 96<<10 || n <= 96<<10-9 || !strings.HasSuffix(g.stderr, ": bin: binary file matches\n") {
		t.Errorf("grep x bin: %d bytes of lines printed, stderr %q; want the lines of its first 96 KiB, then the notice on stderr", n, g.stderr)
	}
	if u := urgT(t, dir, nil, "x", "bin"); u.stdout != "" || u.stderr != "urg: bin: binary file matches\n" {
		t.Errorf("urg x bin: stdout of %d bytes, stderr %q; want no line (one 256 KiB block) and the notice", len(u.stdout), u.stderr)
	}
}

// TestPeerClaimsPatterns backs docs/differences.md's sentences on several
// patterns and on ripgrep's syntax: grep refuses several -P patterns
// ("the -P option only supports a single pattern") and (?-u)
// ("unrecognized character after (? or (?-"); "-F -o -e bb -e cc -e ccc
// prints ccc"; "(?i-u)k finds the Kelvin sign, where ripgrep's does not";
// "-o '\w+' ... prints 2³² and abc¼ whole, where ripgrep's \w ... stops
// at ³ and ¼".
func TestPeerClaimsPatterns(t *testing.T) {
	env := peerUTF8(t)
	line := []byte("2\u00b3\u00b2 abc\u00bc \u212a\n")
	t.Run("grep", func(t *testing.T) {
		grep := peerGrep312(t)
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"-P", "-e", "a", "-e", "b"}, "the -P option only supports a single pattern"},
			{[]string{"-P", "(?-u)a"}, "unrecognized character after (? or (?-"},
		} {
			if r := runCtx(t, "", []byte("a\n"), nil, grep, c.args...); r.code != 2 || !strings.Contains(r.stderr, c.want) {
				t.Errorf("grep %q: %+v; want status 2 and %q", c.args, r, c.want)
			}
		}
		if r := runCtx(t, "", []byte("xbbccc\n"), nil, grep, "-F", "-o", "-e", "bb", "-e", "cc", "-e", "ccc"); r.stdout != "bb\nccc\n" {
			t.Errorf("grep -F -o -e bb -e cc -e ccc: %q, want bb and ccc", r.stdout)
		}
		if r := runCtx(t, "", line, env, grep, "-oP", `\w+`); r.stdout != "2\u00b3\u00b2\nabc\u00bc\n\u212a\n" {
			t.Errorf("grep -oP '\\w+' under C.UTF-8: %q", r.stdout)
		}
	})
	t.Run("ripgrep", func(t *testing.T) {
		rg, _ := ripgrep15(t)
		env := append(env, "RIPGREP_CONFIG_PATH=")
		if r := runCtx(t, "", line, env, rg, "-o", `\w+`); r.stdout != "2\nabc\n\u212a\n" {
			t.Errorf("rg -o '\\w+' under C.UTF-8: %q; want it to stop at ³ and ¼", r.stdout)
		}
		if r := runCtx(t, "", line, env, rg, "-c", "(?i-u)k"); r.code != 1 {
			t.Errorf("rg -c '(?i-u)k' on the Kelvin sign: %+v; want no match", r)
		}
	})
	if r := runCtx(t, "", line, env, urgBin, "-o", `\w+`); r.stdout != "2\u00b3\u00b2\nabc\u00bc\n\u212a\n" {
		t.Errorf("urg -o '\\w+' under C.UTF-8: %q", r.stdout)
	}
	if r := runCtx(t, "", line, env, urgBin, "-c", "(?i-u)k"); r.stdout != "1\n" {
		t.Errorf("urg -c '(?i-u)k' on the Kelvin sign: %+v; want it found", r)
	}
}

// TestPeerClaimsIncludeExclude backs docs/differences.md: "of several
// `--include` and `--exclude`, the last whose glob matches decides, and
// a name none matches is searched unless the first of them is
// `--include`": grep 3.12 and urg list the same files.
func TestPeerClaimsIncludeExclude(t *testing.T) {
	grep := peerGrep312(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.c": "x\n", "b.h": "x\n", "c.txt": "x\n"})
	for _, globs := range [][]string{
		{"--include=*.c", "--exclude=a*"}, {"--exclude=a*", "--include=*.c"},
		{"--include=*.c", "--exclude=b*"}, {"--exclude=b*", "--include=*.c"}, {"--exclude=*.c"},
	} {
		args := append([]string{"-r", "-l"}, append(globs, "x", ".")...)
		want := runCtx(t, dir, nil, nil, grep, args...)
		got := urgT(t, dir, nil, args...)
		if strings.Join(sortedLines(got.stdout), " ") != strings.Join(sortedLines(want.stdout), " ") || got.code != want.code {
			t.Errorf("urg %q: %q status %d; grep 3.12 %q status %d", args, got.stdout, got.code, want.stdout, want.code)
		}
	}
}
