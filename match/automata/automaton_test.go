package automata

import (
	"math/rand"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"urg/match/base"
	"urg/match/parsed"
)

// TestAutomatonAsGo checks the byte program's lazy automata, and its NFA
// simulation (a cache of 3 states thrashes at once), against Go's regexp
// on random patterns and lines of valid UTF-8, where the two must agree:
// the same lines, the same matches for -o. On bytes that are not UTF-8
// they differ on purpose (see TestAutomatonInvalid).
func TestAutomatonAsGo(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	for n := 0; n < 1500; n++ {
		src := randomPattern(rng, 0)
		tree, err := parsed.LineTree(src, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			continue
		}
		re, err := regexp.Compile(parsed.TextAnchored(tree).String())
		if err != nil {
			t.Fatal(err)
		}
		a := NewAutomaton(tree, 0)
		if a == nil {
			t.Fatalf("%q: no automaton", src)
		}
		small := &Automaton{prog: a.prog, block: newLazy(a.prog, true, 3), fwd: newLazy(a.prog, true, 3), rev: newLazy(a.reversed().prog, false, 3)}
		small.block.block = true
		lines := randomLines(rng)
		for _, line := range lines {
			checkLineAsGo(t, src, re, a, small, line)
		}
		text := strings.Join(lines, "\n")
		checkNextLineAsGo(t, src, re, a, text)
	}
}

// randomPattern draws a pattern at nesting depth: an atom, perhaps
// repeated, or two patterns a level deeper, alternated or concatenated.
func randomPattern(rng *rand.Rand, depth int) string {
	atoms := []string{"a", "b", "c", "é", "日", "😀", ".", `\w`, `\W`, `\d`, `\s`, `[a-c]`, `[^a]`, `[^aé]`, `[é-ü]`, `\b`, `\B`, "^", "$", "x", "(?i:k)", "(?i:é)", `\pL`, `[[:^alpha:]]`}
	if depth > 2 || rng.Intn(3) == 0 {
		s := atoms[rng.Intn(len(atoms))]
		switch rng.Intn(6) {
		case 0:
			s = "(?:" + s + ")*"
		case 1:
			s = "(?:" + s + ")+"
		case 2:
			s = "(?:" + s + "){1,3}"
		case 3:
			s = "(?:" + s + ")??"
		}
		return s
	}
	if rng.Intn(3) == 0 {
		return "(" + randomPattern(rng, depth+1) + "|" + randomPattern(rng, depth+1) + ")"
	}
	return randomPattern(rng, depth+1) + randomPattern(rng, depth+1)
}

