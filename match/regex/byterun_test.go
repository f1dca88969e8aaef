package regex

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
		r := newByteRun(tree.Simplify(), false)
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
		if newByteRun(tree.Simplify(), false) != nil {
			t.Errorf("%s: a byteRun, but it is not a run of one class of ASCII bytes", pat)
		}
	}
}

// TestByteRunOfCharacters: under UTF-8 a class beyond ASCII is a run of
// its characters, whose matches are Go's regexp's on lines of ASCII,
// characters of two to four bytes, and bytes that are not UTF-8.
func TestByteRunOfCharacters(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	alphabet := []string{"a", "Z", "0", "_", " ", "-", "é", "\u00a0", "Ω", "٣", "\u0301", "中", "😀", "\xff", "\xc3", "\xe4\xb8"}
	for _, pat := range []string{`[\p{L}\p{N}\p{Mn}\p{Pc}]+`, `\p{L}+`, `[é_a]{2,}`, `\pN\pN+`} {
		tree, err := syntax.Parse(pat, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		r := newByteRun(tree.Simplify(), true)
		if r == nil || r.ranges == nil {
			t.Errorf("%s: no run of characters", pat)
			continue
		}
		if newByteRun(tree.Simplify(), false) != nil {
			t.Errorf("%s: a byteRun in the C locale", pat)
		}
		re := regexp.MustCompile(pat)
		for range 3000 {
			var line []byte
			for range rng.Intn(16) {
				line = append(line, alphabet[rng.Intn(len(alphabet))]...)
			}
			var got [][]int
			r.each(line, func(s, e int) { got = append(got, []int{s, e}) })
			want := re.FindAllIndex(line, -1)
			if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
				t.Fatalf("%s on %q: %v, want %v", pat, line, got, want)
			}
		}
	}
	// A class that holds U+FFFD, which Go's regexp finds at a byte that
	// is not UTF-8, keeps the automaton.
	tree, err := syntax.Parse(`[^a ]+`, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	if newByteRun(tree.Simplify(), true) != nil {
		t.Errorf("[^a ]+: a run of characters, though its class holds U+FFFD")
	}
}
