package match

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"urg/match/internal/matchtest"
	"urg/match/prefilter"
)

// TestManyLiterals compiles alternations of 2 to prefilter.TeddyMax words, some
// sharing their first bytes, and compares the lines selected with Go's
// regexp run on each line alone, with and without -i and -w: sets past
// eight share teddy's buckets.
func TestManyLiterals(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	stems := []string{"pan", "fat", "dea", "unr", "err", "Err", "x_y", "q-z", "abc"}
	word := func() string {
		w := []byte(stems[rng.IntN(len(stems))])
		for range rng.IntN(5) {
			w = append(w, "abcdeXYZ_0"[rng.IntN(10)])
		}
		return string(w)
	}
	for iter := range 300 {
		k := 2 + rng.IntN(prefilter.TeddyMax-1)
		words := make([]string, k)
		for i := range words {
			words[i] = word()
		}
		var text []byte
		for range 200 {
			switch rng.IntN(4) {
			case 0:
				w := []byte(words[rng.IntN(k)])
				if rng.IntN(2) == 0 {
					w = bytes.ToUpper(w)
				}
				text = append(text, w...)
			case 1:
				text = append(text, word()...)
			case 2:
				text = append(text, '\n')
			default:
				text = append(text, " .;abc"[rng.IntN(6)])
			}
		}
		for _, o := range []Options{{}, {IgnoreCase: true}, {Word: true}} {
			pat := strings.Join(words, "|")
			m := mustCompile(t, []string{pat}, o)
			src := pat
			if o.IgnoreCase {
				src = "(?i)" + src
			}
			if o.Word {
				src = `\b(?:` + src + `)\b`
			}
			re := regexp.MustCompile(src)
			var want []string
			for i, line := range strings.Split(string(text), "\n") {
				if re.MatchString(line) {
					want = append(want, fmt.Sprintf("%d:%s", i+1, line))
				}
			}
			if got := matchtest.Lines(t, m, string(text)); !slices.Equal(got, want) {
				t.Fatalf("%d: %q %+v (%s): got %q, want %q", iter, pat, o, m.Engine(), got, want)
			}
		}
	}
}

// TestManyLiteralsEngine checks that more than eight words are scanned
// for where teddy takes them, and left to the regex where it does not.
func TestManyLiteralsEngine(t *testing.T) {
	long := "alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliet|kilo|lima"
	m := mustCompile(t, []string{long}, Options{IgnoreCase: true})
	if want := prefilter.SIMD; (m.Engine() == "regexp+literals") != want {
		t.Errorf("%d words of five bytes or more: engine %s (AVX2: %v)", 12, m.Engine(), want)
	}
	// Go's parser factors these into c(?:a(?:se|p)|...): the words are
	// still found as such.
	keywords := "func|return|struct|interface|package|import|const|var|type|chan|select|defer|goto|switch|case|default|break|continue|fallthrough|range|else|for|map|make|append|len|cap|new|panic|recover"
	if m := mustCompile(t, []string{keywords}, Options{}); (m.Engine() == "regexp+literals") != prefilter.SIMD {
		t.Errorf("Go's keywords: engine %s (AVX2: %v)", m.Engine(), prefilter.SIMD)
	}
	// Folded and exact letters in one word: a folded prefilter would
	// take abcx, so it may only find candidates.
	mixed := mustCompile(t, []string{`(?i:abc)X|(?i:def)Y|(?i:ghi)Z`}, Options{})
	if got, want := matchtest.Lines(t, mixed, "ABCx\nABCX\ndefy\nDEFY\nghiZ"), []string{"2:ABCX", "4:DEFY", "5:ghiZ"}; !slices.Equal(got, want) {
		t.Errorf("folded and exact letters (%s): got %q, want %q", mixed.Engine(), got, want)
	}
	// Two-byte strings, of a class or a group: the pair scan.
	for _, p := range []string{"(x|y)z", "[ab]c", "a[bc]|de"} {
		if m := mustCompile(t, []string{p}, Options{}); (m.Engine() == "regexp+literals") != prefilter.SIMD {
			t.Errorf("%s: engine %s (AVX2: %v)", p, m.Engine(), prefilter.SIMD)
		}
	}
	short := long + "|xy"
	if m := mustCompile(t, []string{short}, Options{}); m.Engine() == "regexp+literals" {
		t.Errorf("13 words, one of two bytes: engine %s, want no literal scan", m.Engine())
	}
}
