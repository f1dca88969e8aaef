package match

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPairIndex checks the prefilter's index through a pair (AVX2 where the
// CPU has it) against a plain search, case-sensitive and folded, on random
// texts of every length around the 32-byte blocks, with the literal
// planted at every kind of offset and not at all.
func TestPairIndex(t *testing.T) {
	if !pairSIMD {
		t.Log("no AVX2 here: the pair is not used, the portable path is checked")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("aAbBcC.-_ \nxyzXYZ@`[{")
	for iter := range 3000 {
		fold := iter%2 == 0
		lit := make([]byte, 2+rng.IntN(6))
		for i := range lit {
			lit[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if fold {
			lit = bytes.ToLower(lit)
		}
		text := make([]byte, rng.IntN(140))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if len(text) >= len(lit) && rng.IntN(2) == 0 {
			at := rng.IntN(len(text) - len(lit) + 1)
			copy(text[at:], lit)
			if fold {
				copy(text[at:], bytes.ToUpper(lit))
			}
		}
		p := prefilter{lit: bytes.Clone(lit), fold: fold}
		p.prepare()
		want := -1
		for s := 0; s+len(lit) <= len(text); s++ {
			if fold && equalFoldASCII(text[s:s+len(lit)], lit) || !fold && bytes.Equal(text[s:s+len(lit)], lit) {
				want = s
				break
			}
		}
		if got := p.index(text); got != want {
			t.Fatalf("index(%q) of %q (fold %v, pair %+v) = %d, want %d", text, lit, fold, p.pair, got, want)
		}
	}
}

// TestNewPair checks that the pair is two distinct positions, in order,
// and folds letters only.
func TestNewPair(t *testing.T) {
	if newPair([]byte("x"), false) != nil {
		t.Fatal("a one-byte literal got a pair")
	}
	q := newPair([]byte("zq-a"), true)
	if q.a+q.off >= 4 || q.off <= 0 {
		t.Fatalf("pair %+v out of the literal", q)
	}
	for _, c := range []struct{ c, m byte }{{q.c1, q.m1}, {q.c2, q.m2}} {
		if isLetter(rune(c.c)) != (c.m == 0x20) {
			t.Fatalf("pair %+v: fold mask on %q", q, c.c)
		}
	}
}

// TestHitsMulti checks the scan for one literal, and for several at
// once, against each literal compared at every position, on random texts
// around the 32-byte blocks, folded and not, with skips between
// occurrences.
func TestHitsMulti(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("aAbBcC.-_ \nxyzXYZ")
	for iter := range 6000 {
		fold := iter%2 == 0
		var lits []*prefilter
		k := 1 // a third of the sets are one literal, scanned on its own
		switch iter % 3 {
		case 1:
			k = 2 + rng.IntN(maxPairs-1)
		case 2: // teddy's buckets shared, or the literals found one by one
			k = 2 + rng.IntN(3*teddyBuckets)
		}
		for range k {
			lit := make([]byte, 2+rng.IntN(5))
			for i := range lit {
				lit[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if fold {
				lit = bytes.ToLower(lit)
			}
			p := &prefilter{lit: lit, fold: fold}
			p.prepare()
			lits = append(lits, p)
		}
		text := make([]byte, rng.IntN(400))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		set := newLitSet(lits)
		short := false // some literal is too short for teddy
		for _, p := range lits {
			short = short || len(p.lit) < teddyLen
		}
		switch {
		case !pairSIMD:
		case len(lits) == 1 && set.one == nil:
			t.Fatal("a literal with a pair was not scanned by it")
		case len(lits) > 1 && !short && set.teddy == nil:
			t.Fatalf("%q were not scanned by teddy", litsOf(lits))
		case len(lits) > 1 && len(lits) <= maxPairs && short && set.tab == nil:
			t.Fatalf("%q were not scanned by their pairs", litsOf(lits))
		}
		h := set.hits(text, 0)
		checkHits(t, &h, text, func(s int) bool {
			for _, p := range lits {
				if n := len(p.lit); s+n <= len(text) && (bytes.Equal(text[s:s+n], p.lit) ||
					fold && bytes.Equal(bytes.ToLower(text[s:s+n]), p.lit)) {
					return true
				}
			}
			return false
		}, rng, 40, fmt.Sprintf("%d: %q", iter, litsOf(lits)))
	}
}

// checkHits takes every occurrence from h, skipping ahead by up to
// maxSkip bytes after a third of them, and compares each with the first
// position from there at which valid holds.
func checkHits(t *testing.T, h *hits, text []byte, valid func(s int) bool, rng *rand.Rand, maxSkip int, what string) {
	t.Helper()
	for at := 0; ; {
		want := -1
		for s := at; s < len(text) && want < 0; s++ {
			if valid(s) {
				want = s
			}
		}
		got := h.next()
		if got != want {
			t.Fatalf("%s: next after %d in %q = %d, want %d", what, at, text, got, want)
		}
		if got < 0 {
			return
		}
		at = got + 1
		if rng.IntN(3) == 0 {
			at = got + 1 + rng.IntN(maxSkip)
			h.skip(at)
		}
	}
}

func litsOf(ps []*prefilter) []string {
	var s []string
	for _, p := range ps {
		s = append(s, string(p.lit))
	}
	return s
}

// TestManyLiterals compiles alternations of 2 to teddyMax words, some
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
		k := 2 + rng.IntN(teddyMax-1)
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
			if got := lines(t, m, string(text)); !slices.Equal(got, want) {
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
	if want := pairSIMD; (m.Engine() == "regexp+literals") != want {
		t.Errorf("%d words of five bytes or more: engine %s (AVX2: %v)", 12, m.Engine(), want)
	}
	// Go's parser factors these into c(?:a(?:se|p)|...): the words are
	// still found as such.
	keywords := "func|return|struct|interface|package|import|const|var|type|chan|select|defer|goto|switch|case|default|break|continue|fallthrough|range|else|for|map|make|append|len|cap|new|panic|recover"
	if m := mustCompile(t, []string{keywords}, Options{}); (m.Engine() == "regexp+literals") != pairSIMD {
		t.Errorf("Go's keywords: engine %s (AVX2: %v)", m.Engine(), pairSIMD)
	}
	// Folded and exact letters in one word: a folded prefilter would
	// take abcx, so it may only find candidates.
	mixed := mustCompile(t, []string{`(?i:abc)X|(?i:def)Y|(?i:ghi)Z`}, Options{})
	if got, want := lines(t, mixed, "ABCx\nABCX\ndefy\nDEFY\nghiZ"), []string{"2:ABCX", "4:DEFY", "5:ghiZ"}; !slices.Equal(got, want) {
		t.Errorf("folded and exact letters (%s): got %q, want %q", mixed.Engine(), got, want)
	}
	// Two-byte strings, of a class or a group: the pair scan.
	for _, p := range []string{"(x|y)z", "[ab]c", "a[bc]|de"} {
		if m := mustCompile(t, []string{p}, Options{}); (m.Engine() == "regexp+literals") != pairSIMD {
			t.Errorf("%s: engine %s (AVX2: %v)", p, m.Engine(), pairSIMD)
		}
	}
	short := long + "|xy"
	if m := mustCompile(t, []string{short}, Options{}); m.Engine() == "regexp+literals" {
		t.Errorf("13 words, one of two bytes: engine %s, want no literal scan", m.Engine())
	}
}
