package regex_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"urg/match/regex"
)

// TestTrail checks the lines a trail selects against Go's regexp run on
// each line, on random texts of short lines, with and without a final
// newline; and which patterns get one.
func TestTrail(t *testing.T) {
	for _, c := range []struct {
		pattern string
		trail   bool
	}{
		{`\s+$`, true}, {` {2,}$`, true}, {`[ \t]+$`, true}, {`\s{3}$`, true}, {`x+\z`, true},
		{`\s*$`, false}, {`a\s+$`, false}, {`\s+`, false}, {`[ \t]+ +$`, false},
	} {
		m := mustRegex(t, mustCompile(t, []string{c.pattern}, Options{}))
		if regex.FinderNamed(m, "line end") != c.trail {
			t.Fatalf("%q: trail %v, want %v", c.pattern, regex.FinderNamed(m, "line end"), c.trail)
		}
		line := regexp.MustCompile(strings.NewReplacer(`\s`, `[\t\f\r ]`, `\z`, `$`).Replace(c.pattern))
		rng := rand.New(rand.NewPCG(7, uint64(len(c.pattern))))
		alphabet := []byte("  \t\t\r\nxxab")
		for range 2000 {
			text := make([]byte, rng.IntN(80))
			for i := range text {
				text[i] = alphabet[rng.IntN(len(alphabet))]
			}
			checkSelected(t, m.Matcher(), line, text)
		}
	}
}

// TestShape checks the lines a shape selects against Go's regexp run on
// each line, on random texts of short lines with blanks, multibyte and
// invalid UTF-8; and which patterns get one.
func TestShape(t *testing.T) {
	for _, c := range []struct {
		pattern string
		shape   bool
	}{
		{`^$`, true}, {`^\s*$`, true}, {`^\s+$`, true}, {`^[a-z]+$`, true}, {`^[xa]{2}$`, true},
		{`^.{5,}`, true}, {`.{5,}`, true}, {`^.{2,4}$`, true}, {`.{3}$`, true}, {`\A.{2}.+\z`, true},
		{`^\s*`, false}, {`\s+`, false}, {`^.*$`, false}, {`^[a-z]+`, false}, {`^a.$`, false}, {`^\s.$`, false},
	} {
		m := mustRegex(t, mustCompile(t, []string{c.pattern}, Options{}))
		if regex.FinderNamed(m, "line shape") != c.shape {
			t.Fatalf("%q: shape %v, want %v", c.pattern, regex.FinderNamed(m, "line shape"), c.shape)
		}
		line := regexp.MustCompile(strings.NewReplacer(`\s`, `[\t\f\r ]`, `\A`, `^`, `\z`, `$`).Replace(c.pattern))
		rng := rand.New(rand.NewPCG(9, uint64(len(c.pattern))))
		alphabet := []string{" ", "\t", "\n", "\n", "\n", "x", "a", "z", "é", "\xff", "\r"}
		for range 2000 {
			var b strings.Builder
			for range rng.IntN(60) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			checkSelected(t, m.Matcher(), line, []byte(asGoReads(b.String(), c.shape)))
		}
	}
}

// asGoReads is text, or without c.finder its invalid bytes as the U+FFFD
// Go's regexp reads them as: the byte automaton, which decides the lines
// then, lets them match nothing (see TestAutomatonInvalid).
func asGoReads(text string, finder bool) string {
	if finder {
		return text
	}
	return strings.ToValidUTF8(text, "\uFFFD")
}

// TestAnyByte checks the lines an anyByte selects against Go's regexp run
// on each line, on random texts with multibyte and invalid UTF-8 around
// the eight-byte words; and which patterns get one.
func TestAnyByte(t *testing.T) {
	for _, c := range []struct {
		pattern string
		any     bool
	}{
		{`[^\x00-\x7f]`, true}, {`[^\x00-\x7f]+`, true}, {`\d+`, true}, {`[\t\r]`, true}, {`[^a-z]`, true},
		{`[^\x00-\x7f]{2}`, false}, {`^[^\x00-\x7f]`, false}, {`[^\x00-\x7e]`, true},
	} {
		whole := mustCompile(t, []string{c.pattern}, Options{})
		m, ok := asRegex(whole)
		if !ok {
			// A pattern no line of ASCII matches leaves those lines
			// unsearched: there is no regex to ask for a finder.
			if !strings.HasPrefix(whole.Engine(), "none (every match is beyond ASCII)") {
				t.Fatalf("%q: engine %s, neither Go's regexp nor none for ASCII", c.pattern, whole.Engine())
			}
			continue
		}
		if regex.FinderNamed(m, "byte class") != c.any {
			t.Fatalf("%q: anyByte %v, want %v", c.pattern, regex.FinderNamed(m, "byte class"), c.any)
		}
		line := regexp.MustCompile(c.pattern)
		rng := rand.New(rand.NewPCG(11, uint64(len(c.pattern))))
		alphabet := []string{" ", "\t", "\n", "x", "a", "z", "7", "é", "\xff", "\r", "\x7f", "abcdefgh"}
		for range 2000 {
			var b strings.Builder
			for range rng.IntN(12) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			checkSelected(t, m.Matcher(), line, []byte(asGoReads(b.String(), c.any)))
		}
	}
}