// randomLines draws eight short lines of valid UTF-8, where the automata
// and Go's regexp must agree.
func randomLines(rng *rand.Rand) []string {
	alphabet := []string{"a", "b", "c", "x", "X", "é", "É", "日", "😀", " ", "_", "1", "K", "\u212a", "-"}
	var lines []string
	for k := 0; k < 8; k++ {
		var sb strings.Builder
		for range rng.Intn(12) {
			sb.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		lines = append(lines, sb.String())
	}
	return lines
}

// checkLineAsGo compares a's and small's Match and Each with Go's regexp
// re on one line: -o lists non-empty matches only.
func checkLineAsGo(t *testing.T, src string, re *regexp.Regexp, a, small *Automaton, line string) {
	t.Helper()
	want := re.MatchString(line)
	if got := a.Match([]byte(line)); got != want {
		t.Fatalf("%q on %q: match %v, Go's regexp %v", src, line, got, want)
	}
	if got := small.Match([]byte(line)); got != want {
		t.Fatalf("%q on %q: match (NFA) %v, Go's regexp %v", src, line, got, want)
	}
	var wantLocs []int
	for _, l := range re.FindAllStringIndex(line, -1) {
		if l[1] > l[0] {
			wantLocs = append(wantLocs, l...)
		}
	}
	for _, m := range []*Automaton{a, small} {
		var got []int
		m.Each([]byte(line), func(s, e int) { got = append(got, s, e) })
		if !slices.Equal(got, wantLocs) {
			t.Fatalf("%q on %q: matches %v, Go's regexp %v", src, line, got, wantLocs)
		}
	}
}

// checkNextLineAsGo compares a.NextLine with the first line of text that
// Go's regexp re matches.
func checkNextLineAsGo(t *testing.T, src string, re *regexp.Regexp, a *Automaton, text string) {
	t.Helper()
	ls, le := a.NextLine([]byte(text))
	wls, wle := -1, -1
	for at := 0; at <= len(text); {
		s, e := base.LineAt([]byte(text), at)
		if re.MatchString(text[s:e]) {
			wls, wle = s, e
			break
		}
		at = e + 1
	}
	if ls != wls || le != wle {
		t.Fatalf("%q on %q: line [%d,%d), want [%d,%d)", src, text, ls, le, wls, wle)
	}
}

// TestAutomatonInvalid: a byte that is not UTF-8 matches nothing, not
// even `.` or a negated class, and stops a run of them.
func TestAutomatonInvalid(t *testing.T) {
	for _, c := range []struct {
		pattern, line string
		want          []int
	}{
		{`caf.$`, "caf\xe9", nil},
		{`caf.`, "café", []int{0, 5}},
		{`[^ "]+`, "ab\xffcd", []int{0, 2, 3, 5}},
		{`.+`, "\xed\xa0\x80x", []int{3, 4}},         // a surrogate's spelling
		{`.`, "\xc0\xaf", nil},                       // an overlong
		{`\W+`, "-\xf8-", []int{0, 1, 2, 3}},         // 0xF8 starts nothing
		{`[^a]{2}`, "\xe6\x97\xa5\xe6\x97", []int{}}, // a truncated sequence
		// A newline a transcript put for such a byte: no line's end.
		{`^.*$`, "ab\ncd", nil},
		{`b$|^c`, "ab\ncd", nil},
		{`\w+`, "ab\ncd", []int{0, 2, 3, 5}},
	} {
		tree, err := parsed.LineTree(c.pattern, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			t.Fatal(err)
		}
		a := NewAutomaton(tree, 0)
		var got []int
		a.Each([]byte(c.line), func(s, e int) { got = append(got, s, e) })
		if !slices.Equal(got, c.want) {
			t.Errorf("%q on %q: %v, want %v", c.pattern, c.line, got, c.want)
		}
		if a.Match([]byte(c.line)) != (len(c.want) > 0) {
			t.Errorf("%q on %q: match %v", c.pattern, c.line, !(len(c.want) > 0))
		}
	}
}

// TestAutomatonBlowup: patterns whose automaton has a state for each of
// the text's places finish through the NFA, in bounded memory.
func TestAutomatonBlowup(t *testing.T) {
	var sb strings.Builder
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		sb.WriteByte("ab"[rng.Intn(2)])
	}
	line := []byte(sb.String())
	for _, src := range []string{`(a|b)*a(a|b){20}`, `\w{50,}`} {
		tree, err := parsed.LineTree(src, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			t.Fatal(err)
		}
		a := NewAutomaton(tree, 0)
		if a == nil {
			t.Fatalf("%q: no automaton", src)
		}
		re := regexp.MustCompile(parsed.TextAnchored(tree).String())
		var got []int
		a.Each(line, func(s, e int) { got = append(got, s, e) })
		var want []int
		for _, l := range re.FindAllIndex(line, -1) {
			want = append(want, l...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: %d matches, Go's regexp %d", src, len(got)/2, len(want)/2)
		}
	}
}

// TestByteAutomaton checks the C locale's automaton, over a text's own
// bytes, against Go's regexp over the transcript that reads each byte
// from 0x80 as its byteRune (see byteTranscript).
func TestByteAutomaton(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	atoms := []string{"a", "b", `\x{f7e9}`, `\x{f7ff}`, ".", `\w`, `\W`, `[^a]`, `[^ -~]`, `[\x{f780}-\x{f7bf}]`, `\b`, `\B`, "^", "$", "(?i:k)"}
	alphabet := []string{"a", "b", "K", " ", "\xe9", "\xff", "\x80", "_"}
	for n := 0; n < 1000; n++ {
		var sb strings.Builder
		for range 1 + rng.Intn(4) {
			a := atoms[rng.Intn(len(atoms))]
			switch rng.Intn(4) {
			case 0:
				a = "(?:" + a + ")+"
			case 1:
				a = "(?:" + a + ")*"
			}
			sb.WriteString(a)
		}
		src := sb.String()
		tree, err := parsed.LineTree(src, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(parsed.TextAnchored(tree).String())
		a := NewByteAutomaton(tree, 0)
		for range 8 {
			var lb strings.Builder
			for range rng.Intn(10) {
				lb.WriteString(alphabet[rng.Intn(len(alphabet))])
			}
			line := []byte(lb.String())
			text, at := byteTranscript(line)
			var want []int
			for _, l := range re.FindAllIndex(text, -1) {
				if l[1] > l[0] {
					want = append(want, at(l[0]), at(l[1]))
				}
			}
			var got []int
			a.Each(line, func(s, e int) { got = append(got, s, e) })
			if !slices.Equal(got, want) {
				t.Fatalf("%q on %q: %v, Go's regexp over the transcript %v", src, line, got, want)
			}
			if a.Match(line) != re.Match(text) {
				t.Fatalf("%q on %q: match %v", src, line, a.Match(line))
			}
		}
	}
}

// byteTranscript spells line as the C locale reads it, each byte from
// 0x80 as its base.ByteRune, and maps offsets in the spelling back to
// line's.
func byteTranscript(line []byte) (text []byte, at func(int) int) {
	var orig []int
	for i, c := range line {
		n := len(text)
		if c < utf8.RuneSelf {
			text = append(text, c)
		} else {
			text = utf8.AppendRune(text, base.ByteRune(c))
		}
		for range len(text) - n {
			orig = append(orig, i)
		}
	}
	orig = append(orig, len(line))
	return text, func(j int) int { return orig[j] }
}

// TestAutomatonCopiedClasses: a class met again (a counted one) is a copy
// of the instructions made the first time, its jumps moved; the copies
// must match as the class does, forwards and back, on text of many
// scripts and lengths of UTF-8.
func TestAutomatonCopiedClasses(t *testing.T) {
	texts := []string{
		"abcde fghij klmno", "ÄBCDÉ ſtraße 12345 日本語です", "Ωμέγα αβγδε ζηθικ 😀😀", "x1 y2 z3 ä4 日5",
		"tab\tsep\tἀρχή\tend", "ab日cd本ef語gh", "__ ___ ﹍﹍ ‿‿‿",
	}
	for _, src := range []string{`\pL{3}\d`, `(?:\w\s){2}\w`, `[\p{Greek}\d]{2,4}`, `\w{5}\s+\w{5}`, `(\pL|\pN){3}`, `\W\w{2}\W`} {
		tree, err := parsed.LineTree(src, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(parsed.TextAnchored(tree).String())
		a := NewAutomaton(tree, 0)
		if a == nil {
			t.Fatalf("%q: no automaton", src)
		}
		for _, text := range texts {
			var want, got []int
			for _, l := range re.FindAllStringIndex(text, -1) {
				if l[1] > l[0] {
					want = append(want, l...)
				}
			}
			a.Each([]byte(text), func(s, e int) { got = append(got, s, e) })
			if !slices.Equal(got, want) {
				t.Errorf("%q on %q: matches %v, Go's regexp %v", src, text, got, want)
			}
		}
	}
}

// TestEachAtLeftmostFirst: the run anchored where a literal prefix
// occurs ends each match where Perl's leftmost-first one ends, as the
// unanchored run does, not at the longest match from there: a lazy
// repeat stops as soon as it may, an alternation's first branch wins.
func TestEachAtLeftmostFirst(t *testing.T) {
	line := []byte("foo xaab xaby xyz xabc fooo")
	for _, c := range []struct{ src, lit string }{
		{`fo.*?`, "fo"},
		{`fo+?`, "fo"},
		{`xy|xyz`, "x"},
		{`xa|xab`, "xa"},
		{`x(?:a|ab)c?`, "x"},
		{`xa*?b?`, "x"},
		{`xa*(?:ab)?`, "x"},
		{`xa??`, "x"},
		{`fo{1,3}?o`, "fo"},
	} {
		tree, err := syntax.Parse(c.src, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		a := NewAutomaton(parsed.LineLocal(tree).Simplify(), 0)
		var got [][2]int
		if !a.EachAt(line, []byte(c.lit), func(s, e int) { got = append(got, [2]int{s, e}) }) {
			t.Fatalf("%s: the cache thrashed", c.src)
		}
		var want [][2]int
		for _, loc := range regexp.MustCompile(c.src).FindAllIndex(line, -1) {
			if loc[1] > loc[0] {
				want = append(want, [2]int{loc[0], loc[1]})
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s in %q: %v, Go's regexp finds %v", c.src, line, got, want)
		}
	}
}
