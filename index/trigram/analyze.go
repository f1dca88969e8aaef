package trigram

import "regexp/syntax"

// The analysis follows the one of Russ Cox's codesearch (index/regexp.go,
// BSD licensed):
// each node is summarised by whether it can match the empty string, the
// exact set of strings it matches when that set is small, or else sets of
// strings every match starts and ends with, and a query every match
// satisfies. Strings hold folded bytes only; a character that may stand
// for anything other than one known ASCII byte breaks them, which keeps
// every claim about the text true.

const (
	// maxExact bounds exact sets; bigger ones turn into trigrams and
	// prefix and suffix sets.
	maxExact = 16
	// maxSet bounds prefix and suffix sets; bigger ones are cut shorter
	// until they fit.
	maxSet = 32
	// maxCross bounds the size of a cross product of two sets; beyond it
	// the less precise, smaller answer is taken.
	maxCross = 64
	// maxClass is the most distinct folded bytes a class may hold to be
	// treated as an alternation of them.
	maxClass = 4
	// maxCopies bounds the copies of a repeated node that are spelled out.
	maxCopies = 3
	// maxDepth bounds the recursion over a tree, which comes from the
	// user; deeper subtrees are taken to match anything.
	maxDepth = 1000
)

// info summarises what a node can match.
type info struct {
	canEmpty bool
	// exact, when not nil, is the set of strings the node matches.
	exact []string
	// When exact is nil, every match starts with a string of prefix and
	// ends with a string of suffix.
	prefix []string
	suffix []string
	// match holds for every match.
	match *Query
}

func anyMatch() info {
	return info{canEmpty: true, prefix: []string{""}, suffix: []string{""}, match: all()}
}

func anyChar() info {
	return info{prefix: []string{""}, suffix: []string{""}, match: all()}
}

func noMatch() info {
	return info{exact: []string{}, match: none()}
}

func emptyString() info {
	return info{canEmpty: true, exact: []string{""}, match: all()}
}

func exactly(s string) info {
	return info{canEmpty: s == "", exact: []string{s}, match: all()}
}

// FromTrees returns the disjunction of the conditions of the trees: a file
// can only hold a match of one of them if it satisfies the result. Without
// trees, or with a nil one, it returns All, which rules nothing out.
func FromTrees(trees []*syntax.Regexp) *Query {
	if len(trees) == 0 {
		return all()
	}
	qs := make([]*Query, 0, len(trees))
	for _, re := range trees {
		if re == nil {
			return all()
		}
		x := analyze(re, 0)
		x.simplify(true)
		x.addExact()
		qs = append(qs, x.match)
	}
	return newOr(qs...)
}

// analyze returns the summary of re.
func analyze(re *syntax.Regexp, depth int) info {
	if re == nil || depth > maxDepth {
		return anyMatch()
	}
	depth++
	switch re.Op {
	case syntax.OpNoMatch:
		return noMatch()
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine,
		syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return emptyString()
	case syntax.OpLiteral:
		return literal(re)
	case syntax.OpCharClass:
		return charClass(re)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return anyChar()
	case syntax.OpStar:
		return anyMatch()
	case syntax.OpConcat:
		return concatAll(re.Sub, depth)
	case syntax.OpAlternate:
		xs := make([]info, len(re.Sub))
		for i, s := range re.Sub {
			xs[i] = analyze(s, depth)
		}
		return alternateAll(xs)
	}
	if len(re.Sub) != 1 {
		return anyMatch()
	}
	switch re.Op {
	case syntax.OpCapture:
		return analyze(re.Sub[0], depth)
	case syntax.OpQuest:
		return repeat(analyze(re.Sub[0], depth), 0, 1)
	case syntax.OpPlus:
		return repeat(analyze(re.Sub[0], depth), 1, -1)
	case syntax.OpRepeat:
		return repeat(analyze(re.Sub[0], depth), re.Min, re.Max)
	}
	return anyMatch()
}

// literalByte returns the byte a rune of a literal stands for, an ASCII
// letter under case folding marked AnyCase, or false when the rune may
// match something else: a rune outside ASCII (this includes the
// private-use runes that stand for raw bytes), or, under case folding, a
// letter whose case orbit leaves ASCII, k with the Kelvin sign and s with
// the long s.
func literalByte(r rune, foldCase bool) (byte, bool) {
	if r < 0 || r >= 0x80 {
		return 0, false
	}
	if !foldCase || !isLetter(byte(r)) {
		return byte(r), true
	}
	if r|0x20 == 'k' || r|0x20 == 's' {
		return 0, false
	}
	return byte(r) | 0x20 | AnyCase, true
}

func isLetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

// literal returns the summary of a literal: runs of known bytes with
// unknown characters between them.
func literal(re *syntax.Regexp) info {
	foldCase := re.Flags&syntax.FoldCase != 0
	out := emptyString()
	var run []byte
	for _, r := range re.Rune {
		if b, ok := literalByte(r, foldCase); ok {
			run = append(run, b)
			continue
		}
		if len(run) > 0 {
			out = concat(out, exactly(string(run)))
			run = run[:0]
		}
		out = concat(out, anyChar())
	}
	if len(run) > 0 {
		out = concat(out, exactly(string(run)))
	}
	return out
}

// charClass returns the summary of a class: the alternation of its bytes
// when there are few of them, all ASCII and none of them a letter that
// folds out of ASCII, and else an unknown character. A letter the class
// holds in both cases is one byte marked AnyCase.
func charClass(re *syntax.Regexp) info {
	if len(re.Rune) == 0 {
		return noMatch()
	}
	if len(re.Rune)%2 != 0 {
		return anyChar()
	}
	foldCase := re.Flags&syntax.FoldCase != 0
	var seen [0x100]bool
	for i := 0; i < len(re.Rune); i += 2 {
		lo, hi := re.Rune[i], re.Rune[i+1]
		if lo < 0 || hi >= 0x80 || lo > hi || int(hi-lo) >= maxClass {
			return anyChar()
		}
		for r := lo; r <= hi; r++ {
			b, ok := literalByte(r, foldCase)
			if !ok {
				return anyChar()
			}
			seen[b] = true
		}
	}
	for small := byte('a'); small <= 'z'; small++ {
		capital := small - 'a' + 'A'
		if seen[small] && seen[capital] {
			seen[small|AnyCase] = true
		}
		if seen[small|AnyCase] {
			seen[small], seen[capital] = false, false
		}
	}
	var set []string
	for b, in := range seen {
		if in {
			set = append(set, string([]byte{byte(b)}))
		}
	}
	if len(set) > maxClass {
		return anyChar()
	}
	x := info{exact: set, match: all()}
	x.simplify(false)
	return x
}

// concatAll returns the summary of the concatenation of subs.
func concatAll(subs []*syntax.Regexp, depth int) info {
	out := emptyString()
	for _, s := range subs {
		out = concat(out, analyze(s, depth))
	}
	return out
}

// repeat returns the summary of x repeated between lo and hi times, hi
// being negative for no upper bound. At most maxCopies copies are spelled
// out; the rest of the repetitions are accounted for by keeping only the
// prefixes and suffixes of those copies, which every longer repetition
// also starts and ends with.
func repeat(x info, lo, hi int) info {
	switch {
	case hi == 0 && lo == 0:
		return emptyString()
	case lo == 0 && hi == 1:
		return alternateAll([]info{x, emptyString()})
	case lo <= 0 || hi >= 0 && hi < lo:
		return anyMatch()
	}
	k := min(lo, maxCopies)
	y := x
	for i := 1; i < k; i++ {
		y = concat(y, x)
	}
	if hi == lo && lo <= maxCopies {
		return y
	}
	if y.exact != nil {
		y.prefix = clone(y.exact)
		y.suffix = clone(y.exact)
		y.exact = nil
		y.simplify(false)
	}
	return y
}

// concat returns the summary of x followed by y.
func concat(x, y info) info {
	if x.exact != nil && y.exact != nil && len(x.exact)*len(y.exact) > maxCross {
		x.flush()
		y.flush()
	}
	xy := info{canEmpty: x.canEmpty && y.canEmpty, match: newAnd(x.match, y.match)}
	if x.exact != nil && y.exact != nil {
		xy.exact = cross(x.exact, y.exact)
	} else {
		xy.prefix = concatPrefix(x, y)
		xy.suffix = concatSuffix(x, y)
		// Where x meets y, a suffix of x runs into a prefix of y.
		if x.exact == nil && y.exact == nil && len(x.suffix)*len(y.prefix) <= maxCross {
			xy.match = andTrigrams(xy.match, cross(x.suffix, y.prefix))
		}
	}
	xy.simplify(false)
	return xy
}

// concatPrefix returns the prefixes of x followed by y, when they are not
// both exact.
func concatPrefix(x, y info) []string {
	if x.exact == nil {
		if x.canEmpty {
			return union(x.prefix, y.starts())
		}
		return x.prefix
	}
	if len(x.exact)*len(y.prefix) <= maxCross {
		return cross(x.exact, y.prefix)
	}
	return x.exact
}

