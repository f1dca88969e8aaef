// Package plain matches a plain string: no pattern syntax, no case
// folding, found by its two rarest bytes 32 positions at a time where the
// CPU can (package prefilter), else bytes.Index, with -w and -x checked at
// each occurrence.
package plain

import (
	"bytes"

	"urg/match/base"
	"urg/match/prefilter"
)

// literal finds a fixed string with bytes.Index, which the Go runtime runs
// with SIMD; -w and -x are checked at each occurrence, which is exact for a
// literal because an occurrence has only one possible end.
type literal struct {
	lit        []byte
	word, line bool
	uni        bool               // -w sees UTF-8 characters
	pre        *prefilter.Literal // finds lit by its two rarest bytes (AVX2); nil elsewhere
	set        *prefilter.Set     // pre, to scan with
}

// New returns the matcher for lit under o's -w (Word), -x (Line) and
// locale (UTF8, for -w's characters).
func New(lit []byte, o base.Options) base.Matcher {
	m := &literal{lit: lit, word: o.Word, line: o.Line, uni: o.UTF8}
	if prefilter.SIMD && len(lit) >= 2 {
		m.pre = &prefilter.Literal{Lit: lit}
		m.pre.Prepare()
		m.set = prefilter.NewSet([]*prefilter.Literal{m.pre})
	}
	return m
}

func (m *literal) Engine() string { return "literal" }

func (m *literal) MinLen() int { return len(m.lit) }

func (m *literal) Next(text []byte) (int, int, error) {
	if len(m.lit) == 0 {
		return m.nextEmpty(text)
	}
	if m.set != nil {
		h := m.set.Hits(text, 0)
		for {
			i := h.Next()
			if i < 0 {
				return -1, -1, nil
			}
			if m.accept(text, i) {
				ls, le := base.LineAt(text, i)
				return ls, le, nil
			}
		}
	}
	for at := 0; at <= len(text); {
		i := bytes.Index(text[at:], m.lit)
		if i < 0 {
			break
		}
		i += at
		// Checked in text, where a newline is a bound as the line's ends
		// are: finding the line first, for every occurrence, cost more than
		// the scan (-w on binaries' long lines).
		if m.accept(text, i) {
			ls, le := base.LineAt(text, i)
			return ls, le, nil
		}
		at = i + 1
	}
	return -1, -1, nil
}

// CleanNext implements base.CleanScanner: the pair scan looks for NUL
// bytes in the same pass; without one (no AVX2, an empty literal) the
// scan cannot tell, and it returns nil.
func (m *literal) CleanNext() func(text []byte) (start, end, clean int, err error) {
	if len(m.lit) > 0 && m.pre != nil && m.pre.Pair != nil {
		return m.nextClean
	}
	return nil
}

// nextClean is Next through the literal's pair scan, which looks for NUL
// bytes as it goes: text[:clean] holds none.
func (m *literal) nextClean(text []byte) (start, end, clean int, err error) {
	n := len(m.lit)
	for at := 0; ; {
		s, c := m.pre.Pair.NextClean(text[at:], n)
		if at <= clean {
			clean = max(clean, at+c)
		}
		if s < 0 {
			return -1, -1, clean, nil
		}
		s += at
		if m.pre.Equal(text[s:s+n]) && m.accept(text, s) {
			ls, le := base.LineAt(text, s)
			return ls, le, clean, nil
		}
		at = s + 1
	}
}

// nextEmpty handles the empty pattern, which matches every line, and under
// -x only empty lines.
func (m *literal) nextEmpty(text []byte) (int, int, error) {
	if !m.line {
		_, le := base.LineAt(text, 0)
		return 0, le, nil
	}
	for at := 0; at <= len(text); {
		ls, le := base.LineAt(text, at)
		if le == ls {
			return ls, le, nil
		}
		at = le + 1
	}
	return -1, -1, nil
}

// accept reports whether the occurrence at s in line satisfies -w and -x;
// line may also be a block of lines holding the occurrence.
func (m *literal) accept(line []byte, s int) bool {
	e := s + len(m.lit)
	if m.line {
		return (s == 0 || line[s-1] == '\n') && (e == len(line) || line[e] == '\n')
	}
	return !m.word || base.WordBounded(line, s, e, m.uni)
}

func (m *literal) Each(line []byte, fn func(int, int)) error {
	if len(m.lit) == 0 {
		return nil
	}
	for at := 0; at <= len(line); {
		i := bytes.Index(line[at:], m.lit)
		if i < 0 {
			return nil
		}
		i += at
		if m.accept(line, i) {
			fn(i, i+len(m.lit))
			at = i + len(m.lit)
		} else {
			at = i + 1
		}
	}
	return nil
}
