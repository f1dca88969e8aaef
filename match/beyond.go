package match

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode/utf8"

	"urg/match/automata"
	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/locale"
	"urg/match/parsed"
	"urg/match/prefilter"
)

// Go's regexp reads text as UTF-8 and every byte that is not UTF-8 as
// U+FFFD, which `.` and negated classes match. grep has its locale's rule
// instead: in the C locale every byte is one character (`a.b` does not
// match "a☺b", whose ☺ is three), and in a UTF-8 locale a byte that is not
// UTF-8 matches no pattern item at all (PCRE2's invalid-UTF mode: `caf.$`
// does not match "caf\xe9"). localeExact makes Go's regexp read a line as
// the locale does, so that its answer is grep's by construction:
//
//   - C locale: the pattern's bytes from 0x80, and the \xHH escapes of
//     such bytes, are read as private-use characters, one per byte
//     (byteRune), which no Unicode class holds and -i folds to nothing:
//     `é`, two bytes, is two characters, and `é?` makes its second byte
//     optional. Lines of ASCII need nothing more; a line with bytes from
//     0x80 is transcoded, each such byte becoming its byteRune.
//   - UTF-8 locale: a valid line is already read as grep reads it. In a
//     line that is not, each invalid byte is replaced by a newline, which
//     no item of the line-local pattern matches, and the line is decided
//     by the pattern anchored at the line's ends (PCRE2's fragments); -i
//     folds Unicode's simple case there, where the lines of ASCII keep
//     the ASCII folds that let a literal be scanned for.

// localeExact returns m, Go's regexp for the pattern src (a translated
// pattern Go's parser takes), made exact on lines beyond ASCII by the
// rule of o's locale; m itself when no item of the pattern matches a
// character beyond ASCII, so that such a line cannot hold a match that
// reads the locale's way.
func localeExact(m *regex, src string, o Options) (Matcher, error) {
	b, err := newBeyond(src, o)
	if err != nil || b == nil {
		return m, err
	}
	return locale.NewSplit(m, b), nil
}

// beyond decides the lines holding bytes from 0x80 for a Go pattern, as
// localeExact says.
type beyond struct {
	m     *regex // the pattern read as the locale says (see localeExact)
	bytes bool   // C locale: lines beyond ASCII are transcoded for m
	min   int    // MinLen, in the text's bytes
	// anchored: the pattern holds ^ or $ (or -x), which do not match
	// where a byte that is not UTF-8 stands (see invalidLineMatches).
	anchored bool
	// fixed: -F, whose places are grep -F's, which starts at a line's
	// start whatever its first byte (see base.StartsNowhere).
	fixed bool
	// raw, in the C locale, is the pattern's automaton over the text's
	// own bytes, each a character (bounded under -w): no transcript.
	raw     *automata.LazyAutomaton
	scratch sync.Pool
}

// newBeyond returns the decider of lines beyond ASCII for src, or nil when
// the pattern matches no character beyond ASCII.
func newBeyond(src string, o Options) (*beyond, error) {
	tree, err := syntax.Parse(src, syntaxFlags(o))
	if err != nil {
		return nil, err
	}
	tree = parsed.LineLocal(tree)
	if !o.UTF8 {
		tree = parsed.ASCIIFold(tree)
	}
	tree = tree.Simplify()
	if !locale.ReachesBeyondASCII(tree) && !placesDiffer(tree, o) {
		return nil, nil
	}
	min := parsed.MinLen(tree)
	if !o.UTF8 {
		min = parsed.MinLenBy(tree, func(rune, bool) int { return 1 })
	}
	m, err := regexOf(tree, o)
	if err != nil {
		return nil, err
	}
	if o.UTF8 && o.IgnoreCase && m.lits == nil {
		asciiLiterals(m, src, o)
	}
	if m.word {
		// regexp2, for -w's matches where Go's leftmost one is not
		// bounded, reads the text's own bytes (see Each). It may
		// refuse what Go's parser takes (\p{^Greek}): several
		// patterns joined have their own, pattern by pattern.
		m.exact, _ = backtrack.New(src, o)
	}
	anchored := o.Line || parsed.HoldsOp(tree, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEndLine, syntax.OpEndText)
	b := &beyond{m: m, bytes: !o.UTF8, min: min, anchored: anchored, fixed: o.Fixed}
	if b.bytes {
		whole := tree
		if o.Line {
			whole = wholeLine(tree)
		}
		word, states := m.word, o.DFAStates
		b.raw = automata.Lazily(func() *automata.Automaton {
			if word {
				return automata.NewBoundedByteAutomaton(whole, states)
			}
			return automata.NewByteAutomaton(whole, states)
		})
	}
	return b, nil
}

