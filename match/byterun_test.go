package match

import (
	"math/rand"
	"regexp"
	"regexp/syntax"
	"slices"
	"testing"
)

// TestByteRunIsLeftmostFirst: a byteRun's matches are Go's regexp's, on
// lines of the class's bytes and others, and patterns that are not one
// class run take no byteRun.
func TestByteRunIsLeftmostFirst(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("ab09_ -\t\xc3\xa9\xffZ")
	for _, pat := range []string{`\w+`, `[0-9]+`, `\w{3,}`, `[a-b_]{2,}`, `[A-Za-z]+`, `\d\d+`} {
		tree, err := syntax.Parse(pat, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		r := newByteRun(tree.Simplify())
		if r == nil {
			t.Errorf("%s: no byteRun", pat)
			continue
		}
		re := regexp.MustCompile(pat)
		for range 2000 {
			line := make([]byte, rng.Intn(24))
			for i := range line {
				line[i] = alphabet[rng.Intn(len(alphabet))]
			}
			var got [][]int
			r.each(line, func(s, e int) { got = append(got, []int{s, e}) })
			want := re.FindAllIndex(line, -1)
			if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
				t.Fatalf("%s on %q: %v, want %v", pat, line, got, want)
			}
		}
	}
	for _, pat := range []string{`\w*`, `\w{2,5}`, `a\w+`, `\w+a`, `[^a]+`, `(\w+)`, `é+`} {
		tree, err := syntax.Parse(pat, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if newByteRun(tree.Simplify()) != nil {
			t.Errorf("%s: a byteRun, but it is not a run of one class of ASCII bytes", pat)
		}
	}
}
