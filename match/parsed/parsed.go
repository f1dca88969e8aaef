// Package parsed reads from a pattern's parse (Go's regexp/syntax tree)
// what the engines and the choice between them need: the shortest match,
// a literal every match holds, the literals of an alternation, whether
// the pattern is a plain literal or anchored, and its rewrites for lines
// of a block and for the C locale's case folding.
package parsed

import (
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
	"urg/match/prefilter"
)

// Flags are the parser's flags for o: Perl's syntax, folded under -i.
func Flags(o base.Options) syntax.Flags {
	flags := syntax.PerlX | syntax.UnicodeGroups
	if o.IgnoreCase {
		flags |= syntax.FoldCase
	}
	return flags
}

// LineLocal rewrites a parsed pattern so that it matches within one line of
// a multi-line block exactly as PCRE matches it against that line alone:
// nothing matches '\n', and text anchors become line anchors.
func LineLocal(re *syntax.Regexp) *syntax.Regexp {
	switch re.Op {
	case syntax.OpAnyChar:
		re.Op = syntax.OpAnyCharNotNL
	case syntax.OpBeginText:
		re.Op = syntax.OpBeginLine
	case syntax.OpEndText:
		re.Op = syntax.OpEndLine
		re.Flags &^= syntax.WasDollar
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == '\n' {
				return &syntax.Regexp{Op: syntax.OpNoMatch}
			}
		}
	case syntax.OpCharClass:
		re.Rune = withoutNL(re.Rune)
		if len(re.Rune) == 0 {
			return &syntax.Regexp{Op: syntax.OpNoMatch}
		}
	}
	for i, sub := range re.Sub {
		re.Sub[i] = LineLocal(sub)
	}
	return re
}

// withoutNL removes '\n' from a class given as [lo, hi] pairs.
func withoutNL(ranges []rune) []rune { return ClassWithout(ranges, '\n') }

// MinLen returns the length in bytes of the shortest text re can match.
func MinLen(re *syntax.Regexp) int { return MinLenBy(re, runeMinLen) }

// MinLenBy is minLen where a rune (or under fold any rune that folds to
// it) takes at least width bytes: one each in the C locale, whose
// characters are bytes.
func MinLenBy(re *syntax.Regexp, width func(r rune, fold bool) int) int {
	switch re.Op {
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			n += width(r, re.Flags&syntax.FoldCase != 0)
		}
		return n
	case syntax.OpCharClass:
		n := utf8.UTFMax
		for i := 0; i < len(re.Rune); i += 2 {
			n = min(n, width(re.Rune[i], false))
		}
		return n
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return MinLenBy(re.Sub[0], width)
	case syntax.OpRepeat:
		return re.Min * MinLenBy(re.Sub[0], width)
	case syntax.OpConcat:
		n := 0
		for _, sub := range re.Sub {
			n += MinLenBy(sub, width)
		}
		return n
	case syntax.OpAlternate:
		n := -1
		for _, sub := range re.Sub {
			if l := MinLenBy(sub, width); n < 0 || l < n {
				n = l
			}
		}
		return max(n, 0)
	}
	return 0
}

// runeLen is utf8.RuneLen, counting an invalid rune as the one byte that
// Go's regexp matches it with.
func runeLen(r rune) int {
	if n := utf8.RuneLen(r); n > 0 {
		return n
	}
	return 1
}

// runeMinLen is the shortest encoding of r or, under case folding, of any
// rune that folds to it (the Kelvin sign folds to a one-byte k).
func runeMinLen(r rune, fold bool) int {
	n := runeLen(r)
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			n = min(n, runeLen(f))
		}
	}
	return n
}