// placesDiffer reports whether a pattern that matches nothing beyond
// ASCII may still match at a place that Go's reading of UTF-8 lacks or
// has wrongly: under UTF-8, the start of a line that starts with a byte
// that starts no sequence, where ^ (or an empty match that -w bounds)
// has no place (see invalidLineMatches); in the C locale, an empty match
// between two bytes of a character, which -w and \B may take ("0é0"
// holds one, bounded by non-word bytes, for grep -w ”).
func placesDiffer(tree *syntax.Regexp, o Options) bool {
	empty := parsed.MinLen(tree) == 0 && (o.Word || parsed.HoldsOp(tree, syntax.OpWordBoundary, syntax.OpNoWordBoundary))
	return empty || o.UTF8 && !o.Fixed && parsed.HoldsOp(tree, syntax.OpBeginLine, syntax.OpBeginText)
}

// asciiLiterals gives m, the pattern src folded by Unicode's rule, the
// literals that the pattern folded for ASCII alone must hold, cut to their
// longest stretch of ASCII whose letters fold to ASCII only (not k or s,
// which the Kelvin sign and the long s fold to): every line m matches
// holds one, so only those lines run m's regex. Go's parser builds no
// literal from a letter folded by Unicode's rule; without these, m ran its
// NFA over all the text beyond ASCII (docs/performance.md, issue 25).
func asciiLiterals(m *regex, src string, o Options) {
	t, err := syntax.Parse(src, syntaxFlags(o))
	if err != nil {
		return
	}
	t = parsed.ASCIIFold(parsed.LineLocal(t)).Simplify()
	if o.Line {
		t = wholeLine(t)
	}
	if p := parsed.RequiredLiteral(t); len(p.Lit) > 0 {
		if q := asciiFoldPiece(p); q.Useful() {
			q.Prepare()
			m.pre = &q
			m.lits = prefilter.NewSet([]*prefilter.Literal{m.pre})
			return
		}
	}
	var any []*prefilter.Literal
	for _, p := range parsed.AlternationLiterals(t) {
		q := asciiFoldPiece(*p)
		if !q.Useful() {
			return
		}
		q.Prepare()
		any = append(any, &q)
	}
	if any != nil {
		m.any = any
		m.lits = prefilter.NewSet(any)
	}
}

// asciiFoldPiece returns the longest stretch of p's literal that is ASCII
// and holds no k or s: what Unicode's folding matches as ASCII's does.
func asciiFoldPiece(p prefilter.Literal) prefilter.Literal {
	best, start := []byte(nil), 0
	for i := 0; i <= len(p.Lit); i++ {
		if i < len(p.Lit) {
			c := p.Lit[i]
			if c < utf8.RuneSelf && c|0x20 != 'k' && c|0x20 != 's' {
				continue
			}
		}
		if i-start > len(best) {
			best = p.Lit[start:i]
		}
		start = i + 1
	}
	return prefilter.Literal{Lit: slices.Clone(best), Fold: p.Fold}
}

func (b *beyond) Engine() string {
	if b.raw.Get() != nil {
		return "automaton over bytes"
	}
	if b.bytes {
		return b.m.Engine() + " over bytes"
	}
	return b.m.Engine() + ", bytes not UTF-8 matching nothing"
}

func (b *beyond) MinLen() int { return b.min }

