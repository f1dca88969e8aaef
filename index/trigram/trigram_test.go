package trigram

import (
	"math/rand"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// parse parses p with Perl flags, failing the test on error.
func parse(t *testing.T, p string, flags syntax.Flags) *syntax.Regexp {
	t.Helper()
	re, err := syntax.Parse(p, flags)
	if err != nil {
		t.Fatalf("parse %q: %v", p, err)
	}
	return re
}

// textHas returns a lookup of the folded trigrams of text, as the index
// would store them.
func textHas(text string) func(uint32) bool {
	set := make(map[uint32]bool, len(text))
	for i := 0; i+3 <= len(text); i++ {
		set[Key(text[i], text[i+1], text[i+2])] = true
	}
	return func(k uint32) bool { return set[k] }
}

// TestSpellings checks that a key with letters of either case stands for
// each choice of their cases and nothing else.
func TestSpellings(t *testing.T) {
	if got, want := Key('A', 'b', 0xC3), uint32('A')<<16|uint32('b')<<8|0xC3; got != want {
		t.Errorf("Key = %#x, want %#x", got, want)
	}
	cases := []struct {
		key  uint32
		want []string
	}{
		{Key('a', 'B', '_'), []string{"aB_"}},
		{Key('a'|AnyCase, 'B', '_'), []string{"aB_", "AB_"}},
		{Key('x'|AnyCase, '1', 'y'|AnyCase), []string{"x1y", "X1y", "x1Y", "X1Y"}},
		{Key('a'|AnyCase, 'b'|AnyCase, 'c'|AnyCase), []string{"abc", "Abc", "aBc", "ABc", "abC", "AbC", "aBC", "ABC"}},
	}
	for _, c := range cases {
		var got []string
		for _, k := range Spellings(nil, c.key) {
			got = append(got, string([]byte{byte(k >> 16), byte(k >> 8), byte(k)}))
		}
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("Spellings(%s) = %q, want %q", quote(c.key), got, c.want)
		}
	}
}

// TestFoldOrbits checks that k and s are the only ASCII letters whose case
// orbit leaves ASCII, which is what literalByte relies on.
func TestFoldOrbits(t *testing.T) {
	for r := rune(0); r < 0x80; r++ {
		leaves := false
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			leaves = leaves || f >= 0x80
		}
		_, ok := literalByte(r, true)
		if leaves == ok {
			t.Errorf("rune %q: orbit leaves ASCII %v, but literalByte known %v", r, leaves, ok)
		}
	}
}

