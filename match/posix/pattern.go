// Package posix reads -G and -E patterns as GNU grep reads them (its
// lexer's meanings, glibc's error messages and grep's warnings), spells
// them again in Perl syntax for the faster engines of package match to
// select lines with, and runs POSIX engines of its own (a Pike VM, and a
// backtracker for back-references) where that spelling is looser than
// the pattern or leftmost-longest matches are wanted.
package posix

// Pattern is one line of a -G or -E pattern, parsed.
type Pattern struct {
	node *pnode
	// Warnings are grep's about the pattern before it compiles it: under
	// -E, an operator that follows no atom ("* at start of expression").
	Warnings []string
	// Late is dfa.c's error, which grep gives after the warnings; nil
	// when there is none.
	Late error
	// Groups is how many groups the pattern opens.
	Groups int
}

// Parse parses line in the basic syntax (-G) when basic, else the
// extended (-E); uni is the UTF-8 locale, fold -i, and groups the number
// of groups the lines before it opened (a back-reference names one of its
// own). collation is the locale's collation (a BCP 47 tag), "" for none
// (C, POSIX, C.UTF-8: code point order), which equivalence classes
// follow. Its error is glibc's.
func Parse(line string, basic, uni, fold bool, groups int, collation string) (*Pattern, error) {
	parser := newParser(line, basic, uni, fold)
	if uni {
		parser.collation = collation
	}
	n, p, err := parseWith(parser, groups)
	if err != nil {
		return nil, err
	}
	return &Pattern{node: n, Warnings: p.warnings, Late: p.late, Groups: p.groups}, nil
}

// Perl spells the pattern in Perl syntax; exact says its matches are the
// pattern's. Under relax every count becomes a * or a +: a looser
// spelling, for a pattern whose exact one is too large for Go's regexp.
func (p *Pattern) Perl(uni, relax bool) (src string, exact bool) {
	return emitPosix(p.node, uni, relax)
}

// PerlCapture is Perl with the pattern's groups kept as numbered groups,
// for a replacement that names them.
func (p *Pattern) PerlCapture(uni bool) (src string, exact bool) {
	return emitPosixAs(&emitter{uni: uni, exact: true, capture: true, groups: map[int]*pnode{}}, p.node)
}

// Rigid says every match of the pattern has one length in characters: its
// leftmost-first and leftmost-longest matches are then the same.
func (p *Pattern) Rigid() bool { return fixedLen(p.node) >= 0 }