// RequiredLiteral returns the longest literal that every match of re
// contains, or one with no bytes. Searching for it first and running the
// regex only on the lines it lands on is far faster than running the regex
// over everything.
func RequiredLiteral(re *syntax.Regexp) prefilter.Literal {
	switch re.Op {
	case syntax.OpLiteral, syntax.OpCharClass:
		var p prefilter.Literal
		p.AppendAtom(re)
		return p
	case syntax.OpCapture, syntax.OpPlus:
		return RequiredLiteral(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min > 0 {
			return RequiredLiteral(re.Sub[0])
		}
	case syntax.OpConcat:
		// Runs of adjacent atoms make one literal; anything else ends the
		// run but may hold a literal of its own.
		var best, run prefilter.Literal
		for _, sub := range re.Sub {
			if run.AppendAtom(sub) {
				continue
			}
			best = best.Better(run)
			run = prefilter.Literal{}
			best = best.Better(RequiredLiteral(sub))
		}
		return best.Better(run)
	}
	return prefilter.Literal{}
}

// LiteralSuffix returns the literal every match of re ends with, before
// any zero-width assertions after it (`[A-Z]\w+Writer\b`: "Writer"), with
// no bytes when there is none, it folds case or it holds a byte beyond
// ASCII.
func LiteralSuffix(re *syntax.Regexp) prefilter.Literal {
	p, _ := literalSuffix(re, nil)
	return p
}

// SuffixOnlyAtEnd reports whether re has a literal suffix (LiteralSuffix)
// that no match holds anywhere but at its end: nothing before the suffix
// can match its first byte, and the suffix has that byte once. Then the
// first occurrence at which a match ends is where the leftmost match
// ends: a match starting further left and ending later would hold that
// occurrence inside it.
func SuffixOnlyAtEnd(re *syntax.Regexp) bool {
	p, before := literalSuffix(re, nil)
	if len(p.Lit) == 0 || slices.Contains(p.Lit[1:], p.Lit[0]) {
		return false
	}
	for _, a := range before {
		if holds(a, rune(p.Lit[0])) {
			return false
		}
	}
	return true
}

// SuffixBounds reports whether re has a literal suffix (LiteralSuffix)
// with a byte that nothing before the suffix in a match can hold: run
// back from an occurrence of the suffix, the reversed pattern reads no
// further than the occurrence before, so runs from every occurrence in
// a line read it about once.
func SuffixBounds(re *syntax.Regexp) bool {
	p, before := literalSuffix(re, nil)
	for _, c := range p.Lit {
		if !slices.ContainsFunc(before, func(a *syntax.Regexp) bool { return holds(a, rune(c)) }) {
			return true
		}
	}
	return false
}

// literalSuffix is LiteralSuffix, with the atoms of re before the suffix
// (those of the concatenations it is inside of, before, first).
func literalSuffix(re *syntax.Regexp, before []*syntax.Regexp) (prefilter.Literal, []*syntax.Regexp) {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	atoms := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		atoms = re.Sub
	}
	end := len(atoms)
	for end > 0 && zeroWidth(atoms[end-1].Op) {
		end--
	}
	if end > 0 && atoms[end-1].Op == syntax.OpCapture {
		return literalSuffix(atoms[end-1], append(before, atoms[:end-1]...))
	}
	start := end
	for start > 0 {
		var p prefilter.Literal
		if !p.AppendAtom(atoms[start-1]) || p.Fold {
			break
		}
		start--
	}
	var p prefilter.Literal
	for _, a := range atoms[start:end] {
		p.AppendAtom(a)
	}
	for _, c := range p.Lit {
		if c >= utf8.RuneSelf {
			// A byte of a character beyond ASCII, or, in the C locale's
			// reading, a byte rune: left to the whole line's automaton.
			return prefilter.Literal{}, nil
		}
	}
	return p, append(before, atoms[:start]...)
}

// holds reports whether some match of re may hold the character r (an
// ASCII one, which is its own byte in both readings of the bytes). Go's
// parser bounds the tree's depth, and so the recursion.
func holds(re *syntax.Regexp, r rune) bool {
	switch re.Op {
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if c == r || re.Flags&syntax.FoldCase != 0 && foldsTo(c, r) {
				return true
			}
		}
		return false
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= r && r <= re.Rune[i+1] {
				return true
			}
		}
		return false
	case syntax.OpAnyCharNotNL:
		return r != '\n'
	case syntax.OpAnyChar:
		return true
	case syntax.OpRepeat:
		if re.Max == 0 {
			return false
		}
	}
	for _, sub := range re.Sub {
		if holds(sub, r) {
			return true
		}
	}
	return false
}