// concatSuffix returns the suffixes of x followed by y, when they are not
// both exact.
func concatSuffix(x, y info) []string {
	if y.exact == nil {
		if y.canEmpty {
			return union(y.suffix, x.ends())
		}
		return y.suffix
	}
	if len(x.suffix)*len(y.exact) <= maxCross {
		return cross(x.suffix, y.exact)
	}
	return y.exact
}

// starts returns strings every match starts with.
func (x info) starts() []string {
	if x.exact != nil {
		return x.exact
	}
	return x.prefix
}

// ends returns strings every match ends with.
func (x info) ends() []string {
	if x.exact != nil {
		return x.exact
	}
	return x.suffix
}

// alternateAll returns the summary of the alternation of xs.
func alternateAll(xs []info) info {
	if len(xs) == 0 {
		return noMatch()
	}
	exact := true
	for _, x := range xs {
		exact = exact && x.exact != nil
	}
	var out info
	matches := make([]*Query, 0, len(xs))
	for _, x := range xs {
		out.canEmpty = out.canEmpty || x.canEmpty
		switch {
		case exact:
			out.exact = append(out.exact, x.exact...)
		case x.exact != nil:
			// The exact strings will only live on in the prefix and
			// suffix sets, so their trigrams go into the match now.
			x.addExact()
			out.prefix = append(out.prefix, x.exact...)
			out.suffix = append(out.suffix, x.exact...)
		default:
			out.prefix = append(out.prefix, x.prefix...)
			out.suffix = append(out.suffix, x.suffix...)
		}
		matches = append(matches, x.match)
	}
	if exact && out.exact == nil {
		out.exact = []string{}
	}
	if !exact {
		out.prefix = nonNil(out.prefix)
		out.suffix = nonNil(out.suffix)
	}
	out.match = newOr(matches...)
	out.simplify(false)
	return out
}

// addExact adds to the match the trigrams of the exact strings.
func (x *info) addExact() {
	if x.exact != nil {
		x.match = andTrigrams(x.match, x.exact)
	}
}

// simplify keeps the summary small: exact sets that are big, or whose
// strings are long enough to give trigrams, move into the match and the
// prefix and suffix sets. With force, strings of three bytes move too.
func (x *info) simplify(force bool) {
	if x.exact != nil {
		x.exact = clean(x.exact, false)
		m := minLen(x.exact)
		if len(x.exact) > maxExact || m >= 4 || force && m >= 3 {
			x.flush()
		}
	}
	if x.exact == nil {
		x.prefix = x.reduce(x.prefix, false)
		x.suffix = x.reduce(x.suffix, true)
	}
}

// flush turns an exact summary into a prefix and suffix one, moving the
// trigrams of the exact strings into the match.
func (x *info) flush() {
	if x.exact == nil {
		return
	}
	x.addExact()
	pre := make([]string, 0, len(x.exact))
	suf := make([]string, 0, len(x.exact))
	for _, s := range x.exact {
		if len(s) < 3 {
			pre = append(pre, s)
			suf = append(suf, s)
		} else {
			pre = append(pre, s[:2])
			suf = append(suf, s[len(s)-2:])
		}
	}
	x.exact = nil
	x.prefix = x.reduce(pre, false)
	x.suffix = x.reduce(suf, true)
}

// reduce moves the trigrams of a prefix or suffix set into the match and
// returns the set cut down to strings of at most two bytes, shorter still
// while it has more than maxSet strings, without strings that merely
// extend another.
func (x *info) reduce(set []string, isSuffix bool) []string {
	t := clean(set, isSuffix)
	x.match = andTrigrams(x.match, t)
	for n := 2; n >= 0 && (n == 2 || len(t) > maxSet); n-- {
		for i, s := range t {
			if len(s) > n {
				if isSuffix {
					t[i] = s[len(s)-n:]
				} else {
					t[i] = s[:n]
				}
			}
		}
		t = clean(t, isSuffix)
	}
	return dropExtensions(t, isSuffix)
}

// andTrigrams returns q and the condition that the text holds all the
// trigrams of one of the strings of set. If a string is too short to have
// a trigram, nothing is known and q is returned.
func andTrigrams(q *Query, set []string) *Query {
	if len(set) == 0 || minLen(set) < 3 {
		return q
	}
	alts := make([]*Query, 0, len(set))
	for _, s := range set {
		alts = append(alts, Of(s))
	}
	return newAnd(q, newOr(alts...))
}