func TestString(t *testing.T) {
	tests := []struct{ pattern, want string }{
		{`PM_RESUME`, `"ESU" "M_R" "PM_" "RES" "SUM" "UME" "_RE"`},
		{`(?i)abc`, `"[aA][bB][cC]"`},
		{`(?i)ABC`, `"[aA][bB][cC]"`},
		{`foo|bar`, `("bar"|"foo")`},
		{`[A-Z]+_SUSPEND`, `"END" "PEN" "SPE" "SUS" "USP" "_SU"`},
		{`\w+Error\(`, `"Err" "or(" "ror" "rro"`},
		{`a.b`, `all`},
		{`abc+`, `"abc"`},
		{`(abc){2,}`, `"abc" "bca" "cab"`},
		{`x*`, `all`},
		{`(?i)kernel`, `"[eE][rR][nN]" "[nN][eE][lL]" "[rR][nN][eE]"`},
		{`[Aa][Bb]c`, `"[aA][bB]c"`},
		{`kernel`, `"ern" "ker" "nel" "rne"`},
		{`[^a]bcd`, `"bcd"`},
		{`\x{263a}abc`, `"abc"`},
		{`a[bc]d`, `("abd"|"acd")`},
		{`abc|de`, `all`},
		{`(abc)?def`, `"def"`},
		{`[^\x00-\x{10FFFF}]`, `none`},
		{`ab(cd|ef)gh`, `("abc" "bcd"|"abe" "bef") ("cdg" "dgh"|"efg" "fgh")`},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			q := FromTrees([]*syntax.Regexp{parse(t, tt.pattern, syntax.Perl)})
			if got := q.String(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestNoTrees(t *testing.T) {
	for name, trees := range map[string][]*syntax.Regexp{
		"nil":      nil,
		"empty":    {},
		"nil tree": {nil},
	} {
		t.Run(name, func(t *testing.T) {
			if q := FromTrees(trees); q.Op != All {
				t.Errorf("got %s, want all", q)
			}
		})
	}
}

// TestHandBuilt feeds trees the parser would not make, such as classes
// and literals under FoldCase that were never expanded.
func TestHandBuilt(t *testing.T) {
	lit := func(s string, f syntax.Flags) *syntax.Regexp {
		return &syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune(s), Flags: f}
	}
	class := func(f syntax.Flags, r ...rune) *syntax.Regexp {
		return &syntax.Regexp{Op: syntax.OpCharClass, Rune: r, Flags: f}
	}
	cat := func(subs ...*syntax.Regexp) *syntax.Regexp {
		return &syntax.Regexp{Op: syntax.OpConcat, Sub: subs}
	}
	deep := lit("abcd", 0)
	for range 5000 {
		deep = &syntax.Regexp{Op: syntax.OpCapture, Sub: []*syntax.Regexp{deep}}
	}
	tests := []struct {
		name string
		re   *syntax.Regexp
		want string
	}{
		{"fold literal s", lit("xsyz", syntax.FoldCase), `all`},
		{"fold literal K", lit("abKcd", syntax.FoldCase), `all`},
		{"fold literal", lit("ABCd", syntax.FoldCase), `"[aA][bB][cC]" "[bB][cC][dD]"`},
		{"fold class k", cat(lit("ab", 0), class(syntax.FoldCase, 'k', 'k'), lit("cd", 0)), `all`},
		{"class kK", cat(lit("ab", 0), class(0, 'K', 'K', 'k', 'k')), `"ab[kK]"`},
		{"fold class", cat(lit("ab", 0), class(syntax.FoldCase, 'c', 'c')), `"ab[cC]"`},
		{"private use", lit("ab\uf7c3cd", 0), `all`},
		{"odd class", cat(lit("ab", 0), class(0, 'c')), `all`},
		{"empty class", class(0), `none`},
		{"unknown op", &syntax.Regexp{Op: 200}, `all`},
		{"star no sub", &syntax.Regexp{Op: syntax.OpPlus}, `all`},
		{"deep", deep, `all`},
		{"repeat 0", cat(lit("ab", 0), &syntax.Regexp{Op: syntax.OpRepeat, Min: 0, Max: 0, Sub: []*syntax.Regexp{lit("x", 0)}}, lit("c", 0)), `"abc"`},
		{"repeat 5", &syntax.Regexp{Op: syntax.OpRepeat, Min: 5, Max: 5, Sub: []*syntax.Regexp{lit("ab", 0)}}, `"aba" "bab"`},
		{"bad repeat", &syntax.Regexp{Op: syntax.OpRepeat, Min: 3, Max: 2, Sub: []*syntax.Regexp{lit("abc", 0)}}, `all`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromTrees([]*syntax.Regexp{tt.re}).String(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestEvalAndKeys(t *testing.T) {
	q := FromTrees([]*syntax.Regexp{parse(t, `foo(bar|baz)`, syntax.Perl)})
	tests := []struct {
		text string
		want bool
	}{
		{"xxfoobarxx", true},
		{"xxFOObarxx", false},
		{"foobaz", true},
		{"foo bar", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := q.Eval(textHas(tt.text)); got != tt.want {
				t.Errorf("%s on %q = %v, want %v", q, tt.text, got, tt.want)
			}
		})
	}
	var names []string
	for _, k := range q.Keys() {
		names = append(names, quote(k))
	}
	if got, want := strings.Join(names, " "), `"bar" "baz" "foo" "oba" "oob"`; got != want {
		t.Errorf("Keys = %s, want %s", got, want)
	}
	if !(*Query)(nil).Eval(textHas("")) || !(&Query{Op: 99}).Eval(textHas("")) {
		t.Error("nil or unknown query must hold")
	}
}

func TestNormalise(t *testing.T) {
	k := func(s string) *Query { return andKeys([]uint32{Key(s[0], s[1], s[2])}) }
	tests := []struct {
		name string
		q    *Query
		want string
	}{
		{"and all", newAnd(k("abc"), all()), `"abc"`},
		{"and none", newAnd(k("abc"), none()), `none`},
		{"or all", newOr(k("abc"), all()), `all`},
		{"or none", newOr(k("abc"), none()), `"abc"`},
		{"and empty", newAnd(), `all`},
		{"or empty", newOr(), `none`},
		{"and flat", newAnd(newAnd(k("abc"), k("def")), k("abc")), `"abc" "def"`},
		{"or flat", newOr(newOr(k("abc"), k("def")), k("ghi")), `("abc"|"def"|"ghi")`},
		{"and absorbs", newAnd(k("abc"), newOr(k("abc"), k("def"))), `"abc"`},
		{"or absorbs", newOr(k("abc"), newAnd(k("abc"), k("def"))), `"abc"`},
		{"and of or", newAnd(k("xyz"), newOr(k("abc"), k("def"))), `"xyz" ("abc"|"def")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.q.String(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestManyWords checks that a thousand fixed strings give a disjunction of
// a thousand conjunctions, and that one short word gives up on all of it.
func TestManyWords(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	seen := map[string]bool{}
	var words []string
	for len(words) < 1000 {
		b := make([]byte, 6)
		for i := range b {
			b[i] = byte('a' + rng.Intn(26))
		}
		if w := string(b); !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	trees := make([]*syntax.Regexp, len(words))
	for i, w := range words {
		trees[i] = parse(t, w, syntax.Literal)
	}
	q := FromTrees(trees)
	if q.Op != Or || len(q.Sub) != len(words) || len(q.Trigrams) != 0 {
		t.Fatalf("got op %d with %d trigrams and %d subs", q.Op, len(q.Trigrams), len(q.Sub))
	}
	for i, s := range q.Sub {
		want := textHas(words[i])
		if s.Op != And || len(s.Sub) != 0 || len(s.Trigrams) == 0 || len(s.Trigrams) > 4 {
			t.Fatalf("sub %d is %s", i, s)
		}
		for _, k := range s.Trigrams {
			if !want(k) {
				t.Fatalf("sub %d %s has a trigram not in %q", i, s, words[i])
			}
		}
	}
	for _, i := range []int{0, 500, 999} {
		if !q.Eval(textHas("--" + words[i] + "--")) {
			t.Errorf("word %q not found", words[i])
		}
	}
	if q.Eval(textHas("")) {
		t.Error("empty text satisfies the query")
	}
	if keys := q.Keys(); !slices.IsSorted(keys) || len(keys) == 0 {
		t.Error("keys not sorted")
	}
	trees = append(trees, parse(t, "ab", syntax.Literal))
	if q := FromTrees(trees); q.Op != All {
		t.Errorf("with a short word got op %d, want all", q.Op)
	}
}

// TestLargeTrees checks that big patterns give bounded queries that still
// hold for texts they match.
func TestLargeTrees(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var long, words strings.Builder
	for i := range 20000 {
		long.WriteByte(byte('a' + rng.Intn(26)))
		if i < 5000 {
			if i > 0 {
				words.WriteByte('|')
			}
			for range 8 {
				words.WriteByte(byte('a' + rng.Intn(26)))
			}
		}
	}
	tests := []struct{ name, pattern string }{
		{"concat of alternations", strings.Repeat("(?:ab|cd)", 500)},
		{"nested groups", strings.Repeat("(", 900) + "abc" + strings.Repeat(")", 900)},
		{"repeat", "(?:abcdef){300}"},
		{"classes", strings.Repeat("[ab]", 1000)},
		{"long literal", long.String()},
		{"many words", words.String()},
		{"nested repeats", "(((abc){2,5}x){2,5}y){2,5}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := parse(t, tt.pattern, syntax.Perl)
			rx := regexp.MustCompile(tt.pattern)
			for _, tree := range []*syntax.Regexp{re, re.Simplify()} {
				q := FromTrees([]*syntax.Regexp{tree})
				if n := len(q.Keys()); n > maxKeys {
					t.Errorf("%d keys", n)
				}
				for range 5 {
					var b strings.Builder
					sample(rng, tree, &b)
					if txt := b.String(); rx.MatchString(txt) && !q.Eval(textHas(txt)) {
						t.Fatalf("query %.200s fails on a match", q)
					}
				}
			}
		})
	}
}