// foldsTo reports whether c and r are the same letter in another case.
func foldsTo(c, r rune) bool {
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		if f == r {
			return true
		}
	}
	return false
}

// zeroWidth says whether op matches no bytes: an assertion.
func zeroWidth(op syntax.Op) bool {
	switch op {
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEndLine, syntax.OpEndText, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEmptyMatch:
		return true
	}
	return false
}

// ASCIIFold narrows case-insensitive matching to ASCII letters, as PCRE
// does in the C locale: Go folds the Kelvin sign into k and the long s into
// s, so a folded literal becomes explicit [Xx] classes for its letters, and
// those two runes leave classes that only have them by folding.
func ASCIIFold(re *syntax.Regexp) *syntax.Regexp {
	for i, sub := range re.Sub {
		re.Sub[i] = ASCIIFold(sub)
	}
	switch {
	case re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase != 0:
		subs := make([]*syntax.Regexp, 0, len(re.Rune))
		for _, r := range re.Rune {
			lo := unicode.ToLower(r)
			if lo < utf8.RuneSelf && 'a' <= lo && lo <= 'z' {
				up := lo - 'a' + 'A'
				subs = append(subs, &syntax.Regexp{Op: syntax.OpCharClass, Rune: []rune{up, up, lo, lo}})
				continue
			}
			// Nothing else has a case here: é is not É.
			subs = append(subs, &syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune{r}, Flags: re.Flags &^ syntax.FoldCase})
		}
		if len(subs) == 1 {
			return subs[0]
		}
		return &syntax.Regexp{Op: syntax.OpConcat, Sub: subs}
	case re.Op == syntax.OpCharClass && re.Flags&syntax.FoldCase != 0:
		if ClassHas(re.Rune, 'k') && ClassHas(re.Rune, 'K') && !ClassHas(re.Rune, base.Kelvin-1) && !ClassHas(re.Rune, base.Kelvin+1) {
			re.Rune = ClassWithout(re.Rune, base.Kelvin)
		}
		if ClassHas(re.Rune, 's') && ClassHas(re.Rune, 'S') && !ClassHas(re.Rune, base.LongS-1) && !ClassHas(re.Rune, base.LongS+1) {
			re.Rune = ClassWithout(re.Rune, base.LongS)
		}
	}
	return re
}

func ClassHas(ranges []rune, r rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= r && r <= ranges[i+1] {
			return true
		}
	}
	return false
}

// ClassWithout removes rune x from a class given as [lo, hi] pairs.
func ClassWithout(ranges []rune, x rune) []rune {
	out := make([]rune, 0, len(ranges)+2)
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if lo <= x && x <= hi {
			if lo < x {
				out = append(out, lo, x-1)
			}
			if hi > x {
				out = append(out, x+1, hi)
			}
			continue
		}
		out = append(out, lo, hi)
	}
	return out
}

// AlternationLiterals returns, for an alternation every branch of which
// holds a useful required literal, those literals: every match contains
// one of them. Scanning for them spares Go's regexp, which without a
// literal runs its NFA over every byte, and is slower still on an
// alternation of words such as (?i)(panic|fatal|deadline|unreachable).
// nil when some branch has none.
func AlternationLiterals(re *syntax.Regexp) []*prefilter.Literal {
	lits, _ := AlternationExact(re)
	return lits
}

// AlternationExact is alternationLiterals, and reports whether each branch
// is its literal and nothing more: then where a literal is found, the
// pattern matches.
func AlternationExact(re *syntax.Regexp) ([]*prefilter.Literal, bool) {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if out := literalSet(re); out != nil {
		return out, true
	}
	if re.Op != syntax.OpAlternate || len(re.Sub) > prefilter.TeddyMax {
		return nil, false
	}
	var out []*prefilter.Literal
	exact := true
	for _, sub := range re.Sub {
		p := RequiredLiteral(sub)
		if !p.Useful() {
			return nil, false
		}
		exact = exact && IsLiteral(sub, p.Fold)
		p.Prepare()
		out = append(out, &p)
	}
	if len(out) > maxAlternatives && !prefilter.TeddyTakes(out) {
		return nil, false
	}
	return out, exact
}

