package posix

import (
	"errors"
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
	// errDeep is grep's word for a pattern nested past what its
	// parser's stack holds.
	errDeep = errors.New("stack overflow")
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
	// collation is the locale's collation, whose equivalence classes
	// [=c=] follow (see equivalents); "" for code point order.
	collation string
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
	// nest is how many groups the parse is inside of, bounded by
	// maxNest: each is a level of the parse's recursion, and of every
	// walk over the tree after it.
	nest int
}

// maxNest is how deep groups may nest: far past any pattern written by
// hand, and well inside the stack.
const maxNest = 10000

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
	return parseWith(newParser(src, basic, uni, fold), groups)
}

// newParser is the parser of src, before its first token.
func newParser(src string, basic, uni, fold bool) *posixParser {
	return &posixParser{src: src, basic: basic, uni: uni, fold: fold, lasttok: tEnd, laststart: true, gstart: true, completed: map[int]bool{}}
}

// parseWith is parsePosix with the parser p.
func parseWith(p *posixParser, groups int) (n *pnode, _ *posixParser, err error) {
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
		if p.nest++; p.nest > maxNest {
			return nil, errDeep
		}
		p.groups++
		g := p.groups
		if err := p.next(); err != nil {
			return nil, err
		}
		sub, err := p.regexp()
		if err != nil {
			return nil, err
		}
		p.nest--
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
