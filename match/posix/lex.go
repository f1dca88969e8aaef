package posix

import (
	"errors"
	"unicode/utf8"
)

// lex returns the next token, as dfa.c's lex reads the pattern, with
// glibc's errors. Where the two disagree, GNU grep 3.8 does too, and
// dfa.c's reading is taken (it selects the lines):
//
//   - ERE: an interval where no atom stands ("{1}a") repeats the empty
//     string for dfa.c; glibc drops the '{' alone and matches "1}a".
//   - ERE: '*', '+', '?' or an interval after an assertion ("^*a")
//     repeat it for dfa.c; glibc skips the operator.
//   - BRE: '$' before a ')' or a '|' (both literal there) with more
//     after it is an anchor for dfa.c, a literal for glibc.
func (p *posixParser) lex() (token, error) {
	backslash := false
	for {
		if p.pos >= len(p.src) {
			return token{kind: tEnd}, nil
		}
		c, w := p.char(p.pos)
		p.pos += w
		if c == '\\' && !backslash {
			if p.pos >= len(p.src) {
				return token{}, errTrailingBackslash
			}
			backslash = true
			continue
		}
		return p.lexChar(c, backslash)
	}
}

// lexChar returns the token of character c, escaped when backslash.
func (p *posixParser) lexChar(c rune, backslash bool) (token, error) {
	switch c {
	case '^', '$':
		return p.lexAnchor(c, backslash), nil
	case '?', '+', '*', '{', '|', '(', ')':
		return p.lexOp(c, backslash)
	case '.':
		if backslash {
			return p.literal(c), nil
		}
		p.laststart = false
		return token{kind: tAny}, nil
	case '[':
		if backslash {
			return p.literal(c), nil
		}
		p.laststart = false
		set, err := p.bracket()
		return token{kind: tSet, set: set}, err
	}
	if backslash {
		return p.lexEscape(c)
	}
	return p.literal(c), nil
}

// lexAnchor returns the token of ^ or $: an anchor, unless escaped or, in
// a BRE, where POSIX leaves it a character (^ not at the start of the
// pattern, a group or an alternative; $ not at their end).
func (p *posixParser) lexAnchor(c rune, backslash bool) token {
	switch {
	case backslash:
		return p.literal(c)
	case c == '^' && (!p.basic || p.lasttok == tEnd || p.lasttok == tLParen || p.lasttok == tOr):
		return token{kind: tAssert, op: pBegLine}
	case c == '$' && (!p.basic || p.pos == len(p.src) || p.closesHere()):
		return token{kind: tAssert, op: pEndLine}
	}
	return p.literal(c)
}

// lexOp returns the token of a repeat, an interval, an alternation or a
// parenthesis: operators bare in an ERE and escaped in a BRE (but *,
// bare in both), characters otherwise.
func (p *posixParser) lexOp(c rune, backslash bool) (token, error) {
	op := backslash == p.basic
	switch c {
	case '?', '+', '*':
		if c == '*' && backslash || c != '*' && !op {
			return p.literal(c), nil
		}
		if p.laststart {
			if p.basic {
				return p.literal(c), nil
			}
			p.warn(string(c))
		}
		kind := tStar
		if c == '?' {
			kind = tQmark
		} else if c == '+' {
			kind = tPlus
		}
		return token{kind: kind}, nil
	}
	if !op {
		return p.literal(c), nil
	}
	switch c {
	case '{':
		return p.interval()
	case '|':
		p.laststart = true
		return token{kind: tOr}, nil
	case '(':
		p.parens++
		p.laststart = true
		return token{kind: tLParen}, nil
	}
	if p.parens == 0 { // ')'
		if !p.basic {
			t := p.literal(c) // RE_UNMATCHED_RIGHT_PAREN_ORD
			t.bare = true
			return t, nil
		}
		return token{}, errCloseParen
	}
	p.parens--
	p.laststart = false
	return token{kind: tRParen}, nil
}

// lexEscape returns the token of an escaped character that is no
// operator: a back-reference, an assertion, a class, or the character.
func (p *posixParser) lexEscape(c rune) (token, error) {
	switch c {
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		n := int(c - '0')
		if !p.completed[n] {
			return token{}, errBackref
		}
		p.laststart = false
		return token{kind: tBackref, n: n}, nil
	case '`', '\'', '<', '>', 'b', 'B':
		return token{kind: tAssert, op: assertOf(c)}, nil
	case 's', 'S', 'w', 'W':
		p.laststart = false
		return token{kind: tSet, set: p.escapeSet(c)}, nil
	}
	return p.literal(c), nil
}

// assertOf is the assertion of \` \' \< \> \b or \B.
func assertOf(c rune) pop {
	switch c {
	case '`':
		return pBegLine
	case '\'':
		return pEndLine
	case '<':
		return pBegWord
	case '>':
		return pEndWord
	case 'b':
		return pWordB
	}
	return pNotWordB
}

// literal is the token of c as an ordinary character.
func (p *posixParser) literal(c rune) token {
	p.laststart = false
	return token{kind: tChar, c: c}
}

// char decodes the pattern's character at src[i]: a byte in the C
// locale, under UTF-8 a rune or the invalidChar of a byte that is not
// UTF-8.
func (p *posixParser) char(i int) (rune, int) {
	c := p.src[i]
	if !p.uni || c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n := utf8.DecodeRuneInString(p.src[i:])
	if r == utf8.RuneError && n == 1 {
		return invalidChar(c), 1
	}
	return r, n
}

