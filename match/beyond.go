package match

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"urg/match/automata"
	"urg/match/backtrack"
	"urg/match/base"
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
	return &asciiSplit{ascii: m, uni: b}, nil
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

// transcript is a stretch of text as m reads it, with the offset in the
// text of each of its bytes (and of its end), or nil where those are its
// own (see at).
type transcript struct {
	text []byte
	back []int32
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
	if !reachesBeyondASCII(tree) && !placesDiffer(tree, o) {
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
	anchored := o.Line || holdsOp(tree, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEndLine, syntax.OpEndText)
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
	empty := parsed.MinLen(tree) == 0 && (o.Word || holdsOp(tree, syntax.OpWordBoundary, syntax.OpNoWordBoundary))
	return empty || o.UTF8 && !o.Fixed && holdsOp(tree, syntax.OpBeginLine, syntax.OpBeginText)
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

// reachesBeyondASCII reports whether some instruction of tree's program
// matches a character from U+0080 (case folding included).
func reachesBeyondASCII(tree *syntax.Regexp) bool {
	prog, err := syntax.Compile(tree)
	if err != nil {
		return true
	}
	for pc := range prog.Inst {
		switch i := &prog.Inst[pc]; i.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if _, none := automata.HighMatches(i); !none {
				return true
			}
		}
	}
	return false
}

// holdsOp reports whether re holds a node of one of the ops.
func holdsOp(re *syntax.Regexp, ops ...syntax.Op) bool {
	return slices.Contains(ops, re.Op) || slices.ContainsFunc(re.Sub, func(sub *syntax.Regexp) bool {
		return holdsOp(sub, ops...)
	})
}

// byteEscaped spells each byte of the pattern src from 0x80, and each
// \xHH or \x{HH} escape of such a byte, as the escape of its byteRune,
// as the C locale reads a pattern (see localeExact). A backslash that
// escapes such a byte goes: the escape is one of its own.
func byteEscaped(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c >= utf8.RuneSelf:
			fmt.Fprintf(&b, `\x{%x}`, base.ByteRune(c))
		case c == '\\' && i+1 < len(src) && src[i+1] >= utf8.RuneSelf:
			// the escaped byte is written next
		case c == '\\' && i+1 < len(src) && src[i+1] == 'x':
			v, n := hexEscape(src[i+2:])
			if n > 0 && v >= utf8.RuneSelf && v <= 0xff {
				fmt.Fprintf(&b, `\x{%x}`, base.ByteRune(byte(v)))
			} else {
				b.WriteString(src[i : i+2+n])
			}
			i += 1 + n
		case c == '\\' && i+1 < len(src):
			b.WriteString(src[i : i+2])
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// hexEscape reads what follows \x: two hex digits at most, or {digits};
// n is how many bytes it took, 0 when it is neither (the parser judges).
func hexEscape(s string) (v rune, n int) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return 0, 0
		}
		x, err := strconv.ParseUint(s[1:end], 16, 32)
		if err != nil {
			return 0, 0
		}
		return rune(x), end + 1
	}
	for n < 2 && n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
		n++
	}
	x, _ := strconv.ParseUint(s[:n], 16, 32)
	return rune(x), n
}

// wideLiteral reports whether re holds a literal character that the C
// locale has no byte for: beyond ASCII and no byteRune (\x{263a}).
func wideLiteral(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral {
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf && !base.IsByteRune(r) {
				return true
			}
		}
	}
	for _, sub := range re.Sub {
		if wideLiteral(sub) {
			return true
		}
	}
	return false
}

// toBytes turns p's literal, read from a pattern the C locale rewrote
// (byteEscaped), into the text's bytes: each byteRune back to its byte.
// The regexp2 engine's prefilters scan the text itself, not a transcript.
func toBytes(p *prefilter.Literal) {
	b := make([]byte, 0, len(p.Lit))
	for i := 0; i < len(p.Lit); {
		r, n := utf8.DecodeRune(p.Lit[i:])
		if base.IsByteRune(r) {
			b = append(b, byte(r-base.ByteRunes))
		} else {
			b = append(b, p.Lit[i:i+n]...)
		}
		i += n
	}
	p.Lit = b
}