// literalSet returns the strings re matches, prepared, when they are two
// to prefilter.TeddyMax literals that teddy or the fused pair scan takes, and re
// matches nothing else. Go's parser factors the common prefixes out
// of an alternation of words (case|cap|chan becomes c(?:a(?:se|p)|han)),
// which hides its words from the branch-by-branch look below: the 30
// keywords of Go would run on the automaton, each byte looked up, and so
// would (x|y)z, which as the pairs of xz and yz is scanned for 32 bytes
// at a time (see
// docs/decisions.md#literalset-two-byte-strings-found-by-their-pairs-matchparsedparsedgo).
func literalSet(re *syntax.Regexp) []*prefilter.Literal {
	strs := literalStrings(re)
	if len(strs) < 2 {
		return nil
	}
	out := make([]*prefilter.Literal, len(strs))
	for i, ls := range strs {
		p := &prefilter.Literal{Lit: ls.lit, Fold: ls.fold}
		if !p.Useful() || ls.fold && ls.exactLetter {
			return nil
		}
		p.Prepare()
		out[i] = p
	}
	if !prefilter.TeddyTakes(out) && !prefilter.PairsTake(out) {
		// No AVX2, or too many words with a short one: the branches
		// below, or the automaton.
		return nil
	}
	return out
}

// litString is one string of literalStrings: its bytes (letters in lower
// case where folded), whether some letter is folded, and whether some is
// not (then a prefilter, which folds all or none, is not exact).
type litString struct {
	lit               []byte
	fold, exactLetter bool
}

// literalStrings returns every string re matches when that is a finite
// set of at most prefilter.TeddyMax; nil otherwise.
func literalStrings(re *syntax.Regexp) []litString {
	switch re.Op {
	case syntax.OpCapture:
		return literalStrings(re.Sub[0])
	case syntax.OpEmptyMatch:
		return []litString{{}}
	case syntax.OpAlternate:
		var out []litString
		for _, sub := range re.Sub {
			s := literalStrings(sub)
			if s == nil || len(out)+len(s) > prefilter.TeddyMax {
				return nil
			}
			out = append(out, s...)
		}
		return out
	case syntax.OpConcat:
		out := []litString{{}}
		for _, sub := range re.Sub {
			s := literalStrings(sub)
			if s == nil || len(out)*len(s) > prefilter.TeddyMax {
				return nil
			}
			next := make([]litString, 0, len(out)*len(s))
			for _, a := range out {
				for _, b := range s {
					next = append(next, litString{
						lit:         append(append([]byte(nil), a.lit...), b.lit...),
						fold:        a.fold || b.fold,
						exactLetter: a.exactLetter || b.exactLetter,
					})
				}
			}
			out = next
		}
		return out
	case syntax.OpCharClass:
		var p prefilter.Literal
		if p.AppendAtom(re) {
			return []litString{{lit: p.Lit, fold: true}}
		}
		// A few ASCII bytes, as the parser makes of cha(?:n|r).
		var out []litString
		r := re.Rune
		for i := 0; i+1 < len(r); i += 2 {
			for c := r[i]; c <= r[i+1]; c++ {
				if c >= utf8.RuneSelf || len(out) == 4 {
					return nil
				}
				out = append(out, litString{lit: []byte{byte(c)}, exactLetter: prefilter.IsLetter(c)})
			}
		}
		return out
	}
	var p prefilter.Literal
	if !p.AppendAtom(re) {
		return nil
	}
	// A literal atom is exact: any letter in it is one.
	exact := slices.ContainsFunc(p.Lit, func(c byte) bool { return prefilter.IsLetter(rune(c)) })
	return []litString{{lit: p.Lit, exactLetter: exact}}
}

