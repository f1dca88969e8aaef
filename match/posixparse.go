package match

import (
	"errors"
	"unicode/utf8"
)

// A POSIX pattern is read as GNU grep 3.8 reads it: its dfa.c lexer and
// grammar give the meaning (they decide which lines match), and glibc's
// regcomp, which grep runs first, gives the errors, in its words. Where
// the two part (GNU's own inconsistencies, see posixParser.lex), the
// meaning is dfa.c's.

// pop is the kind of a pnode.
type pop uint8

const (
	pEmpty    pop = iota // matches the empty string
	pChar                // one character, c
	pSet                 // one character of set
	pAny                 // any character (but newline; under UTF-8, a valid one)
	pBegLine             // ^, \`
	pEndLine             // $, \'
	pBegWord             // \<
	pEndWord             // \>
	pWordB               // \b
	pNotWordB            // \B
	pConcat              // sub, in order
	pAlt                 // any of sub
	pRepeat              // sub[0], min to max times (max -1: no bound)
	pGroup               // sub[0], captured as group n
	pBackref             // what group n captured
)

// pnode is a node of a parsed POSIX pattern.
type pnode struct {
	op       pop
	c        rune
	set      *charSet
	min, max int
	n        int
	sub      []*pnode
}

// zeroWidth reports whether n is an assertion, which matches no character.
func (n *pnode) zeroWidth() bool { return n.op >= pBegLine && n.op <= pNotWordB }

// Errors as glibc's regerror words them; grep prints them alone.
var (
	errTrailingBackslash = errors.New("Trailing backslash")
	errBadPattern        = errors.New("Invalid regular expression") // a '[' (or "[^") that ends the pattern
	errBracket           = errors.New("Unmatched [, [^, [:, [., or [=")
	errClassName         = errors.New("Invalid character class name")
	errCollation         = errors.New("Invalid collation character")
	errRange             = errors.New("Invalid range end")
	errOpenParen         = errors.New(`Unmatched ( or \(`)
	errCloseParen        = errors.New(`Unmatched ) or \)`)
	errOpenBrace         = errors.New(`Unmatched \{`)
	errBraceContent      = errors.New(`Invalid content of \{\}`)
	errTooBig            = errors.New("Regular expression too big")
	errBackref           = errors.New("Invalid back reference")
	// errColonClass is dfa.c's, for what glibc takes as a bracket of
	// the characters ':', 'a', 'l', ...
	errColonClass = errors.New("character class syntax is [[:space:]], not [:space:]")
)

// dupMax is RE_DUP_MAX, the largest count an interval may give.
const dupMax = 0x7fff

// tokKind is the kind of a lexer token (dfa.c's).
type tokKind uint8

const (
	tEnd tokKind = iota
	tChar
	tSet
	tAny
	tAssert // an assertion, in op
	tBackref
	tStar
	tPlus
	tQmark
	tRepmn
	tOr
	tLParen
	tRParen
)

// token is one token of lex.
type token struct {
	kind     tokKind
	c        rune
	set      *charSet
	op       pop // tAssert
	n        int // tBackref
	min, max int // tRepmn
	// bare: a tChar '{' or ')' that is an operator's character, a
	// literal here (see glibcParens).
	bare bool
}

// posixParser reads one pattern.
type posixParser struct {
	src   string
	pos   int
	basic bool // -G; else -E
	uni   bool
	fold  bool // -i
	// lexer state, as dfa.c's: the last token, and whether no atom
	// came since the start, a '(' or a '|' (assertions and operators
	// are none).
	lasttok   tokKind
	laststart bool
	parens    int
	tok       token
	groups    int // groups opened so far
	// completed holds the groups a back-reference may name here, as
	// glibc tracks them: closed before, in this branch or before the
	// alternation it is in.
	completed map[int]bool
	// late is dfa.c's error, given when glibc's parse found none.
	late error
	// warnings are dfa.c's, up to late.
	warnings []string
	// glibc's view of an ERE's groups (see glibcParens): where an
	// operator would be skipped, whether the last token was one so
	// skipped, and how many groups are open.
	gstart, gskip bool
	gdepth        int
}

