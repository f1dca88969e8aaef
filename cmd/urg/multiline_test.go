package main

import (
	"strings"
	"testing"
)

// TestMultilineAsRipgrep holds --multiline to rg -U: the lines a match
// spans are printed whole, each with its number, under -n, -c, -o, -b,
// -v, context, --column, --vimgrep and --count-matches.
func TestMultilineAsRipgrep(t *testing.T) {
	rg := needRg(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"m.txt":   "hdr\nSTART\nmid1\nmid2\nEND\ntail\nSTART x END\nzz\n",
		"n.txt":   "a\nb\na\nb\nb\na",
		"xy.txt":  "x y\nz\nx y\nz\n",
		"big.txt": strings.Repeat("filler line\n", 40000) + "func main() {\n\tbody\n}\n" + strings.Repeat("more\n", 100),
	})
	for _, args := range [][]string{
		{"-n", `START\n(.*\n)*?END`},
		{"-c", `START\n(.*\n)*?END`},
		{"--count-matches", `START(.|\n)*?END`},
		{"-o", "-n", `mid1\nmid2`},
		{"-n", "-C1", `mid2\nEND`},
		{"--column", "-n", `mid2\nEND`},
		{"-n", `END$\n^t`},
		{"-n", "-v", `mid1\nmid2`},
		{"-n", "--vimgrep", `d1\nmi`},
		{"-n", `mid1\nmid2|tail`},
		{"-b", "-n", `mid1\nmid2`},
		{"-n", `[^a]tail`},
		{"-n", `\stail`},
		{"-n", `START.*END`},
		{"-n", `(?s)START.*?END`},
		{"-n", `a\nb`},
		{"-n", `b\na$`},
		{"-c", `b\n`},
		{"-n", `\{\n\tbody\n\}`},
		{"-i", "-n", `FUNC MAIN\(\) \{\n`},
		{"-n", "-w", `body\n\}`},
		{"-l", `mid2\nEND`},
		// A match that starts on the line of the match before it.
		{"-n", `x|y\nz`},
		{"-o", `x|y\nz`},
		{"--vimgrep", `x|y\nz`},
		{"-c", `x|y\nz`},
	} {
		urgArgs := append([]string{"--multiline"}, args...)
		rgArgs := append([]string{"-U"}, args...)
		if args[0] == "-c" {
			rgArgs = append(rgArgs, "--include-zero") // grep's -c, and urg's, counts files with none
		}
		sameAsRg(t, rg, dir, true, append(rgArgs, "."), append(urgArgs, "."))
	}
}

// TestMultilineMaxCount: -m counts a match that starts on the lines of
// the match before it, as ripgrep 15 counts them (ripgrep 13 did not).
func TestMultilineMaxCount(t *testing.T) {
	rg, _ := ripgrep15(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"xy.txt": "x y\nz\nx y\nz\n"})
	for _, args := range [][]string{
		{"-n", "-m1", `x|y\nz`}, {"-n", "-m2", `x|y\nz`}, {"-n", "-m3", `x|y\nz`}, {"-c", "-m2", `x|y\nz`},
	} {
		sameAsRg(t, rg, dir, true, append(append([]string{"-U"}, args...), "."), append(append([]string{"--multiline"}, args...), "."))
	}
}

// TestMultilineOptions: --multiline with -z or --replace is refused.
func TestMultilineOptions(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--multiline", "-z", "a", "."}, {"--multiline", "--crlf", "a", "."}} {
		got := urgT(t, dir, nil, args...)
		if got.code != 2 || got.stdout != "" || strings.Count(got.stderr, "\n") != 1 {
			t.Errorf("urg %q: %+v, want one error line and status 2", args, got)
		}
	}
}

// TestMultilineReplaceAsRipgrep15: --multiline with --replace prints a
// block with its matches replaced, a line of the text made at a time,
// numbered from the block's first line; -o each replacement; --vimgrep
// and --column the match's column in the block: as rg 15 -U -r prints.
func TestMultilineReplaceAsRipgrep15(t *testing.T) {
	rg, _ := ripgrep15(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"ml": "a\nb\nc\nxa\nb\n"})
	for _, args := range [][]string{
		{"-r", "X", `a\nb`}, {"-n", "-r", "X", `a\nb`}, {"-n", "-r", "[$0]", `a\nb`}, {"-o", "-r", "X", `a\nb`},
		{"-n", "-r", `Y\nZ`, "b"}, {"-c", "-r", "X", `a\nb`}, {"-n", "--column", "-r", "X", `a\nb`},
		{"--vimgrep", "-r", "X", `a\nb`}, {"-n", "-r", "<$1>", `(b)\nc`}, {"-n", "-r", "X", "^b$"},
		{"-n", "-C1", "-r", "X", `c\nx`}, {"--multiline-dotall", "-n", "-r", "X", "a.b"},
	} {
		urgArgs := []string{"--multiline"}
		for _, a := range args {
			if a == "-r" {
				a = "--replace"
			}
			urgArgs = append(urgArgs, a)
		}
		want := runCtx(t, dir, nil, []string{"RIPGREP_CONFIG_PATH="}, rg, append([]string{"-U", "--no-heading", "--color=never"}, append(args, "ml")...)...)
		got := urgT(t, dir, nil, append(urgArgs, "ml")...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("urg %q: %q status %d; rg 15 -U: %q status %d", urgArgs, got.stdout, got.code, want.stdout, want.code)
		}
	}
}

// TestMultilineLookBehindAsRipgrep15: a match whose look-behind reaches
// the line before is printed, counted and placed as rg 15 -U -P does:
// the printer takes the matches the search found with the lines before
// in view, rather than looking again in the block alone.
func TestMultilineLookBehindAsRipgrep15(t *testing.T) {
	rg, _ := ripgrep15(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"lb": "foo\nbar\nxbar foo\nbar bar\n"})
	for _, args := range [][]string{
		{"-o", `(?<=foo\n)bar`}, {"-n", "--column", `(?<=foo\n)bar`}, {"--count-matches", `(?<=foo\n)bar`},
		{"-c", `(?<=foo\n)bar`}, {"--vimgrep", `o\nb`}, {"-n", "-o", `(?<=o\n)bar|x`}, {"-b", "-o", `(?<=foo\n)bar`},
		{"--color=always", "-n", `(?<=foo\n)bar`},
	} {
		want := runCtx(t, dir, nil, []string{"RIPGREP_CONFIG_PATH="}, rg, append([]string{"-U", "-P", "--no-heading"}, append(args, "lb")...)...)
		got := runCtx(t, dir, nil, []string{"GREP_COLORS=se="}, urgBin, append(append([]string{"--multiline"}, args...), "lb")...)
		if rendered(got.stdout) != rendered(want.stdout) || got.code != want.code {
			t.Errorf("urg --multiline %q: %q status %d; rg 15 -U -P: %q status %d", args, got.stdout, got.code, want.stdout, want.code)
		}
	}
	// --json's submatches, the times aside.
	got := urgT(t, dir, nil, "--multiline", "--json", `(?<=foo\n)bar`, "lb")
	if !strings.Contains(got.stdout, `"submatches":[{"match":{"text":"bar"},"start":0,"end":3}]`) {
		t.Errorf("urg --multiline --json: %q; want bar's submatch", got.stdout)
	}
}