// closesHere reports, for a '$' just read under BRE, whether dfa.c takes
// it for an anchor before a group's end or an alternation: the next
// character is ')' or '|', escaped or (a quirk, see lex) not, with more
// of the pattern after it.
func (p *posixParser) closesHere() bool {
	rest := p.src[p.pos:]
	if len(rest) < 2 {
		return false
	}
	i := 0
	if rest[0] == '\\' {
		i = 1
	}
	return rest[i] == ')' || rest[i] == '|'
}

// interval reads an interval whose '{' (or \{) was just read, as dfa.c
// does, with glibc's errors. An ERE interval that is not valid is a
// literal '{'; one where no atom stands repeats the empty string, and
// under BRE is a literal "{".
func (p *posixParser) interval() (token, error) {
	start := p.pos
	src := p.src
	i := start
	min, max := -1, -1
	for ; i < len(src) && isDigit(src[i]); i++ {
		if min < 0 {
			min = 0
		}
		min = capDup(min*10 + int(src[i]-'0'))
	}
	comma := false
	if i < len(src) {
		if src[i] != ',' {
			max = min
		} else {
			comma = true
			if min < 0 {
				min = 0
			}
			for i++; i < len(src) && isDigit(src[i]); i++ {
				if max < 0 {
					max = 0
				}
				max = capDup(max*10 + int(src[i]-'0'))
			}
		}
	}
	closed := false
	end := i
	if p.basic {
		if i+1 < len(src) && src[i] == '\\' && src[i+1] == '}' {
			closed, end = true, i+2
		}
	} else if i < len(src) && src[i] == '}' {
		closed, end = true, i+1
	}
	invalid := !closed || min < 0 || max >= 0 && min > max
	brace := token{kind: tChar, c: '{', bare: true}
	if p.laststart {
		if p.basic || invalid {
			// BRE: glibc and dfa.c alike take "\{" where no atom
			// stands for a literal '{'.
			p.laststart = false
			return brace, nil
		}
		p.warn("{...}")
		if max > dupMax && p.late == nil {
			p.late = errors.New("regular expression too big") // dfa.c's words
		}
		p.pos = end
		p.laststart = false
		return token{kind: tRepmn, min: min, max: max}, nil
	}
	if err := p.glibcInterval(start, comma); err != nil {
		return token{}, err
	}
	if invalid {
		// ERE only: glibc has accepted it as literal characters.
		p.laststart = false
		return brace, nil
	}
	if max > dupMax || min > dupMax {
		return token{}, errTooBig
	}
	p.pos = end
	p.laststart = false
	return token{kind: tRepmn, min: min, max: max}, nil
}

// glibcInterval checks the interval whose body starts at src[start] as
// glibc's parse_dup_op does: "{}" and a body with more after its numbers
// than "}" are errors in either syntax; under BRE so is any body that is
// not numbers, and one with no end; under ERE glibc then reads the '{'
// as a literal (RE_INVALID_INTERVAL_ORD).
func (p *posixParser) glibcInterval(start int, comma bool) error {
	l := &glibcLexer{src: p.src, i: start, basic: p.basic}
	number := l.number
	lo, t := number()
	last := t
	if lo == -1 {
		if t.c != ',' || t.close {
			return errBraceContent // "{}"
		}
		lo = 0
	}
	hi := 0
	if lo != -2 {
		switch {
		case t.close:
			hi = lo
		case t.c == ',':
			hi, last = number()
		default:
			hi = -2
		}
	}
	if lo == -2 || hi == -2 {
		if p.basic {
			if last.end {
				return errOpenBrace
			}
			return errBraceContent
		}
		return nil // a literal '{'
	}
	if !last.close || hi != -1 && lo > hi {
		return errBraceContent
	}
	if hi > dupMax || hi == -1 && lo > dupMax {
		return errTooBig
	}
	return nil
}

// glibcLexer reads an interval's body as glibc does, from src[i].
type glibcLexer struct {
	src   string
	i     int
	basic bool
}

// glibcTok is one of glibc's tokens in an interval: a closing brace (\}
// under BRE), a character, or the end.
type glibcTok struct {
	close, end bool
	c          byte
}

// fetch reads the next token.
func (l *glibcLexer) fetch() glibcTok {
	src, i := l.src, l.i
	switch {
	case i >= len(src):
		return glibcTok{end: true}
	case l.basic && src[i] == '\\' && i+1 < len(src) && src[i+1] == '}':
		l.i += 2
		return glibcTok{close: true}
	case !l.basic && src[i] == '}':
		l.i++
		return glibcTok{close: true}
	case src[i] == '\\' && i+1 < len(src):
		l.i += 2
		return glibcTok{c: 0} // an escape: not a digit
	}
	l.i++
	return glibcTok{c: src[i]}
}

// number is glibc's fetch_number: -1 no digits, -2 not a number; and the
// token that ended it.
func (l *glibcLexer) number() (int, glibcTok) {
	n := -1
	for {
		t := l.fetch()
		if t.end {
			return -2, t
		}
		if t.close || t.c == ',' {
			return n, t
		}
		if n == -2 || !isDigit(t.c) {
			n = -2
		} else if n == -1 {
			n = int(t.c - '0')
		} else {
			n = capDup(n*10 + int(t.c-'0'))
		}
	}
}

// capDup bounds a count as glibc and dfa.c do, at one past RE_DUP_MAX.
func capDup(n int) int { return min(n, dupMax+1) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
