package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestColorTerminal: on a terminal (a pty made by script(1)) matches are
// coloured as GNU grep colours them, GREP_COLORS honoured; through a pipe,
// or with NO_COLOR, nothing is; --color=always colours anywhere, byte for
// byte as grep --color=always.
func TestColorTerminal(t *testing.T) {
	grep := needGrep(t)
	root := t.TempDir()
	writeTree(t, root, map[string]string{"d/a": "hay\nx needle y needle\n", "d/b": "needle\n"})
	for _, colors := range []string{"", "mt=01;32:fn=34:ln=33:se=35", "ms=4:fn=:ln=1;36"} {
		env := []string{"GREP_COLORS=" + colors}
		for _, args := range [][]string{{"-n", "needle", "d/a"}, {"-H", "-n", "-b", "needle", "d/a"}, {"-o", "-H", "needle", "d/a"}, {"-C1", "-H", "y", "d/a"}} {
			want := runCtx(t, root, nil, env, grep, append([]string{"--color=always"}, args...)...)
			got := runCtx(t, root, nil, env, urgBin, append([]string{"--color=always"}, args...)...)
			if got.stdout != want.stdout {
				t.Errorf("GREP_COLORS=%q --color=always %q:\n got %q\nwant %q", colors, args, got.stdout, want.stdout)
			}
		}
	}
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script(1) is not installed: no pty to test the terminal case")
	}
	onTTY := func(env ...string) string {
		cmd := exec.Command(script, "-qec", urgBin+" needle d/b", "/dev/null")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), append([]string{"TERM=xterm", "NO_COLOR=", "GREP_COLORS="}, env...)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("script: %v", err)
		}
		return strings.ReplaceAll(string(out), "\r\n", "\n")
	}
	if got := onTTY(); got != "\x1b[01;31m\x1b[Kneedle\x1b[m\x1b[K\n" {
		t.Errorf("on a terminal: %q, want the match coloured", got)
	}
	if got := onTTY("NO_COLOR=1"); got != "needle\n" {
		t.Errorf("on a terminal with NO_COLOR: %q, want no colour", got)
	}
	if got := urg(t, root, "needle", "d/b"); got.stdout != "needle\n" {
		t.Errorf("through a pipe: %q, want no colour", got.stdout)
	}
}

// TestHeading: --heading prints ripgrep's layout, a file's name above its
// lines and a blank line between files, with "--" between context groups
// only within a file.
func TestHeading(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"d/a": "needle\nhay\nhay\nhay\nneedle\n", "d/b": "x\nneedle\n"})
	got := urg(t, root, "--heading", "--sort=path", "-n", "needle", "d")
	if want := "d/a\n1:needle\n5:needle\n\nd/b\n2:needle\n"; got.stdout != want {
		t.Errorf("--heading -n:\n%q\nwant\n%q", got.stdout, want)
	}
	got = urg(t, root, "--heading", "--sort=path", "-A1", "needle", "d")
	if want := "d/a\nneedle\nhay\n--\nneedle\n\nd/b\nneedle\n"; got.stdout != want {
		t.Errorf("--heading -A1:\n%q\nwant\n%q", got.stdout, want)
	}
	if got = urg(t, root, "--heading", "needle", "d/b"); got.stdout != "needle\n" {
		t.Errorf("--heading on one file (no names): %q", got.stdout)
	}
}
