package locale

import (
	"urg/match/base"
)

// Matcher is the vocabulary's matcher.
type Matcher = base.Matcher

// NewSplit returns the matcher that decides the lines of ASCII bytes by
// ascii, the C locale's matcher of a pattern, and the others by uni, the
// UTF-8 locale's (see split).
func NewSplit(ascii, uni Matcher) Matcher {
	m := &split{ascii: ascii, uni: uni}
	if g, ok := uni.(base.Gated); ok {
		m.gate = g.Gate()
	}
	return m
}

// Parts returns the two matchers of a split one, ok false when m is not
// one.
func Parts(m Matcher) (ascii, uni Matcher, ok bool) {
	if s, ok := m.(*split); ok {
		return s.ascii, s.uni, true
	}
	return nil, nil, false
}

// split is the matcher of a pattern that Options.UTF8 rewrites (\w,
// \b, [[:alpha:]], ...), made of two: the pattern as the C locale
// compiles it, with every fast path that ASCII words allow, and as the
// UTF-8 locale does, where \b becomes lookarounds (regexp2) and \w a class
// of Unicode's letters. On a line made only of ASCII bytes each construct
// means the same in both locales, so such a line is decided by the C
// locale's matcher; only lines holding a byte from 0x80 go to the UTF-8
// one, which for \b is regexp2, many times slower than the C locale's
// automaton (see
// docs/decisions.md#asciisplit-lines-of-ascii-decided-by-the-c-locales-matcher-matchlocalesplitgo).
//
// Next goes through windows of whole lines that grow fourfold from
// splitWindow bytes, so that a search that stops early has looked at
// most at the first window, or at about as much as it went through
// already, past its line. Where a window (or what is left of it) starts
// with splitWindow bytes of ASCII, the C locale's matcher scans it first,
// and bytes from 0x80 are looked for up to the line it selects, in memory
// that its scan has just brought into the cache (a pass of their own over
// memory first would read the text from memory twice); elsewhere the next byte from 0x80 is looked for first, and
// the C locale's matcher is given the lines before it. The line holding
// such a byte goes to the UTF-8 locale's matcher with the lines after it
// up to the last that holds one less than SplitGap bytes after the
// previous, or fewer than the stretch so far: the UTF-8 matcher is right
// on any line, and text mostly beyond ASCII (or binary data) is then
// searched by it at its own pace, not with a call for each line, while of
// the lines of ASCII it is handed at most about as many bytes as of the
// others. Each picks by the line.
//
// Neither matcher is changed by a search: both are shared by goroutines.
type split struct {
	ascii Matcher // the C locale's: decides the lines of ASCII bytes only
	uni   Matcher // the UTF-8 locale's: decides the others
	// gate, when uni has one (base.Gated), finds the literals every
	// match holds on a line of either kind: on a line of ASCII both
	// matchers select the same. Next starts each window at the line
	// of the next, rather than sort every line by its bytes.
	gate func(text []byte) int
}

// splitWindow is the size of Next's first window, and splitWindowMax
// of its largest: a window is scanned twice, for bytes beyond ASCII and
// by a matcher, the second time in the cache. SplitGap is the most ASCII
// between two bytes beyond it that the UTF-8 matcher is handed rather than
// the C locale's, unless the lines before it that it is handed are more.
const (
	splitWindow    = 1 << 10
	splitGrowth    = 4
	splitWindowMax = 64 << 10
	SplitGap       = 256
)

func (m *split) Engine() string {
	return m.ascii.Engine() + " (non-ASCII lines: " + m.uni.Engine() + ")"
}

func (m *split) MinLen() int { return min(m.ascii.MinLen(), m.uni.MinLen()) }

func (m *split) Each(line []byte, fn func(int, int)) error {
	if base.IndexNonASCII(line) < 0 {
		return m.ascii.Each(line, fn)
	}
	return m.uni.Each(line, fn)
}

func (m *split) Next(text []byte) (int, int, error) {
	at, step, hi := 0, splitWindow, -1 // the window is text[at:hi]
	for at <= len(text) {
		if at > hi {
			if m.gate != nil {
				g := m.gate(text[at:])
				if g < 0 {
					return -1, -1, nil
				}
				at += base.LastIndexNL(text[at:at+g]) + 1
			}
			if hi >= 0 {
				step = min(splitGrowth*step, splitWindowMax)
			}
			hi = base.LineEndFrom(text, min(at+step, len(text)))
		}
		// The C locale's matcher has decided the lines of
		// text[at:limit], and cs, ce is the line it selects there.
		cs, ce, limit := -1, -1, at-1
		probe := min(at+splitWindow, hi)
		j := base.IndexNonASCII(text[at:probe])
		if j < 0 {
			// ASCII for a while: the C locale's matcher first.
			s, e, err := m.ascii.Next(text[at:hi])
			if err != nil {
				return -1, -1, err
			}
			limit = hi
			if s >= 0 {
				cs, ce, limit = at+s, at+e, at+e
			}
			if probe <= limit {
				if k := base.IndexNonASCII(text[probe:limit]); k >= 0 {
					j = probe - at + k
				}
			}
			if j < 0 {
				if cs >= 0 {
					return cs, ce, nil
				}
				at = hi + 1
				continue
			}
		}
		for {
			// The lines before the one holding text[at+j] are ASCII.
			ls := at + base.LastIndexNL(text[at:at+j]) + 1
			if ls > at && limit < ls {
				if s, e, err := m.ascii.Next(text[at : ls-1]); s >= 0 || err != nil {
					return base.Found(at, s, e, err)
				}
			}
			le := stretchEnd(text, ls, at+j, hi)
			if s, e, err := m.uni.Next(text[ls:le]); s >= 0 || err != nil {
				return base.Found(ls, s, e, err)
			}
			at = le + 1
			if limit < at || cs >= 0 && le >= cs {
				break // what the C locale's matcher decided is used up
			}
			// The next such byte up to where it decided.
			if j = base.IndexNonASCII(text[at:limit]); j < 0 {
				if cs >= 0 {
					return cs, ce, nil
				}
				at = limit + 1
				break
			}
		}
	}
	return -1, -1, nil
}

// stretchEnd is the end of the stretch of lines from ls that the UTF-8
// locale's matcher is handed, in a window that ends at hi: from the line
// holding text[i], a byte from 0x80, up to the last line holding one
// less than SplitGap bytes after the previous, or fewer than the stretch
// so far.
func stretchEnd(text []byte, ls, i, hi int) int {
	le := base.LineEndFrom(text, i)
	for le < hi {
		// The gap may grow with the stretch: binary data is searched
		// in stretches of windows, each a few steps to the last such
		// byte within the gap.
		k := base.LastIndexNonASCII(text[le:min(le+max(SplitGap, le-ls), hi)])
		if k < 0 {
			break
		}
		le = base.LineEndFrom(text, le+k)
	}
	return le
}