// literalBytes returns the bytes of runes as the C locale reads them (see
// byteRune), ok false when one is no byte's.
func literalBytes(runes []rune) (b []byte, ok bool) {
	for _, r := range runes {
		switch {
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		case base.IsByteRune(r):
			b = append(b, byte(r-base.ByteRunes))
		default:
			return nil, false
		}
	}
	return b, true
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
			hi := lineEndFrom(text, min(at+beyondWindow, len(text)))
			t := b.transcribe(text[at:hi])
			s, e, err := b.m.Next(t.text)
			if s >= 0 {
				s, e = t.at(s), t.at(e)
			}
			b.scratch.Put(t)
			if s >= 0 || err != nil {
				return found(at, s, e, err)
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
		t.invalidAsNL(text[ls:le])
		ok, err := b.invalidLineMatches(t.text, text[ls:le])
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
	var t *transcript
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
func eachRead(re *regexp.Regexp, t *transcript, line []byte, word, uni bool, exact backtrack.Matcher, fn func(int, int)) error {
	locs := re.FindAllIndex(t.text, -1)
	if word && exact != nil {
		for _, loc := range locs {
			if !base.WordBounded(t.text, loc[0], loc[1], uni) {
				return exact.Each(line, fn)
			}
		}
	}
	for _, loc := range locs {
		if loc[1] > loc[0] && (!word || base.WordBounded(t.text, loc[0], loc[1], uni)) {
			fn(t.at(loc[0]), t.at(loc[1]))
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
func (b *beyond) buffer() *transcript {
	t, _ := b.scratch.Get().(*transcript)
	if t == nil {
		t = new(transcript)
	}
	t.text, t.back = t.text[:0], t.back[:0]
	return t
}

// transcribe returns text with each byte from 0x80 as the UTF-8 of its
// byteRune (see localeExact).
func (b *beyond) transcribe(text []byte) *transcript {
	t := b.buffer()
	t.bytesRead(text)
	return t
}

// invalidAsNL returns line with each byte that is not UTF-8 replaced by a
// newline (see localeExact); its offsets are the line's.
func (b *beyond) invalidAsNL(line []byte) *transcript {
	t := b.buffer()
	t.invalidAsNL(line)
	return t
}

// bytesRead sets t to text with each byte from 0x80 as the UTF-8 of its
// byteRune.
func (t *transcript) bytesRead(text []byte) {
	for i, c := range text {
		if c < utf8.RuneSelf {
			t.text = append(t.text, c)
			t.back = append(t.back, int32(i))
			continue
		}
		t.text = utf8.AppendRune(t.text, base.ByteRune(c))
		t.back = append(t.back, int32(i), int32(i), int32(i))
	}
	t.back = append(t.back, int32(len(text)))
}

// invalidAsNL sets t to line with each byte that is not UTF-8 replaced by
// a newline, and reports whether there was one.
func (t *transcript) invalidAsNL(line []byte) (any bool) {
	t.text = append(t.text, line...)
	t.back = nil // offsets are the line's: see at
	for i := 0; i < len(line); {
		if line[i] < utf8.RuneSelf {
			k := base.IndexNonASCII(line[i:])
			if k < 0 {
				break
			}
			i += k
		}
		r, n := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && n == 1 {
			t.text[i] = '\n'
			any = true
		}
		i += n
	}
	return any
}

// at returns the offset in the text of t's offset i.
func (t *transcript) at(i int) int {
	if t.back == nil {
		return i
	}
	return int(t.back[i])
}

// forward returns the offset in t of the text's offset i.
func (t *transcript) forward(i int) int {
	if t.back == nil {
		return i
	}
	k, _ := slices.BinarySearch(t.back, int32(i))
	return k
}
