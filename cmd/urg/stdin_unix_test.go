//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// withStdin runs name args in dir from sh, with standard input as redir
// says ("</dev/null", "<&-", "<file", "" for a pipe from stdin).
func withStdin(t *testing.T, dir string, stdin []byte, env []string, redir, name string, args ...string) result {
	t.Helper()
	argv := append([]string{"-c", `exec "$0" "$@" ` + redir, name}, args...)
	return runCtx(t, dir, stdin, env, "sh", argv...)
}

// TestStdinRule holds urg, given no path, to ripgrep's rule for when it
// searches standard input: a file, a pipe or a socket is searched; a
// character device (/dev/null, as cron and CI hand it) or a closed one
// means the current directory. Checked against ripgrep 15 where
// installed.
func TestStdinRule(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a": "needle a\n", "sub/b": "needle b\n"})
	in := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(in, []byte("needle in\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, stdin := "a\nsub/b\n", "(standard input)\n"
	cases := []struct {
		redir string
		pipe  []byte
		want  string
	}{
		{"</dev/null", nil, tree},
		{"<&-", nil, tree},
		{"<" + in, nil, stdin},
		{"", []byte("needle pipe\n"), stdin},
		{"<" + dir, nil, tree},
	}
	rg, _, _ := findRipgrep15()
	for _, tc := range cases {
		got := withStdin(t, dir, tc.pipe, nil, tc.redir, urgBin, "-l", "needle")
		if g := strings.Join(sortedLines(got.stdout), "\n") + "\n"; g != tc.want || got.code != 0 || got.stderr != "" {
			t.Errorf("urg -l needle %s: stdout %q, stderr %q, status %d; want %q, none, 0", tc.redir, g, got.stderr, got.code, tc.want)
		}
		if rg == "" {
			continue
		}
		want := withStdin(t, dir, tc.pipe, []string{"RIPGREP_CONFIG_PATH="}, tc.redir, rg, "-uuu", "-l", "needle")
		want.stdout = strings.ReplaceAll(want.stdout, "<stdin>", "(standard input)")
		if sortedLines(want.stdout) == nil || strings.Join(sortedLines(want.stdout), "\n") != strings.Join(sortedLines(got.stdout), "\n") {
			t.Errorf("urg -l needle %s: %q; rg 15 %q", tc.redir, got.stdout, want.stdout)
		}
	}
	if rg == "" {
		t.Log("no ripgrep 15 here: the rule is checked against its expected outputs only")
	}
}

// TestStdinClosed holds urg to grep's error when standard input, named
// with -, was closed: the message, the other files still searched, and
// status 2.
func TestStdinClosed(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a": "needle a\n"})
	for _, args := range [][]string{{"needle", "-"}, {"-l", "needle", "a", "-"}, {"-c", "needle", "-", "a"}} {
		got := withStdin(t, dir, nil, nil, "<&-", urgBin, args...)
		want := withStdin(t, dir, nil, nil, "<&-", grep, args...)
		want.stderr = regexp.MustCompile(`(?m)^\S*grep[0-9]*:`).ReplaceAllString(want.stderr, "urg:")
		checkResult(t, "urg "+strings.Join(args, " ")+" <&-", got, want)
		if got.code != 2 {
			t.Errorf("urg %q <&-: status %d, want 2", args, got.code)
		}
	}
	checkResult(t, "urg needle - </dev/null", withStdin(t, dir, nil, nil, "</dev/null", urgBin, "needle", "-"), result{"", "", 1})
}

// TestJSONStdinAsRipgrep15 holds `cat f | urg --json` to ripgrep 15's
// output byte for byte but for the times: standard input is "<stdin>"
// there, and the summary's keys are in ripgrep's order.
func TestJSONStdinAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	times := regexp.MustCompile(`"(secs|nanos)":\d+|"human":"[0-9.]+s"`)
	in := []byte("a x\nb\nx y\n\xffx\n")
	for _, args := range [][]string{{"--json", "x"}, {"--json", "-C1", "b"}, {"--json", "nothing"}, {"--json", "x", "-"}} {
		got := runCtx(t, "", in, env, urgBin, args...)
		want := runCtx(t, "", in, env, rg, args...)
		got.stdout, want.stdout = times.ReplaceAllString(got.stdout, "T"), times.ReplaceAllString(want.stdout, "T")
		checkResult(t, "urg "+strings.Join(args, " ")+" <<< stdin", got, want)
	}
	got := runCtx(t, "", in, env, urgBin, "--json", "--label=in", "x")
	if !strings.Contains(got.stdout, `"path":{"text":"in"}`) {
		t.Errorf("urg --json --label=in x: %q, want the label as the path", got.stdout)
	}
}
