package walk

import (
	"strings"
	"testing"
)

// FuzzMatchGlob checks the glob matcher against no panic and three
// facts: a pattern without special bytes matches only itself, "*"
// matches everything, and what matches as bytes matches in a UTF-8
// locale too (MatchChars).
func FuzzMatchGlob(f *testing.F) {
	f.Add("*.[ch]", "main.c")
	f.Add("[!a-]x\\*", "bx*")
	f.Add("[", "[")
	f.Fuzz(func(t *testing.T, pat, s string) {
		Match(pat, s, false)
		Match(pat, s, true)
		if Match(pat, s, false) && !MatchChars(pat, s) {
			t.Fatalf("MatchChars(%q, %q) is false where Match is true", pat, s)
		}
		if !strings.ContainsAny(pat, "*?[\\") && Match(pat, s, false) != (pat == s) {
			t.Fatalf("Match(%q, %q) = %v for a plain pattern", pat, s, !(pat == s))
		}
		if !Match("*", s, false) {
			t.Fatalf("* does not match %q", s)
		}
	})
}

// TestMatchAsFnmatch holds cases checked against glibc's fnmatch(3)
// without flags, which GNU grep and find use.
func TestMatchAsFnmatch(t *testing.T) {
	for _, c := range []struct {
		pat, s string
		want   bool
	}{
		{"*.c", "sub/b.c", true}, // '*' crosses '/'
		{"*.c", ".h.c", true},    // and matches a leading dot
		{"[!a]*.c", "b.c", true},
		{"[^a]*.c", "a.c", false},
		{`\*.c`, "*.c", true},
		{"x[1].txt", "x1.txt", true},
		{"[a", "[a", true},    // a '[' without its ']' is itself
		{"[a-", "[a-", false}, // a range cut off by the end matches nothing
		{"*[a-", "x[a-", false},
		{"[]a]", "]", true},
		{"[a-c]", "b", true},
	} {
		if got := Match(c.pat, c.s, false); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.pat, c.s, got, c.want)
		}
	}
}

// TestMatchCharsAsGlibc holds cases checked against glibc 2.36's
// fnmatch(3) in the C.UTF-8 locale, where GNU grep runs it: a name
// matches as bytes or as characters.
func TestMatchCharsAsGlibc(t *testing.T) {
	for _, c := range []struct {
		pat, s string
		want   bool
	}{
		{"?", "é", true},  // one character
		{"??", "é", true}, // two bytes
		{"???", "é", false},
		{"???.md", "éé.md", false},
		{"?.md", "\xe9.md", true}, // not UTF-8: bytes
		{"[é]", "é", true},
		{"[é][é]", "é", true},
		{"[^é]", "é", false},
		{"[^é]?", "é", false},
		{"*é", "é", true},
		{"?x", "éx", true},
		{"[!a]x", "éx", true},
		{"[!a][!a]x", "éx", true},
		{"*\xc3\xa9.md", "\xe9\xe9.md", false},
		{"[à-ê].txt", "é.txt", true},
		{"*.c", "sub/é.c", true},
	} {
		if got := MatchChars(c.pat, c.s); got != c.want {
			t.Errorf("MatchChars(%q, %q) = %v, want %v", c.pat, c.s, got, c.want)
		}
	}
}
