package trigram

import (
	"math/rand"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// atoms returns the literal pieces random patterns are made of; they
// include letters whose case orbit leaves ASCII and runes outside it.
func atoms() []string {
	return []string{"a", "b", "k", "K", "s", "S", "_", "x", "y", "z", "é", "\u212a", "\u017f", "ab", "abc", "xyz", "KsK"}
}

// classes returns the character classes random patterns use.
func classes() []string {
	return []string{
		"[ab]", "[a-c]", "[^a]", "[kK]", "[sx]", "[a-z]", "[abcd]", "[abcde]",
		`\w`, `\d`, `\s`, "[é]", `[\x{212a}]`, "[[:alpha:]]", "[^\x00-\x7f]", "[_-]", `[\n]`,
	}
}

// pattern returns a random pattern of at most the given depth.
func pattern(rng *rand.Rand, depth int) string {
	atoms, classes := atoms(), classes()
	anchors := []string{"^", "$", `\b`, `\B`, `\A`, `\z`}
	repeats := []string{"*", "+", "?", "{2}", "{1,3}", "{2,}", "{0,2}", "{4}", "{0}", "*?", "+?"}
	k := rng.Intn(12)
	if depth <= 0 {
		k %= 5
	}
	switch k {
	case 0, 1:
		var b strings.Builder
		for range 1 + rng.Intn(4) {
			b.WriteString(atoms[rng.Intn(len(atoms))])
		}
		return b.String()
	case 2:
		return classes[rng.Intn(len(classes))]
	case 3:
		return "."
	case 4:
		return anchors[rng.Intn(len(anchors))]
	case 5, 6:
		return pattern(rng, depth-1) + pattern(rng, depth-1) + pattern(rng, depth-1)
	case 7, 8:
		return "(" + pattern(rng, depth-1) + "|" + pattern(rng, depth-1) + ")"
	case 9, 10:
		return "(?:" + pattern(rng, depth-1) + ")" + repeats[rng.Intn(len(repeats))]
	}
	return "(?i:" + pattern(rng, depth-1) + ")"
}

// sample appends to b a string that the tree likely matches, so that the
// soundness test sees many matches.
func sample(rng *rand.Rand, re *syntax.Regexp, b *strings.Builder) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				for range rng.Intn(3) {
					r = unicode.SimpleFold(r)
				}
			}
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		if len(re.Rune) > 0 {
			i := rng.Intn(len(re.Rune)/2) * 2
			lo, hi := re.Rune[i], re.Rune[i+1]
			b.WriteRune(lo + rune(rng.Int63n(int64(min(hi-lo, 200))+1)))
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteString([]string{"a", "K", "é", "\xff", "_"}[rng.Intn(5)])
	case syntax.OpCapture, syntax.OpPlus:
		sample(rng, re.Sub[0], b)
	case syntax.OpStar, syntax.OpQuest, syntax.OpRepeat:
		n := rng.Intn(3)
		if re.Op == syntax.OpRepeat {
			n = re.Min + rng.Intn(2)
		}
		for range n {
			sample(rng, re.Sub[0], b)
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			sample(rng, s, b)
		}
	case syntax.OpAlternate:
		sample(rng, re.Sub[rng.Intn(len(re.Sub))], b)
	}
}

// noise returns a short random string.
func noise(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.Intn(4) {
		b.WriteString([]string{"a", "B", "k", "S", " ", "\n", "é", "\xff", "xyz", "\u212a"}[rng.Intn(10)])
	}
	return b.String()
}

// text returns a random text around a sample of re.
func text(rng *rand.Rand, re *syntax.Regexp) string {
	var b strings.Builder
	b.WriteString(noise(rng))
	sample(rng, re, &b)
	b.WriteString(noise(rng))
	if rng.Intn(4) == 0 {
		sample(rng, re, &b)
	}
	return b.String()
}

type soundCase struct {
	source string // what the regexp package compiles
	tree   *syntax.Regexp
}

// cases returns the trees of a random pattern, parsed in several ways.
func cases(rng *rand.Rand) []soundCase {
	if rng.Intn(8) == 0 {
		lit := pattern(rng, 0) + pattern(rng, 0)
		flags, src := syntax.Literal, regexp.QuoteMeta(lit)
		if rng.Intn(2) == 0 {
			flags, src = flags|syntax.FoldCase, "(?i)"+src
		}
		re, err := syntax.Parse(lit, flags)
		if err != nil {
			return nil
		}
		return []soundCase{{src, re}}
	}
	p := pattern(rng, 3)
	if rng.Intn(4) == 0 {
		p = []string{"(?i)", "(?s)", "(?m)", "(?U)"}[rng.Intn(4)] + p
	}
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return nil
	}
	again, _ := syntax.Parse(p, syntax.Perl)
	return []soundCase{{p, re}, {p, again.Simplify()}}
}

// TestSoundness checks on random patterns and texts that whenever a
// pattern matches a text, the text's trigrams satisfy the query.
func TestSoundness(t *testing.T) {
	rng := rand.New(rand.NewSource(42))
	matched, selective := 0, 0
	for i := range 10000 {
		for _, c := range cases(rng) {
			rx := regexp.MustCompile(c.source)
			q := FromTrees([]*syntax.Regexp{c.tree})
			if q.Op != All {
				selective++
			}
			for range 12 {
				txt := text(rng, c.tree)
				if !rx.MatchString(txt) {
					continue
				}
				matched++
				if !q.Eval(textHas(txt)) {
					t.Fatalf("case %d: %q (tree %s) matches %s but query %s fails",
						i, c.source, c.tree, strconv.Quote(txt), q)
				}
			}
		}
	}
	if matched < 10000 || selective < 1000 {
		t.Errorf("too weak a test: %d matches, %d selective queries", matched, selective)
	}
	t.Logf("%d matches, %d selective queries", matched, selective)
}

// TestSoundnessMany checks disjunctions of several random patterns the
// same way.
func TestSoundnessMany(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := range 500 {
		var trees []*syntax.Regexp
		var rxs []*regexp.Regexp
		for range 1 + rng.Intn(4) {
			for _, c := range cases(rng) {
				trees = append(trees, c.tree)
				rxs = append(rxs, regexp.MustCompile(c.source))
			}
		}
		if len(trees) == 0 {
			continue
		}
		q := FromTrees(trees)
		for range 12 {
			txt := text(rng, trees[rng.Intn(len(trees))])
			for j, rx := range rxs {
				if rx.MatchString(txt) && !q.Eval(textHas(txt)) {
					t.Fatalf("case %d: %q matches %q but query %s fails", i, rxs[j], txt, q)
				}
			}
		}
	}
}
