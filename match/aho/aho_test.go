package aho

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"urg/match/aho/ahotest"
	"urg/match/base"
	"urg/match/locale"
)

// ahoMatcher is the matcher New makes of words under o, whatever their
// number, with full rows for at most dense bytes' worth of states (a few,
// to put the search through the states without).
func ahoMatcher(words []string, o base.Options, dense int) base.Matcher {
	a := newAho(words, o, dense)
	if a.fold {
		return locale.NewSplit(a, ahoFolded{a})
	}
	return a
}

// ahoAt is the plain search's answer: the end of the longest of words at
// i in line under o (-i, -w, the locale), or -1.
func ahoAt(words []string, line string, i int, o base.Options) int {
	best := -1
	for _, w := range words {
		j, ok := i, true
		if !o.UTF8 {
			// The C locale reads bytes; only ASCII letters fold.
			ok = len(line)-i >= len(w) && (line[i:i+len(w)] == w || o.IgnoreCase && canonical(line[i:i+len(w)], false) == canonical(w, false))
			j = i + len(w)
		}
		for _, wr := range w {
			if !o.UTF8 {
				break
			}
			if j >= len(line) {
				ok = false
				break
			}
			r, n := utf8.DecodeRuneInString(line[j:])
			if r == utf8.RuneError && n == 1 {
				ok = false
			} else if o.IgnoreCase {
				ok = canonRune(r) == canonRune(wr)
			} else {
				ok = r == wr
			}
			if !ok {
				break
			}
			j += n
		}
		if ok && (!o.Word || base.WordBounded([]byte(line), i, j, o.UTF8)) && j > best {
			best = j
		}
	}
	return best
}

// ahoWant is the plain search's matches in line: grep -F -o's.
func ahoWant(words []string, line string, o base.Options) []int {
	var want []int
	if o.Line {
		if line != "" && ahoAt(words, line, 0, base.Options{IgnoreCase: o.IgnoreCase, UTF8: o.UTF8}) == len(line) {
			want = []int{0, len(line)}
		}
		for _, w := range words {
			// A shorter word may be the whole line where the longest
			// at 0 is not.
			if want == nil && line != "" && ahoAt([]string{w}, line, 0, base.Options{IgnoreCase: o.IgnoreCase, UTF8: o.UTF8}) == len(line) {
				want = []int{0, len(line)}
			}
		}
		return want
	}
	for i := 0; i < len(line); {
		if e := ahoAt(words, line, i, o); e > i {
			want = append(want, i, e)
			i = e
			continue
		}
		i++
	}
	return want
}

// TestAho checks the Aho-Corasick automaton against a plain search on
// random lists of words that share prefixes and are suffixes of one
// another, over random lines of their letters (and letters whose cases
// differ in length, and an invalid byte), under -i, -w and -x in both
// locales, with every state given a row and with few given one: the same
// lines, and for -o, at each place from the left the longest word there.
// The words of three bytes and more are tried again on their own, for
// the scan's filter of where they may begin (prefilter.Starts), which
// shorter words leave out.
// (match's TestAhoJoined holds the automaton to the joined alternation.)
func TestAho(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	for n := 0; n < 1200; n++ {
		o, words, lines := ahotest.Case(rng, n/2)
		if n%2 == 1 {
			words = slices.DeleteFunc(words, func(w string) bool { return len(w) < 3 })
			if len(words) == 0 {
				continue
			}
		}
		text := []byte(strings.Join(lines, "\n"))
		for _, dense := range []int{ahoDense, 1 << 10} {
			m := ahoMatcher(words, o, dense)
			name := fmt.Sprintf("words %q, %+v, rows %d", words, o, dense)
			// Next, line by line through the block.
			var got, want []int
			for at := 0; at <= len(text); {
				s, e, _ := m.Next(text[at:])
				if s < 0 {
					break
				}
				got = append(got, at+s)
				at += e + 1
			}
			pos := 0
			for _, l := range lines {
				if ahoWant(words, l, o) != nil {
					want = append(want, pos)
				}
				pos += len(l) + 1
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s over %q: lines at %v, want %v", name, text, got, want)
			}
			for _, l := range lines {
				var got []int
				m.Each([]byte(l), func(s, e int) { got = append(got, s, e) })
				if want := ahoWant(words, l, o); !slices.Equal(got, want) {
					t.Fatalf("%s over %q: matches %v, want %v", name, l, got, want)
				}
			}
		}
	}
}