// IsLiteral reports whether re matches one string only, or under fold
// that string in any case of its letters: exactly what a prefilter of
// its literal finds.
func IsLiteral(re *syntax.Regexp, fold bool) bool {
	atoms := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		atoms = re.Sub
	}
	for _, a := range atoms {
		var p prefilter.Literal
		if !p.AppendAtom(a) {
			return false
		}
		if fold && !p.Fold {
			// An exact atom among folded ones: the prefilter folds it too.
			for _, c := range p.Lit {
				if prefilter.IsLetter(rune(c)) {
					return false
				}
			}
		}
	}
	return true
}

// maxAlternatives bounds the literals scanned for side by side when
// teddy cannot take them: each is then one more pass over the text, so
// past a handful the regex is as fast.
const maxAlternatives = 8

// TextAnchored returns a copy of re, made line-local, for matching one
// line alone: line anchors become text anchors. The meaning is the same on
// a line without its newline, but Go's regexp then tries an anchored
// pattern at the line's start only, instead of at every byte of it
// (-c -v '^\s+//' over a large file of Go source spent its time in
// tryBacktrack at each position before).
func TextAnchored(re *syntax.Regexp) *syntax.Regexp {
	c := *re
	switch c.Op {
	case syntax.OpBeginLine:
		c.Op = syntax.OpBeginText
	case syntax.OpEndLine:
		c.Op = syntax.OpEndText
		c.Flags &^= syntax.WasDollar
	}
	c.Sub = make([]*syntax.Regexp, len(re.Sub))
	for i, sub := range re.Sub {
		c.Sub[i] = TextAnchored(sub)
	}
	return &c
}

// HoldsLineAnchor says whether re holds a ^ or $ of lines, which
// textAnchored changes.
func HoldsLineAnchor(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginLine || re.Op == syntax.OpEndLine {
		return true
	}
	for _, sub := range re.Sub {
		if HoldsLineAnchor(sub) {
			return true
		}
	}
	return false
}

// LineTree parses src and rewrites it as the engines read a line of a
// block: line-local, ASCII case folding (see ASCIIFold), simplified.
func LineTree(src string, flags syntax.Flags) (*syntax.Regexp, error) {
	tree, err := syntax.Parse(src, flags)
	if err != nil {
		return nil, err
	}
	return ASCIIFold(LineLocal(tree)).Simplify(), nil
}

// ASCIIOnly reports whether re can match ASCII bytes only, so that Go's
// view of text as UTF-8 and the backtracking engine's view of it as bytes
// find the same matches.
func ASCIIOnly(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return false
			}
		}
	case syntax.OpCharClass:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return false
			}
		}
	}
	for _, sub := range re.Sub {
		if !ASCIIOnly(sub) {
			return false
		}
	}
	return true
}

// HoldsOp reports whether re holds a node of one of the ops.
func HoldsOp(re *syntax.Regexp, ops ...syntax.Op) bool {
	return slices.Contains(ops, re.Op) || slices.ContainsFunc(re.Sub, func(sub *syntax.Regexp) bool {
		return HoldsOp(sub, ops...)
	})
}

// MatchesASCII reports whether some text of ASCII bytes alone may hold a
// match of re: false when every match holds a character from U+0080
// (`\p{Greek}`, `é|ü`), so that lines of ASCII need no search. Assertions
// are taken to hold somewhere.
func MatchesASCII(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if !asciiRune(r, re.Flags&syntax.FoldCase != 0) {
				return false
			}
		}
		return true
	case syntax.OpCharClass:
		return len(re.Rune) > 0 && re.Rune[0] < utf8.RuneSelf
	case syntax.OpCapture, syntax.OpPlus:
		return MatchesASCII(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min == 0 || MatchesASCII(re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !MatchesASCII(sub) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if MatchesASCII(sub) {
				return true
			}
		}
		return false
	}
	return true // empty, a star or a question mark, any character, an assertion
}

// asciiRune reports whether r, or under fold a rune that folds to it, is
// ASCII.
func asciiRune(r rune, fold bool) bool {
	if r < utf8.RuneSelf {
		return true
	}
	for f := unicode.SimpleFold(r); fold && f != r; f = unicode.SimpleFold(f) {
		if f < utf8.RuneSelf {
			return true
		}
	}
	return false
}
