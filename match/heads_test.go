package match

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"urg/match/aho"
	"urg/match/internal/matchtest"
)

// TestHeaded checks many regexes that begin with literals, found by their
// heads' automaton and their tails' anchored automata, against the
// joined matcher that takes them otherwise: random heads (some folding
// case, some suffixes of others) with a few tails, in both locales, over
// lines of their letters, digits, spaces and characters beyond ASCII.
func TestHeaded(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	tails := []string{`\w*[0-9]`, `\s+\d+`, ``, `[a-c]+`, `(x|yz)?q`, `\d{2}`, `.`, `$`, `\w+\b`, `é?\w`}
	for n := 0; n < 16; n++ {
		o := Options{IgnoreCase: rng.Intn(4) == 0, UTF8: rng.Intn(2) == 0, Timeout: DefaultTimeout}
		letters := "abcABC"
		if n%2 == 0 {
			letters += "sSkK"
		}
		word := func(lo, hi int) string {
			var b strings.Builder
			for range lo + rng.Intn(hi-lo+1) {
				b.WriteByte(letters[rng.Intn(len(letters))])
			}
			return b.String()
		}
		var pats, heads []string
		shapes := tails[:1+rng.Intn(len(tails))]
		for len(pats) < aho.MinWords+rng.Intn(60) {
			head := word(1, 4)
			if len(heads) > 0 && rng.Intn(3) == 0 {
				// A suffix of another's head.
				o := heads[rng.Intn(len(heads))]
				head = o[rng.Intn(len(o)):]
			}
			heads = append(heads, head)
			p := head + shapes[rng.Intn(len(shapes))]
			if rng.Intn(3) == 0 {
				p = "(?i)" + p
			}
			pats = append(pats, p)
		}
		var lines []string
		pieces := []string{"a", "b", "c", "A", "B", "s", "k", "S", "K", "1", "2", " ", "é", "\u212a", "\u017f", "x", "yz", "q", "_", "\xff"}
		for range 40 {
			var b strings.Builder
			for range rng.Intn(16) {
				b.WriteString(pieces[rng.Intn(len(pieces))])
			}
			lines = append(lines, b.String())
		}
		m, err := Compile(pats, o)
		if err != nil {
			t.Fatalf("%q: %v", pats, err)
		}
		if !strings.Contains(m.Engine(), "heads") {
			// \b in a tail under UTF-8: the joined matcher's.
			if !o.UTF8 || !slices.ContainsFunc(pats, func(p string) bool { return strings.HasSuffix(p, `\b`) }) {
				t.Fatalf("%q, %+v: engine %s, want the heads' automaton", pats, o, m.Engine())
			}
			continue
		}
		ref := joinedMatcher(t, pats, o)
		name := fmt.Sprintf("%q, %+v", pats, o)
		text := []byte(strings.Join(lines, "\n"))
		got, _ := matchtest.Selected(m, text)
		want, _ := matchtest.Selected(ref, text)
		if !slices.Equal(got, want) {
			t.Fatalf("%s over %q: lines %v, the joined matcher's %v", name, text, got, want)
		}
		for _, l := range lines {
			var got, want []int
			m.Each([]byte(l), func(s, e int) { got = append(got, s, e) })
			ref.Each([]byte(l), func(s, e int) { want = append(want, s, e) })
			if !slices.Equal(got, want) {
				t.Fatalf("%s over %q: matches %v, the joined matcher's %v", name, l, got, want)
			}
		}
	}
}
