package posix_test

import (
	"math/rand"
	"strings"
	"testing"

	"urg/match"
	"urg/match/posix"
)

// TestPosixSpelling checks the Perl spelling against the POSIX engine on
// patterns built at random from the syntaxes' pieces: every line the
// engine selects, the spelling's matcher selects (and no other where it
// says it is exact), in both locales, with -i, -w and -x.
func TestPosixSpelling(t *testing.T) {
	pieces := map[string][]string{
		"-E": {"a", "b", "é", ".", "[ab]", "[^a ]", "[[:alpha:]]", `\w`, `\W`, "(a|ab)", "(b|)", "x*", "a+", "b?",
			"a{1,2}", "^", "$", `\<`, `\>`, `\b`, `\B`, `(a)\1`, "|", "[[:upper:]]", `\s`, "\xff"},
		"-G": {"a", "b", ".", `\(a\|b\)`, "a*", `b\+`, `a\{2\}`, "^", "$", `\<`, `\(b\)\1`, "[k-s]", "*"},
	}
	lines := []string{"", "a", "ab", "abab", "aab ba", "b a", "é", "éa", "a é b", "Ab", "AB ab", "x\xffy", "a\xffb",
		"kK\u212a", "ſs", "aa bb", "a_b", "²a", "ab ab abc", " a ", "ba"}
	rng := rand.New(rand.NewSource(7))
	tested, exact := 0, 0
	for i := range 400 {
		syntax := "-E"
		if i%3 == 0 {
			syntax = "-G"
		}
		var p strings.Builder
		for range 1 + rng.Intn(4) {
			p.WriteString(pieces[syntax][rng.Intn(len(pieces[syntax]))])
		}
		flags := []string{"", "", "i", "w", "x", "iw"}[rng.Intn(6)]
		uni := rng.Intn(2) == 0
		o := match.Options{Syntax: match.Extended, UTF8: uni, IgnoreCase: strings.Contains(flags, "i"),
			Word: strings.Contains(flags, "w"), Line: strings.Contains(flags, "x")}
		if syntax == "-G" {
			o.Syntax = match.Basic
		}
		m, err := match.Compile([]string{p.String()}, o)
		if err != nil {
			continue // a back-reference to no group, and the like
		}
		sel, isExact, matchLine, ok := posix.Inspect(m)
		if !ok || sel == nil {
			continue // the spelling serves alone (or none is made)
		}
		tested++
		if isExact {
			exact++
		}
		for _, line := range lines {
			want, err := matchLine([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := sel.Next([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			if got := s >= 0; want && !got || isExact && got != want {
				t.Errorf("%s -%s %q (UTF-8 %v, exact %v) on %q: the spelling %q selects %v, the engine %v",
					syntax, flags, p.String(), uni, isExact, line, sel.Engine(), got, want)
			}
		}
	}
	if tested < 200 || exact < 50 {
		t.Errorf("%d patterns compared, %d of them exact: the pieces no longer make the cases meant", tested, exact)
	}
}
