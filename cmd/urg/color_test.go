package main

import (
	"fmt"
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

// TestColorsAsRipgrep15: --colors colours the parts as ripgrep 15's
// specs say, each part's first spec starting from ripgrep's colour for
// it: the same text with the same attributes on each byte as rg 15
// --color=always prints (the escape sequences themselves differ: urg
// writes grep's, one sequence a part). Separators are left uncoloured on
// both sides (GREP_COLORS se=), as ripgrep leaves them.
func TestColorsAsRipgrep15(t *testing.T) {
	rg, _ := ripgrep15(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f": "ab x ab\nzz\nx ab\n"})
	for _, specs := range [][]string{
		{"match:fg:blue"}, {"match:none"}, {"path:fg:255,0,0", "line:style:underline"},
		{"highlight:bg:yellow"}, {"match:style:intense", "match:fg:green"}, {"match:bg:200", "match:style:nobold"},
		{"column:fg:cyan", "column:style:italic"}, {"path:none", "line:none", "match:fg:red", "match:style:underline"},
	} {
		var args []string
		for _, s := range specs {
			args = append(args, "--colors", s)
		}
		args = append(args, "--color=always", "-n", "-H", "--column", "-C1", "ab", "f")
		want := runCtx(t, dir, nil, []string{"RIPGREP_CONFIG_PATH="}, rg, append([]string{"--no-heading"}, args...)...)
		got := runCtx(t, dir, nil, []string{"GREP_COLORS=se="}, urgBin, args...)
		if rendered(got.stdout) != rendered(want.stdout) || got.code != want.code {
			t.Errorf("urg %q:\n got %q\nwant %q (rg 15 %q)", args, rendered(got.stdout), rendered(want.stdout), want.stdout)
		}
	}
	if r := urgT(t, dir, nil, "--colors", "nosuch:fg:red", "ab", "f"); r.code != 2 || !strings.Contains(r.stderr, "unrecognized output type 'nosuch'") {
		t.Errorf("urg --colors nosuch:fg:red: status %d, stderr %q", r.code, r.stderr)
	}
}

// rendered is s as a terminal shows it: its text, with the attributes in
// force written before each byte where they change ({} for none).
// Sequences that set the same attributes render alike ("01;31" and
// "1" then "31"); \x1b[K, which clears to the line's end, is no
// attribute.
func rendered(s string) string {
	type attrs struct {
		bold, italic, underline bool
		fg, bg                  string
	}
	var cur, shown attrs
	var b strings.Builder
	scanSGR(s, func(c byte) {
		if cur != shown {
			fmt.Fprintf(&b, "{%+v}", cur)
			shown = cur
		}
		b.WriteByte(c)
	}, func(params string) {
		ps := strings.Split(params, ";")
		for k := 0; k < len(ps); k++ {
			switch p := ps[k]; {
			case p == "" || p == "0":
				cur = attrs{}
			case p == "1" || p == "01":
				cur.bold = true
			case p == "3":
				cur.italic = true
			case p == "4":
				cur.underline = true
			case (p == "38" || p == "48") && k+1 < len(ps):
				n := 3 // ;5;N
				if ps[k+1] == "2" {
					n = 5 // ;2;R;G;B
				}
				v := strings.Join(ps[k:min(len(ps), k+n)], ";")
				if p == "38" {
					cur.fg = v
				} else {
					cur.bg = v
				}
				k += n - 1
			case len(p) == 2 && p[0] == '3':
				cur.fg = p
			case len(p) == 2 && p[0] == '4':
				cur.bg = p
			}
		}
	})
	return b.String()
}

// scanSGR hands text each byte of s that is not in a colour sequence
// (SGR, or \x1b[K), and sgr the parameters of each SGR sequence.
func scanSGR(s string, text func(byte), sgr func(params string)) {
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] == ';' || '0' <= s[j] && s[j] <= '9') {
				j++
			}
			if j < len(s) && (s[j] == 'm' || s[j] == 'K') {
				if s[j] == 'm' {
					sgr(s[i+2 : j])
				}
				i = j
				continue
			}
		}
		text(s[i])
	}
}

// TestHyperlinkAsRipgrep15: --hyperlink-format writes file names, and
// the numbers after them up to the separator before the text, as OSC 8
// hyperlinks to the URL the format spells (the path absolute and
// percent-encoded, the host, the line, the first match's column), where
// colours are written, and in the headings and the names of -l and -c:
// as rg 15 writes them, colours aside. A bad format is refused in
// ripgrep's words.
func TestHyperlinkAsRipgrep15(t *testing.T) {
	rg, _ := ripgrep15(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"hl/a": "ab x\n", "hl/b c": "x\nyx\n"})
	for _, args := range [][]string{
		{"-n", "-H", "x", "hl/a"}, {"--column", "x", "hl/a"}, {"--heading", "x", "hl"}, {"-l", "x", "hl"}, {"-c", "x", "hl"},
		{"--vimgrep", "x", "hl/b c"}, {"--hyperlink-format=vscode", "-n", "-H", "x", "hl/a"}, {"--hyperlink-format=vscode", "-l", "x", "hl/a"},
		{"--hyperlink-format=kitty", "-n", "-H", "x", "hl/b c"}, {"--hyperlink-format=none", "-H", "x", "hl/a"},
		{"-o", "-H", "-n", "x", "hl/b c"}, {"--hyperlink-format=vscode", "-o", "-H", "x", "hl/b c"}, {"-H", "-b", "x", "hl/a"},
		{"--hyperlink-format=grep+", "-H", "-C1", "y", "hl/b c"}, {"--hyperlink-format=foo://{path}?{line}", "-n", "-H", "x", "hl/a"},
	} {
		args = append([]string{"--color=always", "--hyperlink-format=default"}, args...)
		want := runCtx(t, dir, nil, []string{"RIPGREP_CONFIG_PATH="}, rg, append([]string{"--no-heading"}, args...)...)
		got := urgT(t, dir, nil, args...)
		if w, g := strings.Join(sortedLines(noSGR(want.stdout)), "\n"), strings.Join(sortedLines(noSGR(got.stdout)), "\n"); g != w || got.code != want.code {
			t.Errorf("urg %q:\n got %q\nwant %q", args, g, w)
		}
	}
	r := urgT(t, dir, nil, "--hyperlink-format=bogus", "x", "hl/a")
	if r.code != 2 || !strings.Contains(r.stderr, "at least a {path} variable is required") {
		t.Errorf("urg --hyperlink-format=bogus: status %d, stderr %q", r.code, r.stderr)
	}
	r = urgT(t, dir, nil, "--hyperlink-format=x://{path}:{column}", "x", "hl/a")
	if r.code != 2 || !strings.Contains(r.stderr, "no {line} variable") {
		t.Errorf("urg --hyperlink-format=x://{path}:{column}: status %d, stderr %q", r.code, r.stderr)
	}
}

// noSGR is s without its colours (SGR sequences and \x1b[K); a
// hyperlink's OSC 8 sequences stay.
func noSGR(s string) string {
	var b strings.Builder
	scanSGR(s, func(c byte) { b.WriteByte(c) }, func(string) {})
	return b.String()
}