// warn records dfa.c's warning about an operator that follows no atom
// (ERE only: in a BRE it is a literal).
func (p *posixParser) warn(op string) {
	if p.late == nil {
		p.warnings = append(p.warnings, op+" at start of expression")
	}
}

// parsePosix parses one pattern (one line) of the syntax; groups is how
// many groups the patterns before it opened, so that group numbers are
// unique among the patterns joined (back-references stay the pattern's
// own). It returns the parse and the parser, which holds the groups the
// pattern opens, dfa.c's warnings and its error (late, which grep gives
// only when glibc found none in any pattern); err is glibc's error.
func parsePosix(src string, basic, uni, fold bool, groups int) (n *pnode, p *posixParser, err error) {
	p = &posixParser{src: src, basic: basic, uni: uni, fold: fold, lasttok: tEnd, laststart: true, gstart: true, completed: map[int]bool{}}
	if err := p.next(); err != nil {
		return nil, p, err
	}
	if n, err = p.regexp(); err != nil {
		return nil, p, err
	}
	if p.tok.kind != tEnd {
		// Only a ')' can stop the top level, and lex makes every one
		// there a literal (ERE) or an error (BRE).
		return nil, p, errCloseParen
	}
	if p.gdepth > 0 {
		return nil, p, errOpenParen
	}
	if groups > 0 {
		renumber(n, groups)
	}
	return n, p, nil
}

// renumber shifts the group numbers of n by k.
func renumber(n *pnode, k int) {
	if n.op == pGroup || n.op == pBackref {
		n.n += k
	}
	for _, s := range n.sub {
		renumber(s, k)
	}
}

func (p *posixParser) next() error {
	t, err := p.lex()
	p.tok = t
	p.lasttok = t.kind
	if !p.basic {
		p.glibcParens(t)
	}
	return err
}

// glibcParens follows an ERE's groups as glibc parses them, which differs
// from dfa.c's where an operator stands where no atom does: at the start
// of a branch or after an assertion glibc skips the operator (a '{'
// alone, whatever follows it), and a ')' right after one is then a
// literal to it, so "(*)b" leaves its group open (Unmatched ( or \(),
// while dfa.c closes it.
func (p *posixParser) glibcParens(t token) {
	skipped := p.gskip
	p.gskip = false
	switch t.kind {
	case tStar, tPlus, tQmark:
		if p.gstart {
			p.gskip = true
			return
		}
	case tChar:
		if t.bare && t.c == '{' && p.gstart {
			p.gskip = true
			return
		}
		if t.bare && t.c == ')' && p.gdepth > 0 {
			p.gdepth-- // unmatched for dfa.c, it closes glibc's group
		}
	case tLParen:
		p.gdepth++
		p.gstart = true
		return
	case tOr, tAssert:
		p.gstart = true
		return
	case tRParen:
		if !skipped {
			p.gdepth--
		}
	}
	p.gstart = false
}

