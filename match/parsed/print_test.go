package parsed

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"urg/match/base"
)

// TestPrint: Print's spelling of a tree, large classes and all, reads back
// as the tree Go's own spelling reads back as, and matches the same
// texts; the tree printed is not changed.
func TestPrint(t *testing.T) {
	word := `[\p{L}\p{N}\p{Mn}\p{Pc}]`
	for _, src := range []string{
		word + `{5}\s+` + word + `{5}`, `(?i:ab)` + word + `+(?i:k)`, `x|` + word + `*y`, `(` + word + `)(?P<n>` + word + `)\z`,
		`[^\p{L}]`, `\p{Greek}|\p{Han}+`, `a` + word + `?` + `\x{1E900}`, `(?s:.)` + word + `(?m:^)`, `(?i)[\p{Lu}]k`,
		`[\x{0}-\x{10FFFF}]`, `\pL\pN`, `[^\p{L}\p{N}\p{Mn}\p{Pc}]`, `[\p{L}\p{Nd}\x{2c}-\x{2e}]`, `[\p{S}\p{Z}ab]`,
		`[^\p{P}\x{10FFFF}]`, `[\p{Lu}\p{Ll}]+`, `[^\p{Lu}]`,
		word + word + `x` + word + `{3}(?i:` + word + word + `)`, `(` + word + `{2})` + word + `{2,}`,
		// Two ranges that span most of Unicode.
		`A[^0]{3}`, `(?i)A[^0]{3}k`, `[^a]b`, `(?i:x[^\n]y)`, `[\x{41}-\x{2000}]`,
	} {
		tree, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		tree = tree.Simplify()
		before := tree.String()
		got, want := Print(tree), tree.String()
		if tree.String() != before {
			t.Fatalf("Print(%q) changed the tree", src)
		}
		g, err := syntax.Parse(got, syntax.Perl)
		if err != nil {
			t.Fatalf("Print(%q) = %q: %v", src, got, err)
		}
		w, _ := syntax.Parse(want, syntax.Perl)
		// The same program: where a class that folds into itself sits,
		// inside (?i:...) or not, changes its flags, not what it takes.
		gp, _ := syntax.Compile(g.Simplify())
		wp, _ := syntax.Compile(w.Simplify())
		if gp.String() != wp.String() {
			t.Errorf("Print(%q) = %q compiles otherwise than Go's %q", src, got, want)
		}
		gr, wr := regexp.MustCompile(got), regexp.MustCompile(want)
		for _, text := range []string{"abcde   fghij", "ÄBCDE ſtraße k", "x y", "ab日本語kK", "a\u1E900", "Ωmega12345 ab_cd"} {
			if gr.FindAllStringIndex(text, -1) == nil != (wr.FindAllStringIndex(text, -1) == nil) {
				t.Errorf("Print(%q) = %q and Go's %q match %q differently", src, got, want, text)
			}
		}
		if strings.Contains(src, word) && !strings.Contains(src, `\x{1E900}`) && !strings.Contains(got, `\x{`) && !strings.Contains(got, `\p{`) {
			t.Errorf("Print(%q) = %q: the class was not printed here", src, got)
		}
	}
}

// TestPrintCounted: a class that Simplify spelled out five times is
// printed once, counted, for Go's parser to read once.
func TestPrintCounted(t *testing.T) {
	tree, err := syntax.Parse(`x[\p{L}\p{N}\p{Mn}\p{Pc}]{5}\s`, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	if got := Print(tree.Simplify()); strings.Count(got, `\p{L}`) != 1 || !strings.Contains(got, `]{5}`) {
		t.Errorf("Print = %q, want the class once, counted", got)
	}
}

// TestPrintWideClass: a class of few ranges that holds many characters
// (a negated one) is printed here, not by Go, whose printer folds each of
// them; one of a few characters is left to Go.
func TestPrintWideClass(t *testing.T) {
	for src, ours := range map[string]bool{`A[^0]{3}`: true, `x[^\n]+`: true, `[a-f0-9]{2}`: false} {
		tree, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		tree = tree.Simplify()
		var classes [][]rune
		withPlaceholders(tree, &classes)
		if (len(classes) > 0) != ours {
			t.Errorf("Print(%q): %d classes printed here, want them printed here: %v", src, len(classes), ours)
		}
	}
}

// TestPrintClassExact: a class printed with the categories it holds by
// name, or its complement's, reads back as the same ranges, for classes
// made of categories, with runes added and taken away at random.
func TestPrintClassExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		src := []string{`\p{L}`, `\p{N}\p{Mn}`, `\p{L}\p{N}\p{Mn}\p{Pc}`, `\p{P}\p{S}`, `\p{Z}\p{Nd}`}[i%5]
		for range rng.IntN(4) {
			lo := rune(rng.IntN(0x30000))
			src += fmt.Sprintf(`\x{%x}-\x{%x}`, lo, lo+rune(rng.IntN(300)))
		}
		tree, err := syntax.Parse("["+src+"]", syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		ranges := tree.Rune
		// Take some runes out: a category no longer whole.
		if i%3 == 0 && len(ranges) > 4 {
			k := 2 * rng.IntN(len(ranges)/2)
			if ranges[k] < ranges[k+1] {
				ranges = append(append([]rune(nil), ranges[:k]...), append([]rune{ranges[k] + 1, ranges[k+1]}, ranges[k+2:]...)...)
			}
		}
		if i%2 == 1 {
			ranges = base.ComplementRanges(ranges)
		}
		got := printClass(ranges)
		back, err := syntax.Parse(got, syntax.Perl)
		if err != nil {
			t.Fatalf("printClass = %q: %v", got, err)
		}
		if back.Op != syntax.OpCharClass || !slices.Equal(back.Rune, ranges) {
			t.Fatalf("printClass = %q reads back as %d ranges, not the %d printed", got, len(back.Rune)/2, len(ranges)/2)
		}
	}
}
