// Package match compiles grep patterns and finds matching lines in buffers
// of whole lines.
//
// The searcher hands a Matcher a block of many lines at once, so an engine
// scans the whole block for its next match instead of being called once per
// line; the line around a match is found afterwards. Compile picks the
// engines, in the order strategy.go reads from top to bottom, and wraps
// them (a split by the locale, a CR read as a line's end); the engines
// themselves are in the packages below this one (base, plain, prefilter,
// parsed, perl, automata, regex, several, records, multiline, posix,
// backtrack, around, aho, locale).
//
// Text is bytes, as in the C locale, unless Options.UTF8 says the locale's
// characters are UTF-8: then word characters and letters are Unicode's.
package match

import (
	"errors"
	"fmt"
	"regexp/syntax"
	"strings"

	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/locale"
	"urg/match/parsed"
	"urg/match/perl"
)

// Matcher finds matches in text made of whole lines (see base.Matcher).
type Matcher = base.Matcher

// Spanner is a Matcher whose matches may span lines (see base.Spanner).
type Spanner = base.Spanner

// Block is the bounds of the whole lines that the match text[s:e] spans,
// without the newline of the last (see base.Block).
func Block(text []byte, s, e int) (int, int) { return base.Block(text, s, e) }

// CleanNext returns m's Next for a search that must stop at binary data,
// when m's scan looks for NUL bytes in the same pass: clean says that
// text[:clean] holds none, and the caller looks at the rest itself. It
// returns nil for a matcher that cannot, whose text the caller must look
// at whole. One pass over memory instead of two: on a large cached file
// the second pass was a large share of a split search's time (see
// docs/decisions.md#matchcleannext-matchmatchgo).
func CleanNext(m Matcher) func(text []byte) (start, end, clean int, err error) {
	if c, ok := m.(base.CleanScanner); ok {
		return c.CleanNext()
	}
	return nil
}

// Options are the grep flags that change what a pattern matches (see
// base.Options).
type Options = base.Options

// Syntax is the syntax patterns are written in (see base.Syntax).
type Syntax = base.Syntax

// The syntaxes (see base.Perl, base.Extended, base.Basic).
const (
	Perl     = base.Perl
	Extended = base.Extended
	Basic    = base.Basic
)

// DefaultTimeout bounds one backtracking match, so that a catastrophic
// pattern costs a reported error on one file instead of a hung search.
const DefaultTimeout = base.DefaultTimeout

// ErrTimeout is returned (wrapped) when a backtracking match runs past its
// time limit.
var ErrTimeout = base.ErrTimeout

// PatternError is the error Compile returns for a pattern that does not
// compile. Its message is grep's: invalid pattern "PATTERN": why.
type PatternError struct {
	// Index is the position of the pattern in the slice given to Compile
	// (before a pattern holding newlines is split into several).
	Index int
	// Pattern is what failed: the pattern, or the line of it that did
	// when it holds newlines.
	Pattern string
	Err     error
	// bare: the message is the parser's alone, as GNU grep gives it
	// for the POSIX syntaxes (glibc's "Unmatched ( or \(").
	bare bool
}

// Error is grep's message for the pattern.
func (e *PatternError) Error() string {
	if e.bare {
		return e.Err.Error()
	}
	p := e.Pattern
	if len(p) > shownPattern {
		p = p[:shownPattern] + "..." // a pattern of a megabyte is no message
	}
	return fmt.Sprintf("invalid pattern %q: %v", p, e.Err)
}

// shownPattern is how many bytes of a pattern its error quotes.
const shownPattern = 200

// Unwrap returns the parser's error.
func (e *PatternError) Unwrap() error { return e.Err }

// pattern is one pattern given to Compile (one line of one, when it holds
// newlines), translated and checked.
type pattern struct {
	index int    // in the patterns given to Compile
	text  string // as given
	src   string // translated (see translate): what both engines read
	// tree is Go's parse of src; nil when only the backtracking engine
	// reads it. Fresh: whoever rewrites it must parse src again.
	tree *syntax.Regexp
	// rewritten: under UTF8, src is not what the C locale translates
	// text to.
	rewritten bool
}

// parsePattern translates text (under -F, quotes it) and checks that one of
// the engines takes it alone.
func parsePattern(index int, text string, o Options) (pattern, error) {
	p := pattern{index: index, text: text}
	if o.Fixed {
		p.src = perl.QuoteMeta(text)
	} else if src, err := perl.Translate(text, o.UTF8); err != nil {
		return p, p.fail(err)
	} else {
		p.src = src
		if o.UTF8 {
			c, err := perl.Translate(text, false)
			p.rewritten = err != nil || c != src
		}
	}
	if !o.UTF8 && !o.ASCIILines {
		// The C locale reads the pattern's bytes as bytes (see
		// localeExact); a character beyond ASCII that is no byte's can
		// only come from an escape.
		p.src = locale.ByteEscaped(p.src)
	}
	tree, err := syntax.Parse(p.src, syntaxFlags(o))
	if err == nil && !o.UTF8 && !o.ASCIILines && locale.WideLiteral(tree) {
		return p, p.fail(errors.New(`character code point value in \x{} or \o{} is too large`))
	}
	if err == nil {
		p.tree = tree
		return p, nil
	}
	// RE2 refused it; the backtracking engine may still take it. It is
	// checked bare: -w and -x put it in a group, where a stray ')' of its
	// own would close that group.
	if _, err2 := backtrack.Compile(p.src, o); err2 != nil {
		return p, p.fail(describe(err, err2))
	}
	return p, nil
}

// fail is err as the error of p.
func (p pattern) fail(err error) error {
	return &PatternError{Index: p.index, Pattern: p.text, Err: err}
}

// syntaxFlags are the parser's flags for o (parsed.Flags).
func syntaxFlags(o Options) syntax.Flags { return parsed.Flags(o) }

// describe picks the more helpful of the two parsers' errors: RE2's names the
// construct it lacks, regexp2's explains real syntax errors.
func describe(re2, pcre error) error {
	var se *syntax.Error
	if errors.As(re2, &se) && (se.Code == syntax.ErrInvalidPerlOp || se.Code == syntax.ErrInvalidEscape) {
		return pcre // (?x), \1 and the like, which RE2 lacks
	}
	if q, ok := possessive(se); ok {
		return fmt.Errorf("possessive quantifiers (%s) are not supported: an atomic group, (?>X%s), matches the same", q, q[:len(q)-1])
	}
	return re2
}

// possessive says whether se is RE2's refusal of a possessive quantifier
// (a++, a*+, a?+, a{2,}+), which it reads as one repetition of another,
// and gives the quantifier.
func possessive(se *syntax.Error) (string, bool) {
	if se == nil || se.Code != syntax.ErrInvalidRepeatOp || len(se.Expr) < 2 || !strings.HasSuffix(se.Expr, "+") {
		return "", false
	}
	q := se.Expr[:len(se.Expr)-1]
	return se.Expr, q == "*" || q == "+" || q == "?" || q[0] == '{'
}
