package main

import (
	"math/rand"
	"strings"
	"testing"
)

// Several patterns (-e, -f): each is compiled on its own, and of their
// matches at one place -o prints the longest, as grep does.

// TestPatternsCheckedAlone runs the cases where joining the patterns into
// one regex went wrong: two invalid halves made a valid whole, group
// numbers ran on from one pattern to the next, and a comment swallowed the
// next pattern. The oracle is grep -P with the pattern that decides alone.
func TestPatternsCheckedAlone(t *testing.T) {
	grep := needGrep(t)
	tests := []struct {
		name  string
		input string
		args  []string
		grep  []string // grep -P's equivalent, or nil for want
		want  result
	}{
		{"two invalid halves", "a:b\n", []string{"-e", "[", "-e", "]"}, []string{"-P", "["}, result{}},
		{"group numbers are the pattern's", "yy\n", []string{"-e", "(x)", "-e", `(y)\1`}, []string{"-P", `(y)\1`}, result{}},
		{"no group to refer to", "bb\n", []string{"-e", "a(.)", "-e", `b\1`}, []string{"-P", `b\1`}, result{}},
		{"a comment is the pattern's", "fig 12\n", []string{"-o", "-e", `(?x)\d+ #digits`, "-e", "fig"}, nil,
			result{stdout: "fig\n12\n"}},
		{"a comment under -x", "fig 12\n", []string{"-x", "-e", `(?x)fig\ \d+ #digits`}, []string{"-P", "-x", `(?x)fig\ \d+ #digits`}, result{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCmd(t, "", []byte(tc.input), urgBin, tc.args...)
			want := tc.want
			if tc.grep != nil {
				want = runCmd(t, "", []byte(tc.input), grep, tc.grep...)
			}
			if got.stdout != want.stdout || got.code != want.code {
				t.Errorf("urg %q: stdout %q, status %d; want %q, %d (stderr %q)", tc.args, got.stdout, got.code, want.stdout, want.code, got.stderr)
			}
			if got.code == 2 && (!strings.HasPrefix(got.stderr, "urg: ") || !strings.Contains(got.stderr, "invalid pattern")) {
				t.Errorf("urg %q: stderr %q, want an invalid-pattern message", tc.args, got.stderr)
			}
		})
	}
}

// TestPatternsLongestMatch checks -o with several patterns against grep
// -F -o, and against grep -E -o with patterns that mean the same in both
// syntaxes and match the same in both semantics alone (no alternation):
// the leftmost match wins, and of those at one place the longest.
func TestPatternsLongestMatch(t *testing.T) {
	grep := needGrep(t)
	fixed := []struct {
		input string
		args  []string
	}{
		{"a bb ccc dddd\n", []string{"-F", "-e", "bb", "-e", "cc", "-e", "ccc"}},
		{"cccc\n", []string{"-F", "-e", "ccc", "-e", "cc"}},
		{"xABC ab\n", []string{"-F", "-i", "-e", "AB", "-e", "abc"}},
		{"a-b a a-bc\n", []string{"-F", "-w", "-e", "a", "-e", "a-b"}},
		{"xabbc\nabcd abc\n", []string{"-e", "xab", "-e", "b+c", "-e", "ab", "-e", "abc", "-e", "bcd"}},
	}
	check := func(t *testing.T, input string, args []string) {
		t.Helper()
		args = append([]string{"-o", "-n", "-b"}, args...)
		got := runCmd(t, "", []byte(input), urgBin, args...)
		gargs := args
		if !strings.Contains(strings.Join(args, " "), "-F") {
			gargs = append([]string{"-E"}, args...)
		}
		want := runCmd(t, "", []byte(input), grep, gargs...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("urg %q on %q: status %d, want %d\n%s", args, input, got.code, want.code, firstDiff(want.stdout, got.stdout))
		}
	}
	for _, tc := range fixed {
		check(t, tc.input, tc.args)
	}
	rng := rand.New(rand.NewSource(3))
	for range 40 {
		var args []string
		fixed := rng.Intn(2) == 0
		if fixed {
			args = append(args, "-F")
		}
		if rng.Intn(4) == 0 {
			args = append(args, "-i")
		}
		for range 2 + rng.Intn(3) {
			var p strings.Builder
			for range 1 + rng.Intn(3) {
				if fixed {
					p.WriteByte("abc-"[rng.Intn(4)])
					continue
				}
				p.WriteString([]string{"a", "b", "c", "[ab]", "[bc]"}[rng.Intn(5)])
				p.WriteString([]string{"", "", "+"}[rng.Intn(3)])
			}
			args = append(args, "-e", p.String())
		}
		var in strings.Builder
		for range 6 {
			for range rng.Intn(30) {
				in.WriteByte("abcAB- "[rng.Intn(7)])
			}
			in.WriteByte('\n')
		}
		check(t, in.String(), args)
	}
}

// TestDeepNesting: a million '(' in a pattern file is an error of the
// pattern, said in a line as grep says it, not a crash of the parser's
// stack; groups nested as deep as a person writes them still work.
func TestDeepNesting(t *testing.T) {
	dir := t.TempDir()
	deep := strings.Repeat("(", 1_000_000)
	writeTree(t, dir, map[string]string{
		"deep.ere": deep + "\n", "deep.bre": strings.Repeat(`\(`, 1_000_000) + "\n",
		"fine": strings.Repeat("(", 200) + "a" + strings.Repeat(")", 200) + "\n", "x": "a\n",
	})
	for _, c := range []struct{ flag, file, want string }{
		{"-E", "deep.ere", "stack overflow"},
		{"-G", "deep.bre", "stack overflow"},
		{"-P", "deep.ere", "parentheses are too deeply nested"},
	} {
		r := urg(t, dir, c.flag, "-f", c.file, "x")
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "goroutine") || len(r.stderr) > 1000 {
			t.Errorf("urg %s -f %s: status %d, stderr %.300q; want a line saying %q", c.flag, c.file, r.code, r.stderr, c.want)
		}
	}
	for _, flag := range []string{"-E", "-P"} {
		if r := urg(t, dir, flag, "-f", "fine", "x"); r.code != 0 || r.stdout != "a\n" {
			t.Errorf("urg %s with 200 groups nested: %+v, want the line", flag, r)
		}
	}
}

// TestPerlPosixSyntax: under -P, POSIX's collating elements and
// equivalence classes, and a POSIX class outside brackets, are errors in
// PCRE2's words, status 2, as grep -P says; under -G and -E they are
// grep's brackets.
func TestPerlPosixSyntax(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"x": "a\n=\n.\nb\n:\n"})
	for _, args := range [][]string{
		{"-P", "[.a.]"}, {"-P", "[=a=]"}, {"-P", "[[=a=]]"}, {"-P", "[b[.a.]]"}, {"-P", "[:alpha:]"},
		{"-P", "[a[.]"}, {"-P", `[\].a.]`}, {"-G", "[[=a=]]"}, {"-E", "[[.a.]b]"}, {"-G", "[:alpha:]"},
	} {
		want := runCtx(t, dir, nil, []string{"LC_ALL=C"}, grep, append(args, "x")...)
		got := runCtx(t, dir, nil, []string{"LC_ALL=C"}, urgBin, append(args, "x")...)
		_, wmsg, _ := strings.Cut(want.stderr, ": ")
		if got.stdout != want.stdout || got.code != want.code || want.code == 2 && !strings.Contains(got.stderr, strings.TrimSpace(wmsg)) {
			t.Errorf("urg %q: %q %q status %d; grep %q %q status %d", args, got.stdout, got.stderr, got.code, want.stdout, want.stderr, want.code)
		}
	}
}