// regexp is dfa.c's regexp: branches separated by '|'. A branch may
// refer to the groups closed before the alternation and in itself alone
// (glibc's completed_bkref_map); after it, to those of every branch.
func (p *posixParser) regexp() (*pnode, error) {
	initial := copySet(p.completed)
	acc := map[int]bool{}
	var alts []*pnode
	for {
		b, err := p.branch()
		if err != nil {
			return nil, err
		}
		alts = append(alts, b)
		for g := range p.completed {
			acc[g] = true
		}
		if p.tok.kind != tOr {
			break
		}
		// Reset before the next token is read: it may be a
		// back-reference, which the next branch judges.
		p.completed = copySet(initial)
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	p.completed = acc
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &pnode{op: pAlt, sub: alts}, nil
}

func copySet(m map[int]bool) map[int]bool {
	c := make(map[int]bool, len(m))
	for k := range m {
		c[k] = true
	}
	return c
}

// branch is dfa.c's branch: closures up to a '|', a ')' or the end.
func (p *posixParser) branch() (*pnode, error) {
	var subs []*pnode
	for {
		c, err := p.closure()
		if err != nil {
			return nil, err
		}
		subs = append(subs, c)
		if k := p.tok.kind; k == tRParen || k == tOr || k == tEnd {
			break
		}
	}
	if len(subs) == 1 {
		return subs[0], nil
	}
	return &pnode{op: pConcat, sub: subs}, nil
}

// closure is dfa.c's closure: an atom and the repetitions after it.
func (p *posixParser) closure() (*pnode, error) {
	n, err := p.atom()
	if err != nil {
		return nil, err
	}
	for {
		min, max := 0, 0
		switch p.tok.kind {
		case tStar:
			min, max = 0, -1
		case tPlus:
			min, max = 1, -1
		case tQmark:
			min, max = 0, 1
		case tRepmn:
			min, max = p.tok.min, p.tok.max
		default:
			return n, nil
		}
		n = &pnode{op: pRepeat, min: min, max: max, sub: []*pnode{n}}
		if err := p.next(); err != nil {
			return nil, err
		}
	}
}

// atom is dfa.c's atom; where no atom stands (a repetition at the start,
// an empty branch or group) it is the empty string.
func (p *posixParser) atom() (*pnode, error) {
	t := p.tok
	var n *pnode
	switch t.kind {
	case tChar:
		n = &pnode{op: pChar, c: t.c}
		if p.fold {
			if fs := foldSet(t.c, p.uni); len(fs) > 1 {
				var r []rune
				for _, f := range fs {
					r = append(r, f, f)
				}
				n = &pnode{op: pSet, set: setOf(r)}
			}
		}
	case tSet:
		n = &pnode{op: pSet, set: t.set}
	case tAny:
		n = &pnode{op: pAny}
	case tAssert:
		n = &pnode{op: t.op}
	case tBackref:
		n = &pnode{op: pBackref, n: t.n}
	case tLParen:
		p.groups++
		g := p.groups
		if err := p.next(); err != nil {
			return nil, err
		}
		sub, err := p.regexp()
		if err != nil {
			return nil, err
		}
		if p.tok.kind != tRParen {
			return nil, errOpenParen
		}
		p.completed[g] = true
		n = &pnode{op: pGroup, n: g, sub: []*pnode{sub}}
	default:
		return &pnode{op: pEmpty}, nil
	}
	return n, p.next()
}

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
		// op reports whether c is an operator here: under ERE when
		// bare, under BRE when escaped.
		op := backslash == p.basic
		switch c {
		case '\\':
			if backslash {
				return p.literal(c), nil
			}
			if p.pos >= len(p.src) {
				return token{}, errTrailingBackslash
			}
			backslash = true
			continue
		case '^':
			if backslash {
				return p.literal(c), nil
			}
			if !p.basic || p.lasttok == tEnd || p.lasttok == tLParen || p.lasttok == tOr {
				return token{kind: tAssert, op: pBegLine}, nil
			}
			return p.literal(c), nil
		case '$':
			if backslash {
				return p.literal(c), nil
			}
			if !p.basic || p.pos == len(p.src) || p.closesHere() {
				return token{kind: tAssert, op: pEndLine}, nil
			}
			return p.literal(c), nil
		case '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if !backslash {
				return p.literal(c), nil
			}
			n := int(c - '0')
			if !p.completed[n] {
				return token{}, errBackref
			}
			p.laststart = false
			return token{kind: tBackref, n: n}, nil
		case '`', '\'', '<', '>', 'b', 'B':
			if !backslash {
				return p.literal(c), nil
			}
			return token{kind: tAssert, op: assertOf(c)}, nil
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
		case '{':
			if !op {
				return p.literal(c), nil
			}
			return p.interval()
		case '|':
			if !op {
				return p.literal(c), nil
			}
			p.laststart = true
			return token{kind: tOr}, nil
		case '(':
			if !op {
				return p.literal(c), nil
			}
			p.parens++
			p.laststart = true
			return token{kind: tLParen}, nil
		case ')':
			if !op {
				return p.literal(c), nil
			}
			if p.parens == 0 {
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
		case '.':
			if backslash {
				return p.literal(c), nil
			}
			p.laststart = false
			return token{kind: tAny}, nil
		case 's', 'S', 'w', 'W':
			if !backslash {
				return p.literal(c), nil
			}
			p.laststart = false
			return token{kind: tSet, set: p.escapeSet(c)}, nil
		case '[':
			if backslash {
				return p.literal(c), nil
			}
			p.laststart = false
			set, err := p.bracket()
			return token{kind: tSet, set: set}, err
		}
		return p.literal(c), nil
	}
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
	src := p.src
	// fetch reads glibc's tokens: a closing brace (\} under BRE), a
	// character, or the end.
	type tok struct {
		close, end bool
		c          byte
	}
	i := start
	fetch := func() tok {
		if i >= len(src) {
			return tok{end: true}
		}
		if p.basic && src[i] == '\\' && i+1 < len(src) && src[i+1] == '}' {
			i += 2
			return tok{close: true}
		}
		if !p.basic && src[i] == '}' {
			i++
			return tok{close: true}
		}
		c := src[i]
		if c == '\\' && i+1 < len(src) {
			i += 2
			return tok{c: 0} // an escape: not a digit
		}
		i++
		return tok{c: c}
	}
	// number is glibc's fetch_number: -1 no digits, -2 not a number.
	number := func() (int, tok) {
		n := -1
		for {
			t := fetch()
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

// capDup bounds a count as glibc and dfa.c do, at one past RE_DUP_MAX.
func capDup(n int) int { return min(n, dupMax+1) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// escapeSet is the set of \s, \S, \w or \W: [[:space:]], [^[:space:]],
// [_[:alnum:]] and [^_[:alnum:]].
func (p *posixParser) escapeSet(c rune) *charSet {
	var r []rune
	if c == 's' || c == 'S' {
		r, _ = classRanges("space", p.uni)
	} else {
		r, _ = classRanges("alnum", p.uni)
		r = append(r, '_', '_')
	}
	s := setOf(r)
	if p.fold {
		s = foldClosure(s, p.uni)
	}
	if c == 'S' || c == 'W' {
		s = s.complement(lastChar(p.uni))
	}
	return s
}

// bracketElem is one element of a bracket expression: a class
// [:name:], an equivalence class [=c=], a collating symbol [.c.] or a
// character c.
type bracketElem struct {
	class       string
	equiv, coll bool
	c           rune
}

// bracket reads a bracket expression whose '[' was just read, with
// glibc's errors and dfa.c's [:space:] check.
func (p *posixParser) bracket() (*charSet, error) {
	var ranges, upper []rune
	if p.pos >= len(p.src) {
		return nil, errBadPattern
	}
	invert := false
	if p.src[p.pos] == '^' {
		invert = true
		if p.pos++; p.pos >= len(p.src) {
			return nil, errBadPattern
		}
	}
	colon := 0 // dfa.c's colon_warning_state
	if p.pos < len(p.src) && p.src[p.pos] == ':' {
		colon = 1
	}
	first := true
	for {
		if p.pos >= len(p.src) {
			return nil, errBracket
		}
		if p.src[p.pos] == ']' && !first {
			p.pos++
			break
		}
		colon &^= 2
		start, err := p.element(first)
		if err != nil {
			return nil, err
		}
		first = false
		if start.class != "" {
			r, _ := classRanges(start.class, p.uni)
			ranges = append(ranges, r...)
			colon |= 8
			continue
		}
		if p.pos >= len(p.src) {
			return nil, errBracket
		}
		if start.equiv {
			ranges = append(ranges, start.c, start.c)
			colon |= 8
			continue
		}
		// A range, unless its '-' is the last member.
		if p.src[p.pos] == '-' && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			end, err := p.element(true)
			if err != nil {
				return nil, err
			}
			if end.class != "" || end.equiv {
				return nil, errRange
			}
			if p.uni && (start.c >= utf8.RuneSelf || end.c >= utf8.RuneSelf) {
				// C.UTF-8 has no collation order for glibc to
				// range by beyond ASCII.
				return nil, errCollation
			}
			lo, hi := start.c, end.c
			if p.fold {
				// glibc reads the pattern in upper case under -i.
				lo, hi = foldKey(lo, p.uni), foldKey(hi, p.uni)
			}
			if lo > hi {
				return nil, errRange
			}
			switch {
			case p.fold && p.uni:
				// The characters whose upper case is in the range
				// (glibc's; dfa.c leaves such a range to it).
				upper = append(upper, upperIn(lo, hi)...)
			case start.c <= end.c:
				// dfa.c's, in the C locale: the range's own
				// characters, folded below ([a-Z] under -i is
				// none of them).
				ranges = append(ranges, start.c, end.c)
			}
			colon |= 8
			continue
		}
		if p.src[p.pos] == '-' && p.pos+1 >= len(p.src) {
			return nil, errBracket
		}
		if start.c < invalidBase {
			// A byte that is not UTF-8 is a member that matches
			// nothing, as in glibc.
			ranges = append(ranges, start.c, start.c)
		}
		switch {
		case start.coll:
			colon |= 8
		case start.c == ':':
			colon |= 2
		default:
			colon |= 4
		}
	}
	if colon == 7 && p.late == nil {
		p.late = errColonClass
	}
	s := setOf(ranges)
	if p.fold {
		s = foldClosure(s, p.uni)
	}
	if len(upper) > 0 {
		s = setOf(append(flat(s.pairs()), upper...))
	}
	if invert {
		s = s.complement(lastChar(p.uni))
	}
	return s, nil
}

// upperIn returns, as flat [lo, hi] pairs, the characters whose upper
// case (foldKey under UTF-8) lies in [lo, hi], ASCII: those of ASCII,
// and ſ and ı, whose upper cases are S and I.
func upperIn(lo, hi rune) []rune {
	var out []rune
	for c := rune(0); c < utf8.RuneSelf; c++ {
		if k := foldKey(c, true); lo <= k && k <= hi {
			out = append(out, c, c)
		}
	}
	for _, c := range []rune{longS, dotlessI} {
		if k := foldKey(c, true); lo <= k && k <= hi {
			out = append(out, c, c)
		}
	}
	return out
}

// element reads one element of a bracket expression at src[pos]: a
// class, an equivalence class, a collating symbol or a character. A bare
// '-' is a character only where a range may not start (first, or last
// before the ']'), as glibc has it.
func (p *posixParser) element(first bool) (bracketElem, error) {
	src := p.src
	if src[p.pos] == '[' && p.pos+1 < len(src) && (src[p.pos+1] == ':' || src[p.pos+1] == '.' || src[p.pos+1] == '=') {
		delim := src[p.pos+1]
		i := p.pos + 2
		name := ""
		for {
			if i >= len(src) || i-(p.pos+2) >= 32 {
				return bracketElem{}, errBracket
			}
			if src[i] == delim && i+1 < len(src) && src[i+1] == ']' {
				name = src[p.pos+2 : i]
				break
			}
			if i+1 >= len(src) {
				return bracketElem{}, errBracket
			}
			i++
		}
		p.pos = i + 2
		if delim == ':' {
			class := name
			if p.fold && (name == "upper" || name == "lower") {
				class = "alpha"
			}
			if _, ok := classRanges(class, p.uni); !ok {
				return bracketElem{}, errClassName
			}
			return bracketElem{class: class}, nil
		}
		c, ok := p.collatingChar(name)
		if !ok {
			return bracketElem{}, errCollation
		}
		return bracketElem{equiv: delim == '=', coll: delim == '.', c: c}, nil
	}
	c, w := p.char(p.pos)
	if c == '-' && !first && (p.pos+1 >= len(src) || src[p.pos+1] != ']') {
		return bracketElem{}, errRange
	}
	p.pos += w
	return bracketElem{c: c}, nil
}

// collatingChar is the character a collating symbol or an equivalence
// class names: in the C and C.UTF-8 locales, a single character, beyond
// ASCII none under UTF-8 (C.UTF-8 has no collation elements there).
func (p *posixParser) collatingChar(name string) (rune, bool) {
	if len(name) != 1 {
		return 0, false
	}
	c := rune(name[0])
	if p.uni && c >= utf8.RuneSelf {
		return 0, false
	}
	return c, true
}
