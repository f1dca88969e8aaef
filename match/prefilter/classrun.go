package prefilter

import (
	"math"
	"regexp/syntax"
	"unicode/utf8"
)

// ClassRun is what a pattern without a literal may still require: a run of
// at least n bytes in a class. `\b[A-Z][A-Z0-9_]{15,}\b` holds 16 bytes of
// [A-Z0-9_] in a row, and `[0-9a-f]{32}` 32 of [0-9a-f]; scanning for such
// runs, a byte at a time through a table, passes over most lines without
// Go's regexp, which with no literal to skip to runs its NFA over every
// byte, far slower than such a loop (see
// docs/decisions.md#classrun-the-scan-for-a-run-of-class-bytes-matchprefilterclassrungo).
type ClassRun struct {
	in [256]bool
	n  int
	// Exact: the pattern is the run and nothing else (`\w{20,}`), so a
	// line that holds it matches, and it is scanned for however common
	// its bytes are: the loop costs a tenth of Go's NFA.
	Exact bool
}

// ExactRun returns the ClassRun re is when re is one class repeated (and
// concatenated: Simplify writes x{3,} as xx(x+)) at least twice, without
// anchors, or nil. (Once is anyByte's.)
func ExactRun(re *syntax.Regexp) *ClassRun {
	r := &ClassRun{Exact: true}
	for i, part := range flatConcat(nil, re) {
		var in [256]bool
		min, _, ok := ClassRepeat(&in, part)
		if !ok || i > 0 && in != r.in {
			return nil
		}
		r.in, r.n = in, r.n+min
	}
	if r.n < 2 || r.in['\n'] {
		return nil
	}
	return r
}

// NewClassRun returns the run every match of re holds, taken from the
// consecutive parts of its top concatenation that match bytes of classes
// only; nil when there is none rare enough to be worth scanning for.
func NewClassRun(re *syntax.Regexp) *ClassRun {
	parts := flatConcat(nil, re)
	var best *ClassRun
	bestP := 1e-3 // a run likelier than this at a byte is not worth it
	cur := &ClassRun{}
	var same *ClassRun // the parts of one class that cur ends with
	consider := func(r *ClassRun) {
		if p := r.likelihood(); r.n > 0 && p < bestP {
			best, bestP = r, p
		}
	}
	for _, part := range parts {
		switch part.Op {
		case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
			syntax.OpWordBoundary, syntax.OpNoWordBoundary:
			continue // they consume nothing: the run goes on across them
		}
		if !cur.add(part) {
			consider(cur)
			cur, same = &ClassRun{}, nil
			continue
		}
		// Parts in a row of one class may be rarer than the run they
		// join, whose class is the union of all: [0-9]{3} in
		// [a-z]{3}[0-9]{3}, where six bytes of [a-z0-9] are most
		// identifiers.
		one := &ClassRun{}
		one.add(part)
		if same != nil && same.in == one.in {
			one.n += same.n
		}
		same = one
		consider(one)
	}
	consider(cur)
	return best
}

// flatConcat appends to parts the pieces re matches one after the other:
// nested concatenations (Simplify writes x{3,} as xx(x+)) and groups
// opened up.
func flatConcat(parts []*syntax.Regexp, re *syntax.Regexp) []*syntax.Regexp {
	switch re.Op {
	case syntax.OpCapture:
		return flatConcat(parts, re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			parts = flatConcat(parts, sub)
		}
		return parts
	}
	return append(parts, re)
}

// Len is how many bytes of the class the run holds.
func (r *ClassRun) Len() int { return r.n }

// add extends the run by part when part matches bytes of a class only, at
// least min of them; it reports whether it did.
func (r *ClassRun) add(part *syntax.Regexp) bool {
	if part.Op == syntax.OpLiteral && len(part.Rune) > 1 {
		if part.Flags&syntax.FoldCase != 0 {
			return false
		}
		for _, c := range part.Rune {
			if c >= utf8.RuneSelf {
				return false
			}
		}
		for _, c := range part.Rune {
			r.in[c] = true
		}
		r.n += len(part.Rune)
		return true
	}
	min, _, ok := ClassRepeat(&r.in, part)
	if ok {
		r.n += min
	}
	return ok
}

// likelihood is roughly how likely a run starts at a given byte of source
// code or text: the class's share of such bytes to the power n.
func (r *ClassRun) likelihood() float64 {
	var p float64
	for c, in := range r.in {
		if in {
			p += ByteShare(byte(c))
		}
	}
	return math.Pow(min(p, 1), float64(r.n))
}

// ByteShare is a rough share of byte c in source code and text.
func ByteShare(c byte) float64 {
	switch {
	case 'a' <= c && c <= 'z':
		return 0.025
	case 'A' <= c && c <= 'Z':
		return 0.006
	case '0' <= c && c <= '9':
		return 0.008
	case c == ' ':
		return 0.15
	case c == '\t':
		return 0.04
	case c == '\n':
		return 0.03
	case c < 0x80:
		return 0.006
	}
	return 0.002
}

// Index returns where in text the first run of n class bytes ends (the
// offset of its last byte), or -1. Each window of n bytes is read from
// its end back: a byte outside the class rules out every window holding
// it, so the next starts past it, and the bytes read before are not read
// again. A rare run of 32 hex digits is found reading a fraction of the
// bytes; a byte-by-byte count read them all.
func (r *ClassRun) Index(text []byte) int {
	n := r.n
	i, k := 0, 0 // the window starts at i; text[i:k] is in the class
	for i+n <= len(text) {
		j := i + n - 1
		for j >= k && r.in[text[j]] {
			j--
		}
		if j < k {
			return i + n - 1
		}
		i, k = j+1, i+n
	}
	return -1
}
