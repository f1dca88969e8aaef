package locale

import (
	"regexp"
	"regexp/syntax"
	"sync"

	"urg/match/automata"
	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/parsed"
	"urg/match/regex"
)

// Needed reports whether the lines beyond ASCII want a matcher of their
// own for tree, a pattern line-local and simplified as the locale reads
// it: some item of it matches a character from U+0080, or it may match
// at a place Go's reading of UTF-8 lacks or has wrongly.
func Needed(tree *syntax.Regexp, o base.Options) bool {
	return ReachesBeyondASCII(tree) || placesDiffer(tree, o)
}

// NewBeyond returns the matcher of the lines beyond ASCII (see the
// package comment) for tree, as Needed has it, whose Go matcher is m;
// whole is tree as -x anchors it (tree itself without -x).
func NewBeyond(m *regex.Regex, tree, whole *syntax.Regexp, o base.Options) Matcher {
	min := parsed.MinLen(tree)
	if !o.UTF8 {
		min = parsed.MinLenBy(tree, func(rune, bool) int { return 1 })
	}
	anchored := o.Line || parsed.HoldsOp(tree, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEndLine, syntax.OpEndText)
	b := &beyond{m: m, lines: m.Matcher(), bytes: !o.UTF8, min: min, anchored: anchored, fixed: o.Fixed}
	if b.bytes {
		word, states := m.Word(), o.DFAStates
		b.raw = automata.Lazily(func() *automata.Automaton {
			if word {
				return automata.NewBoundedByteAutomaton(whole, states)
			}
			return automata.NewByteAutomaton(whole, states)
		})
	}
	return b
}

// Whole reports whether m is the matcher of the lines beyond ASCII and
// decides the lines of ASCII as fast as the C locale's matcher would, so
// that no split by line is wanted (see beyond.whole).
func Whole(m Matcher, o base.Options) bool {
	b, ok := m.(*beyond)
	return ok && b.whole(o)
}

// IsBeyond reports whether m is the matcher of the lines beyond ASCII.
func IsBeyond(m Matcher) bool {
	_, ok := m.(*beyond)
	return ok
}

// beyond decides the lines holding bytes from 0x80 for a Go pattern by
// the locale's rule (see the package comment).
type beyond struct {
	m     *regex.Regex // the pattern read as the locale says
	lines Matcher      // m's matcher, which decides lines
	bytes bool         // C locale: lines beyond ASCII are transcoded for m
	min   int          // MinLen, in the text's bytes
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

// placesDiffer reports whether a pattern that matches nothing beyond
// ASCII may still match at a place that Go's reading of UTF-8 lacks or
// has wrongly: under UTF-8, the start of a line that starts with a byte
// that starts no sequence, where ^ (or an empty match that -w bounds)
// has no place (see invalidLineMatches); in the C locale, an empty match
// between two bytes of a character, which -w and \B may take ("0é0"
// holds one, bounded by non-word bytes, for grep -w ”).
func placesDiffer(tree *syntax.Regexp, o base.Options) bool {
	empty := parsed.MinLen(tree) == 0 && (o.Word || parsed.HoldsOp(tree, syntax.OpWordBoundary, syntax.OpNoWordBoundary))
	return empty || o.UTF8 && !o.Fixed && parsed.HoldsOp(tree, syntax.OpBeginLine, syntax.OpBeginText)
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

// Gate is the Go matcher's (base.Gated) on lines read as they are:
// what the transcript of bytes not UTF-8 or the automaton over bytes
// reads is not the text the literals would be found in.
func (b *beyond) Gate() func(text []byte) int {
	if !b.bytes && b.raw.Get() == nil {
		return b.m.Gate()
	}
	return nil
}

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
			s, e, err := b.lines.Next(t.Text)
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
		s, _, err := b.lines.Next(text[at:])
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
	if !b.bytes && (base.IndexInvalid(line) < 0 || !b.m.Word() && b.m.HasAutomaton()) {
		// The automaton lets a byte that is not UTF-8 match nothing,
		// as the locale's rule has it: the line as it is.
		return b.m.Each(line, fn)
	}
	var t *Transcript
	if b.bytes {
		t = b.transcribe(line)
	} else {
		t = b.invalidAsNL(line)
	}
	defer b.scratch.Put(t)
	return EachRead(b.m.Line(), t, line, b.m.Word(), !b.bytes, b.m.Exact(), fn)
}

// EachRead gives re's matches in t, line as re reads it by the locale's
// rule: the matches are given in the line's offsets, and under -w the
// backtracking engine, when Go's leftmost match is not bounded, reads the
// line itself. Without that engine only the bounded matches are given.
func EachRead(re *regexp.Regexp, t *Transcript, line []byte, word, uni bool, exact backtrack.Matcher, fn func(int, int)) error {
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
	if s, _, err := b.lines.Next(t); s < 0 || err != nil {
		return false, err
	}
	nowhere := !b.fixed && base.StartsNowhere(line[0])
	if !b.anchored && (!nowhere || b.min > 0) {
		// Without ^ or $ a match in a stretch is one in the line (but
		// an empty one at a start that has no place).
		return true, nil
	}
	if !nowhere {
		return b.m.MatchLine(t), nil
	}
	// ^ matches nowhere, so an empty match at the start does not count.
	for _, loc := range b.m.Line().FindAllIndex(t, -1) {
		if loc[1] == 0 {
			continue
		}
		if !b.m.Word() || base.WordBounded(t, loc[0], loc[1], true) {
			return true, nil
		}
	}
	if !b.m.Word() || b.m.Exact() == nil {
		return false, nil
	}
	// A bounded match Go's leftmost ones hide: regexp2 reads the line
	// by the same rule (see backtrack.Matcher's Matches).
	s, _, err := b.m.Exact().Next(line)
	return s >= 0, err
}

// whole reports whether b, a UTF-8 locale's, decides lines of ASCII as
// fast as the C locale's matcher would, so that no split by line is
// wanted: its automaton decides the lines its literals are the pattern's
// (no Unicode folding, no -w) land on, or, with no literal, every line,
// at the same pace on any byte; a split would only cost its scans for
// bytes from 0x80 and its shorter calls, which keep the automaton's
// scan from running two chains (measured on -o '[A-Z]\w+Error' and on
// `\w{5}\s+\w{5}` over the Go tree).
func (b *beyond) whole(o base.Options) bool {
	return !b.bytes && !o.IgnoreCase && !b.m.Word() && !b.anchored && (b.m.HasLiterals() || b.m.AutomatonLines()) && b.m.HasAutomaton()
}

// buffer returns a transcript from the pool, emptied.
func (b *beyond) buffer() *Transcript {
	t, _ := b.scratch.Get().(*Transcript)
	if t == nil {
		t = new(Transcript)
	}
	t.Reset()
	return t
}

// transcribe returns text with each byte from 0x80 as the UTF-8 of its
// base.ByteRune.
func (b *beyond) transcribe(text []byte) *Transcript {
	t := b.buffer()
	t.ReadBytes(text)
	return t
}

// invalidAsNL returns line with each byte that is not UTF-8 replaced by a
// newline (see the package comment); its offsets are the line's.
func (b *beyond) invalidAsNL(line []byte) *Transcript {
	t := b.buffer()
	t.InvalidAsNL(line)
	return t
}
