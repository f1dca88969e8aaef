package parsed

import (
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"

	"urg/match/prefilter"
)

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