func (b *beyond) Next(text []byte) (int, int, error) {
	if raw := b.raw.Get(); raw != nil {
		s, e := raw.NextLine(text)
		return s, e, nil
	}
	if b.bytes {
		// Window by window, each ending at a line's end: a search
		// that stops at its first match has transcribed little past
		// it.
		for at := 0; at <= len(text); {
			hi := base.LineEndFrom(text, min(at+beyondWindow, len(text)))
			t := b.transcribe(text[at:hi])
			s, e, err := b.m.Next(t.Text)
			if s >= 0 {
				s, e = t.At(s), t.At(e)
			}
			b.scratch.Put(t)
			if s >= 0 || err != nil {
				return base.Found(at, s, e, err)
			}
			at = hi + 1
		}
		return -1, -1, nil
	}
	// Go's regexp over the bytes as they are selects every line that
	// holds a match by the locale's rule, and more: it reads a byte that
	// is not UTF-8 as U+FFFD, which may match where the byte does not
	// (and lets ^ match where PCRE2 skips). So only a line it selects
	// that holds such a byte is looked at again, by the rule.
	for at := 0; at <= len(text); {
		s, _, err := b.m.Next(text[at:])
		if s < 0 || err != nil {
			return -1, -1, err
		}
		ls, le := base.LineAt(text, at+s)
		if base.IndexInvalid(text[ls:le]) < 0 {
			return ls, le, nil
		}
		t := b.buffer()
		t.InvalidAsNL(text[ls:le])
		ok, err := b.invalidLineMatches(t.Text, text[ls:le])
		b.scratch.Put(t)
		if ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// beyondWindow is the most text Next transcribes for a call past the
// line it starts a window in.
const beyondWindow = 16 << 10

func (b *beyond) Each(line []byte, fn func(int, int)) error {
	if raw := b.raw.Get(); raw != nil {
		raw.Each(line, fn)
		return nil
	}
	if !b.bytes && (base.IndexInvalid(line) < 0 || !b.m.word && b.m.auto.Get() != nil) {
		// The automaton lets a byte that is not UTF-8 match nothing,
		// as the locale's rule has it: the line as it is.
		return b.m.Each(line, fn)
	}
	var t *locale.Transcript
	if b.bytes {
		t = b.transcribe(line)
	} else {
		t = b.invalidAsNL(line)
	}
	defer b.scratch.Put(t)
	return eachRead(b.m.line, t, line, b.m.word, !b.bytes, b.m.exact, fn)
}

// eachRead is eachBounded over t, line as re reads it by the locale's
// rule: the matches are given in the line's offsets, and under -w the
// backtracking engine, when Go's leftmost match is not bounded, reads the
// line itself. Without that engine only the bounded matches are given.
func eachRead(re *regexp.Regexp, t *locale.Transcript, line []byte, word, uni bool, exact backtrack.Matcher, fn func(int, int)) error {
	locs := re.FindAllIndex(t.Text, -1)
	if word && exact != nil {
		for _, loc := range locs {
			if !base.WordBounded(t.Text, loc[0], loc[1], uni) {
				return exact.Each(line, fn)
			}
		}
	}
	for _, loc := range locs {
		if loc[1] > loc[0] && (!word || base.WordBounded(t.Text, loc[0], loc[1], uni)) {
			fn(t.At(loc[0]), t.At(loc[1]))
		}
	}
	return nil
}

// invalidLineMatches decides line, which holds bytes that are not UTF-8,
// each replaced by a newline in t.
func (b *beyond) invalidLineMatches(t, line []byte) (bool, error) {
	// First over the stretches between such bytes as lines of their
	// own, with every fast path: a match of the line lies in one of them
	// (only ^ and $ may match there and not in the line).
	if s, _, err := b.m.Next(t); s < 0 || err != nil {
		return false, err
	}
	nowhere := !b.fixed && base.StartsNowhere(line[0])
	if !b.anchored && (!nowhere || b.min > 0) {
		// Without ^ or $ a match in a stretch is one in the line (but
		// an empty one at a start that has no place).
		return true, nil
	}
	if !nowhere {
		return b.m.matchLine(t), nil
	}
	// ^ matches nowhere, so an empty match at the start does not count.
	for _, loc := range b.m.line.FindAllIndex(t, -1) {
		if loc[1] == 0 {
			continue
		}
		if !b.m.word || base.WordBounded(t, loc[0], loc[1], true) {
			return true, nil
		}
	}
	if !b.m.word || b.m.exact == nil {
		return false, nil
	}
	// A bounded match Go's leftmost ones hide: regexp2 reads the line
	// by the same rule (see backtrack.Matcher's Matches).
	s, _, err := b.m.exact.Next(line)
	return s >= 0, err
}

// whole reports whether b, a UTF-8 locale's, decides lines of ASCII as
// fast as the C locale's matcher would, so that no split by line is
// wanted: its literals are the pattern's (no Unicode folding, no -w) and
// its automaton decides the lines they land on, at the same pace on any
// byte; a split would only cost its scans for bytes from 0x80 and its
// shorter calls (measured on -o '[A-Z]\w+Error' over the Go tree).
func (b *beyond) whole(o Options) bool {
	return !b.bytes && !o.IgnoreCase && !b.m.word && !b.anchored && b.m.lits != nil && b.m.auto.Get() != nil
}

// buffer returns a transcript from the pool, emptied.
func (b *beyond) buffer() *locale.Transcript {
	t, _ := b.scratch.Get().(*locale.Transcript)
	if t == nil {
		t = new(locale.Transcript)
	}
	t.Reset()
	return t
}

// transcribe returns text with each byte from 0x80 as the UTF-8 of its
// byteRune (see localeExact).
func (b *beyond) transcribe(text []byte) *locale.Transcript {
	t := b.buffer()
	t.ReadBytes(text)
	return t
}

// invalidAsNL returns line with each byte that is not UTF-8 replaced by a
// newline (see localeExact); its offsets are the line's.
func (b *beyond) invalidAsNL(line []byte) *locale.Transcript {
	t := b.buffer()
	t.InvalidAsNL(line)
	return t
}
