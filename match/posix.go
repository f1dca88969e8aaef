package match

import (
	"errors"
	"strings"

	"urg/match/posix"
)

// compilePosix is Compile for the POSIX syntaxes, as GNU grep 3.8 reads
// them: its lexer's meaning, glibc's error messages, and POSIX's
// leftmost-longest matches for Each.
//
// Each pattern is parsed (posix.Parse) and spelt again in Perl syntax
// (Pattern.Perl), which the rest of the package compiles: its fast
// engines select the lines. Where that spelling is looser than the
// pattern, or Go's reading of -w's words is not grep's, a POSIX engine
// of its own confirms each line selected (posix.NewMatcher), and it finds
// the matches that Each gives, leftmost-longest, which the package's
// engines do not (they find leftmost-first); but where every match of a
// pattern has one length in characters, the two are the same and the
// Perl spelling's matcher serves alone.
func compilePosix(patterns []string, o Options) (Matcher, error) {
	pats, err := parseAllPosix(patterns, o)
	if err != nil {
		return nil, err
	}
	var srcs []string
	exact, rigid := true, true
	for _, p := range pats {
		src, ex := p.Perl(o.UTF8, false)
		srcs = append(srcs, src)
		exact = exact && ex
		rigid = rigid && p.Rigid()
	}
	word := o.Word && !o.Line
	inner := o
	inner.Syntax, inner.Fixed, inner.IgnoreCase = Perl, false, false
	// -w: in the C locale the Perl path's words are grep's, and so are
	// the lines it selects: any with a match that no word character
	// touches, which grep's dfa.c finds (the pattern it runs for -w is
	// such a match between non-word characters). Under UTF-8 (and with
	// back-references) grep's regex loop decides the lines instead, by
	// glibc's words (see isPosixWord), which the Perl path's are not:
	// the lines are selected unbounded, then confirmed (see find).
	inner.Word = word && !o.UTF8
	if word && o.UTF8 {
		exact = false
	}
	sel, err := Compile(srcs, inner)
	if err != nil {
		// Too large for Go's regexp, spelt out: spelt looser, every
		// count a * or a +, or else no spelling at all, and the POSIX
		// engine decides every line.
		exact = false
		srcs = srcs[:0]
		for _, p := range pats {
			src, _ := p.Perl(o.UTF8, true)
			srcs = append(srcs, src)
		}
		if sel, err = Compile(srcs, inner); err != nil {
			sel = nil
		}
	}
	if len(pats) == 0 || sel != nil && exact && rigid {
		return sel, nil
	}
	m, err := posix.NewMatcher(pats, sel, exact, word, o.Line, o.UTF8, o.IgnoreCase)
	if err != nil {
		return nil, &PatternError{Index: 0, Pattern: patterns[0], Err: err, bare: true}
	}
	return m, nil
}

// parseAllPosix parses the lines of the patterns. Its error is, as grep
// gives them, glibc's for every pattern it finds one in (several
// joined), else dfa.c's first.
func parseAllPosix(patterns []string, o Options) ([]*posix.Pattern, error) {
	var out []*posix.Pattern
	var errs []error
	groups := 0
	for i, text := range patterns {
		for _, line := range strings.Split(text, "\n") {
			p, err := posix.Parse(line, o.Syntax == Basic, o.UTF8, o.IgnoreCase, groups, o.Collation)
			if err != nil {
				errs = append(errs, &PatternError{Index: i, Pattern: line, Err: err, bare: true})
				continue
			}
			if p.Late != nil {
				p.Late = &PatternError{Index: i, Pattern: line, Err: p.Late, bare: true}
			}
			out = append(out, p)
			groups += p.Groups
		}
	}
	switch len(errs) {
	case 0:
	case 1:
		return nil, errs[0]
	default:
		return nil, errors.Join(errs...)
	}
	for _, p := range out {
		if p.Late != nil {
			return out, p.Late
		}
	}
	return out, nil
}

// Warnings returns the warnings GNU grep gives about the patterns before
// it compiles them: under -E, an operator that follows no atom ("* at
// start of expression"), which repeats the empty string. None for a
// pattern that does not compile, past dfa.c's error if there is one, or
// in the Perl syntax.
func Warnings(patterns []string, o Options) []string {
	if o.Syntax == Perl || o.Fixed {
		return nil
	}
	pats, _ := parseAllPosix(patterns, o) // nil after glibc's errors
	var out []string
	for _, p := range pats {
		out = append(out, p.Warnings...)
		if p.Late != nil {
			break
		}
	}
	return out
}
