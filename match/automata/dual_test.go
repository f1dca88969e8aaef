package automata

import (
	"math/rand/v2"
	"regexp/syntax"
	"strings"
	"testing"

	"urg/match/parsed"
)

// TestRunDual compares runDual and runQuad with run, the parts cut at every
// kind of place, on random texts with matching lines anywhere (in either
// half, in both, at the very end with no newline, none), and with a
// cache so small that making a transition empties it.
func TestRunDual(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	sizes := []int{2000, 3, 8}
	for _, pattern := range []string{`[xq][0-9]+[jz]`, `[a-z]+[0-9]+[a-z]+`, `^\S+\s+\S+$`, `(x|yy)[a-y]{3}z`, `[xy]z?$`, `[q7]7*z`, "", `\s*`, `\bq\w`, `7é*z`} {
		ds := dualLazies(t, pattern, sizes)
		pieces := []string{"x", "y", "z", "q", "7", " ", "ab", "é", "\n", "\n"}
		for iter := range 4000 {
			d := ds[iter%len(sizes)]
			var b strings.Builder
			for range rng.IntN(80) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			text := []byte(b.String())
			checkDual(t, rng, d, pattern, text, iter)
		}
	}
}

// dualLazies is pattern's block automaton for each cache size.
func dualLazies(t *testing.T, pattern string, sizes []int) []*Lazy {
	t.Helper()
	var ds []*Lazy // one for each of sizes
	for _, size := range sizes {
		// Under -x, the empty pattern (with -i) and \s* match empty
		// lines only, on the automaton: a match at a line's end only.
		src, flags := pattern, syntax.PerlX|syntax.UnicodeGroups
		if pattern == "" || pattern == `\s*` {
			src = `^(?:` + pattern + `)$` // -x
		}
		if pattern == "" {
			flags |= syntax.FoldCase // -i
		}
		tree, err := parsed.LineTree(src, flags)
		if err != nil {
			t.Fatal(err)
		}
		a := NewAutomaton(tree, size)
		if a == nil {
			t.Fatalf("%s: no automaton", pattern)
		}
		ds = append(ds, a.block)
	}
	return ds
}

// checkDual compares runDual, cut at a random line start of text, and
// runQuad, cut at three, with run; iter picks when the cache is emptied
// between them.
func checkDual(t *testing.T, rng *rand.Rand, d *Lazy, pattern string, text []byte, iter int) {
	t.Helper()
	var cuts []int // after each newline but the last byte
	for i, ch := range text {
		if ch == '\n' && i+1 < len(text) {
			cuts = append(cuts, i+1)
		}
	}
	if len(cuts) == 0 {
		return
	}
	mid := cuts[rng.IntN(len(cuts))]
	// run first, on the same cache: runDual then mostly meets
	// made transitions, and runs both chains to their ends.
	c := d.cache()
	at, s, ok := d.run(c, text, 0, d.start(c, fBOL))
	wantS, wantE, wantOK := d.lineOf(c, text, at, s, ok)
	if iter%7 == 0 {
		c = d.cache()
		c.made = 0
		d.reset(c)
	}
	at, s, ok = d.runDual(c, text, mid)
	gotS, gotE, gotOK := d.lineOf(c, text, at, s, ok)
	if !wantOK || !gotOK {
		return // the cache thrashed: the caller runs pike
	}
	if gotS != wantS || gotE != wantE {
		t.Fatalf("%s in %q cut at %d (cache %d): runDual %d, %d; run %d, %d",
			pattern, text, mid, d.max, gotS, gotE, wantS, wantE)
	}
	if len(cuts) < 3 {
		return
	}
	// Four chains, cut at three line starts in order.
	var q [4]int
	for {
		q[1], q[2], q[3] = cuts[rng.IntN(len(cuts))], cuts[rng.IntN(len(cuts))], cuts[rng.IntN(len(cuts))]
		if q[1] < q[2] && q[2] < q[3] {
			break
		}
	}
	if iter%5 == 0 {
		c.made = 0
		d.reset(c)
	}
	at, s, ok = d.runQuad(c, text, q)
	gotS, gotE, gotOK = d.lineOf(c, text, at, s, ok)
	if gotOK && (gotS != wantS || gotE != wantE) {
		t.Fatalf("%s in %q cut at %v (cache %d): runQuad %d, %d; run %d, %d",
			pattern, text, q, d.max, gotS, gotE, wantS, wantE)
	}
}
