package prefilter

import (
	"encoding/binary"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
)

// shape is a pattern that says only how long its line is and what bytes
// it holds: `^$`, `^\s*$`, `^[a-z]+$` (the whole line in one class), and
// `^.{120,}` (a line of at least so many characters). A line is decided
// from its length and, when that passes, one loop over its bytes. With
// no literal to look for, Go's regexp ran its NFA over every byte instead,
// far slower on `-c '^$'` and `-c '^.{120,}'` (see
// docs/decisions.md#shape-a-line-decided-by-its-length-and-bytes-matchprefiltershapego).
type shape struct {
	in       [256]bool // the class of every byte, when not dot
	dot      bool      // `.`: every character, counted as runes
	min, max int       // bounds on the length (max < 0: none)
}

// NewShape returns the line finder of re when re says only how long its
// line is and what bytes it holds, or nil.
func NewShape(re *syntax.Regexp) LineFinder {
	if s := newShape(re); s != nil {
		return s
	}
	return nil
}

// newShape returns the shape re is, or nil: re is anchored at the line's
// start and end around repeats of one ASCII class, or is repeats of `.`
// (anchored or not: a line of n characters holds every shorter run).
func newShape(re *syntax.Regexp) *shape {
	parts := flatConcat(nil, re)
	start := len(parts) > 0 && isBegin(parts[0].Op)
	if start {
		parts = parts[1:]
	}
	end := len(parts) > 0 && isEnd(parts[len(parts)-1].Op)
	if end {
		parts = parts[:len(parts)-1]
	}
	s := &shape{}
	kind := 0 // 1: dot, 2: a class, in s.in
	s.min, s.max = 0, 0
	for _, part := range parts {
		min, max, ok := s.span(part, &kind)
		if !ok {
			return nil
		}
		s.min += min
		if s.max >= 0 {
			s.max += max
		}
		if max < 0 {
			s.max = -1
		}
	}
	s.dot = kind == 1
	switch {
	case s.dot && !(start && end):
		s.max = -1 // a longer line holds a run of the bounds
	case s.dot:
	case !start || !end || s.in['\n']:
		return nil
	}
	if s.dot && s.min == 0 && s.max < 0 {
		return nil // every line
	}
	return s
}

func isBegin(op syntax.Op) bool { return op == syntax.OpBeginLine || op == syntax.OpBeginText }
func isEnd(op syntax.Op) bool   { return op == syntax.OpEndLine || op == syntax.OpEndText }

// span returns how many bytes of s's class (or characters, for dot) re
// matches, min to max (max < 0: no bound), when re is made of one class,
// or of dot, repeated and concatenated (Simplify writes .{2,4} as
// ..(?:.(?:.)?)?). kind says which s holds so far: 0 none yet, 1 dot, 2
// a class.
func (s *shape) span(re *syntax.Regexp, kind *int) (min, max int, ok bool) {
	switch re.Op {
	case syntax.OpAnyCharNotNL:
		if *kind == 2 {
			return 0, 0, false
		}
		*kind = 1
		return 1, 1, true
	case syntax.OpCharClass, syntax.OpLiteral:
		var in [256]bool
		if _, _, ok := ClassRepeat(&in, re); !ok || *kind == 1 || *kind == 2 && in != s.in {
			return 0, 0, false
		}
		*kind, s.in = 2, in
		return 1, 1, true
	case syntax.OpCapture:
		return s.span(re.Sub[0], kind)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			lo, hi, ok := s.span(sub, kind)
			if !ok {
				return 0, 0, false
			}
			min += lo
			if max >= 0 {
				max += hi
			}
			if hi < 0 {
				max = -1
			}
		}
		return min, max, true
	case syntax.OpQuest, syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		lo, hi, ok := s.span(re.Sub[0], kind)
		if !ok {
			return 0, 0, false
		}
		switch re.Op {
		case syntax.OpQuest:
			return 0, hi, true
		case syntax.OpStar:
			return 0, -1, true
		case syntax.OpPlus:
			return lo, -1, true
		}
		if re.Max < 0 || hi < 0 {
			return lo * re.Min, -1, true
		}
		return lo * re.Min, hi * re.Max, true
	}
	return 0, 0, false
}

func (s *shape) NextLine(text []byte) (int, int) { return base.FirstLine(text, s.matches) }
func (s *shape) Name() string                    { return "line shape" }

// matches reports whether line, without its newline, has the shape.
func (s *shape) matches(line []byte) bool {
	n := len(line)
	if n < s.min {
		return false // never fewer bytes than characters
	}
	if s.dot {
		if n = utf8.RuneCount(line); n < s.min {
			return false
		}
		return s.max < 0 || n <= s.max
	}
	if s.max >= 0 && n > s.max {
		return false
	}
	for _, c := range line {
		if !s.in[c] {
			return false
		}
	}
	return true
}

// anyByte is a pattern that is one class, once or more, `[^\x00-\x7f]` or
// `[\t\v]+`: a line matches when it holds a byte of the class. A class of
// characters is one of bytes when it holds every character from U+0080
// up, or none: each byte from 0x80 starts or continues such a character
// (or is invalid, read as U+FFFD). Go's regexp ran its NFA over every byte
// instead, far slower on `-c '[^\x00-\x7f]'` (see
// docs/decisions.md#anybyte-a-one-class-pattern-as-a-scan-for-its-bytes-matchprefiltershapego).
type anyByte struct {
	in   [256]bool
	high bool // the class is the bytes from 0x80 and no others
}

// NewAnyByte returns the line finder of re when re is one class, once or
// more, or nil.
func NewAnyByte(re *syntax.Regexp) LineFinder {
	if b := newAnyByte(re); b != nil {
		return b
	}
	return nil
}

// newAnyByte returns the anyByte re is, or nil.
func newAnyByte(re *syntax.Regexp) *anyByte {
	if re.Op == syntax.OpPlus {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpCharClass {
		return nil
	}
	b := &anyByte{}
	for i := 0; i < len(re.Rune); i += 2 {
		lo, hi := re.Rune[i], re.Rune[i+1]
		switch {
		case hi < utf8.RuneSelf:
		case lo <= utf8.RuneSelf && hi >= unicode.MaxRune:
			hi = 0xff
		default:
			return nil
		}
		for c := lo; c <= hi; c++ {
			b.in[c] = true
		}
	}
	b.high = true
	for c := range 256 {
		b.high = b.high && b.in[c] == (c >= utf8.RuneSelf)
	}
	return b
}

func (b *anyByte) Name() string { return "byte class" }

// NextLine returns the bounds of the first line of text holding a byte of
// the class, or -1.
func (b *anyByte) NextLine(text []byte) (int, int) {
	i := 0
	if b.high {
		// Eight bytes at a time: their top bits.
		for ; i+8 <= len(text); i += 8 {
			if binary.LittleEndian.Uint64(text[i:])&0x8080808080808080 != 0 {
				break
			}
		}
	}
	for ; i < len(text); i++ {
		if b.in[text[i]] {
			ls, le := base.LineAt(text, i)
			return ls, le
		}
	}
	return -1, -1
}
