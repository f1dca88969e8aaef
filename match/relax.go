package match

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"urg/match/parsed"
	"urg/match/prefilter"
)

// relax rewrites a pattern that only the backtracking engine can run into
// one that Go's parser reads and that matches every line the pattern
// matches, and maybe more: lookaround assertions, conditions' tests and
// comments are dropped, backreferences match anything (here: the empty
// string), atomic groups and possessive quantifiers become plain ones. A
// literal every match of the relaxed pattern contains is then in every
// match of the pattern itself, so the backtracking engine can be kept for
// the lines where that literal is (`\w+(?=Error\()` scans for `Error(`).
// ok is false where the pattern is beyond this rewriting (conditionals).
//
// A positive lookaround at the top of a pattern without alternatives there
// must match in every line the pattern matches, though not in the match:
// its body is returned in lookaround, relaxed too, for its literals
// (`\w+(?=Error\()` has `Error(` only there).
func relax(src string) (main string, lookaround []string, ok bool) {
	r := &relaxer{src: src}
	for i := 0; i < len(src); i++ {
		if i, ok = r.step(i); !ok {
			return "", nil, false
		}
	}
	if r.alternatives {
		r.lookaround = nil
	}
	return r.b.String(), r.lookaround, true
}

// relaxer is relax's state as it walks a pattern: what it has written,
// and what decides whether a lookaround's body must match (the group
// depth, alternatives at the top) and what a '+' or '?' means (right
// after a quantifier, possessive or lazy).
type relaxer struct {
	src          string
	b            strings.Builder
	quantified   bool // the last thing written was a quantifier
	depth        int
	alternatives bool // a '|' outside every group
	lookaround   []string
}

// step relaxes the token that starts at src[i] and returns the offset of
// its last byte; ok is false where the pattern is beyond relaxing.
func (r *relaxer) step(i int) (int, bool) {
	src := r.src
	c := src[i]
	wasQuantifier := r.quantified
	r.quantified = false
	switch {
	case c == '\\' && i+1 < len(src):
		return r.escape(i)
	case c == '[':
		// Copied whole: inside, '(' and the quantifiers are literals.
		end := classEnd(src, i)
		if end < 0 {
			return 0, false
		}
		r.b.WriteString(src[i : end+1])
		return end, true
	case c == '(' && strings.HasPrefix(src[i:], "(?"):
		return r.group(i)
	case c == '(':
		r.b.WriteByte(c)
		r.depth++
	case c == ')':
		r.b.WriteByte(c)
		r.depth--
		r.quantified = false
	case c == '|':
		r.b.WriteByte(c)
		if r.depth == 0 {
			r.alternatives = true
		}
	case (c == '+' || c == '?') && wasQuantifier:
		if c == '?' {
			r.b.WriteByte(c) // lazy
		} // else possessive: the same matches, fewer ways to reach them
	case c == '*' || c == '+' || c == '?':
		r.b.WriteByte(c)
		r.quantified = true
	case c == '{':
		end := strings.IndexByte(src[i:], '}')
		if end > 0 && isCount(src[i+1:i+end]) {
			r.b.WriteString(src[i : i+end+1])
			r.quantified = true
			return i + end, true
		}
		r.b.WriteByte(c)
	default:
		r.b.WriteByte(c)
	}
	return i, true
}

// escape relaxes the escape whose backslash is at src[i] and returns the
// offset of its last byte. Backreferences, which Go's parser lacks, match
// the empty string, which matches wherever they do; ok is false for a
// named one left unclosed.
func (r *relaxer) escape(i int) (int, bool) {
	src := r.src
	e := src[i+1]
	switch {
	case '1' <= e && e <= '9':
		j := i + 2
		for j < len(src) && '0' <= src[j] && src[j] <= '9' {
			j++
		}
		r.b.WriteString("(?:)")
		return j - 1, true
	case e == 'k' && i+2 < len(src) && strings.IndexByte("<{'", src[i+2]) >= 0:
		end := strings.IndexByte(src[i+3:], map[byte]byte{'<': '>', '{': '}', '\'': '\''}[src[i+2]])
		if end < 0 {
			return 0, false
		}
		r.b.WriteString("(?:)")
		return i + 3 + end, true
	case e == 'Z':
		return i + 1, true // before a final newline, which a line does not have: as $, or nothing
	}
	r.b.WriteString(src[i : i+2])
	return i + 1, true
}

// group relaxes the "(?" at src[i] and returns the offset of the last
// byte it used: lookarounds and comments are dropped (see assertion),
// atomic groups and branch resets become plain groups, which match the
// same lines, and other groups, with their flags or names, stay. ok is
// false for a conditional, whose test cannot be dropped so.
func (r *relaxer) group(i int) (int, bool) {
	src := r.src
	rest := src[i+2:]
	switch {
	case strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
		strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"),
		strings.HasPrefix(rest, "#"):
		return r.assertion(i)
	case strings.HasPrefix(rest, ">"), strings.HasPrefix(rest, "|"):
		r.b.WriteString("(?:")
		r.depth++
		return i + 2, true
	case strings.HasPrefix(rest, "'"):
		end := strings.IndexByte(rest[1:], '\'')
		if end < 0 {
			return 0, false
		}
		r.b.WriteString("(?:")
		r.depth++
		return i + 2 + 1 + end, true
	case strings.HasPrefix(rest, "("):
		return 0, false // a conditional
	}
	r.b.WriteString("(?")
	r.depth++
	return i + 1, true
}

// assertion drops the lookaround or comment that opens at src[i], with
// any quantifier on it, and returns the offset of the last byte it used.
// The body of a positive one at the top, which no quantifier makes
// optional, is kept in lookaround: it must match in every line the
// pattern matches, so its literals can select lines too.
func (r *relaxer) assertion(i int) (int, bool) {
	src := r.src
	rest := src[i+2:]
	end := groupEnd(src, i)
	if end < 0 {
		return 0, false
	}
	body := src[i+2 : end]
	positive := rest[0] == '=' || strings.HasPrefix(rest, "<=")
	if strings.HasPrefix(rest, "<") {
		body = body[2:]
	} else {
		body = body[1:]
	}
	i = end
	// A quantifier on an assertion applies to nothing now,
	// and may make it optional.
	required := r.depth == 0 && positive
	for i+1 < len(src) && strings.IndexByte("*+?", src[i+1]) >= 0 {
		i++
		required = false
	}
	if i+1 < len(src) && src[i+1] == '{' {
		if j := strings.IndexByte(src[i+1:], '}'); j >= 0 && isCount(src[i+2:i+1+j]) {
			i += j + 1
			required = false
		}
	}
	if required {
		r.lookaround = append(r.lookaround, body)
	}
	return i, true
}

// isCount reports whether s is what lies between the braces of a counted
// repetition: n, n, or n,m.
func isCount(s string) bool {
	lo, hi, comma := s, "", false
	if j := strings.IndexByte(s, ','); j >= 0 {
		lo, hi, comma = s[:j], s[j+1:], true
	}
	digits := func(t string) bool {
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return false
			}
		}
		return true
	}
	return lo != "" && digits(lo) && digits(hi) && (comma || hi == "")
}

// classEnd returns the index of the ']' that closes the class opened at
// src[i], or -1.
func classEnd(src string, i int) int {
	j := i + 1
	if j < len(src) && src[j] == '^' {
		j++
	}
	if j < len(src) && src[j] == ']' {
		j++ // a ']' first is a literal
	}
	for ; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '[':
			if j+1 < len(src) && src[j+1] == ':' {
				if k := strings.Index(src[j:], ":]"); k >= 0 {
					j += k + 1
				}
			}
		case ']':
			return j
		}
	}
	return -1
}

// groupEnd returns the index of the ')' that closes the group opened at
// src[i], or -1.
func groupEnd(src string, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '[':
			if j = classEnd(src, j); j < 0 {
				return -1
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// relaxedPrefilter returns the literal prefilters for a pattern the
// backtracking engine runs: one literal every match holds, or a few one of
// which every match holds, or neither when the pattern has none to give.
func relaxedPrefilter(src string, o Options) (*prefilter.Literal, []*prefilter.Literal) {
	main, lookaround, ok := relax(src)
	if !ok {
		return nil, nil
	}
	flags := syntaxFlags(o)
	parse := func(s string) *syntax.Regexp {
		tree, _ := parsed.LineTree(s, flags)
		return tree
	}
	tree := parse(main)
	if tree == nil {
		return nil, nil
	}
	best := parsed.RequiredLiteral(tree)
	for _, body := range lookaround {
		// The body is relaxed on its own: it may hold lookarounds too.
		if r, _, ok := relax(body); ok {
			if t := parse(r); t != nil {
				best = best.Better(parsed.RequiredLiteral(t))
			}
		}
	}
	if !o.UTF8 {
		toBytes(&best)
	}
	if best.Useful() {
		best.Prepare()
		return &best, nil
	}
	any := parsed.AlternationLiterals(tree)
	if !o.UTF8 {
		for _, p := range any {
			toBytes(p)
			p.Prepare()
		}
	}
	return nil, any
}

// relaxedRegex returns Go's regexp for src relaxed, with every fast path
// of its own, to select the lines that the backtracking engine then
// decides: `\b[A-Z][A-Z0-9_]{15,}\b` under UTF8, where \b is spelt with
// lookarounds, selects them by a run of 16 bytes of [A-Z0-9_]. Only
// under UTF8 and without -i, where both engines read the same characters
// and fold none of them: in the C locale regexp2 reads bytes, which Go's
// `.` and non-ASCII classes do not, and under -i regexp2 folds letters
// beyond ASCII that asciiFold keeps apart. -w and -x are left out, which
// can only select more lines. nil when it cannot be had or would select
// every line.
func relaxedRegex(src string, o Options) Matcher {
	if !o.UTF8 || o.IgnoreCase {
		return nil
	}
	main, _, ok := relax(src)
	if !ok {
		return nil
	}
	o.Word, o.Line = false, false
	tree, err := syntax.Parse(main, syntaxFlags(o))
	if err != nil || folds(tree) || !invalidAsFFFD(tree) {
		return nil // (?i) in the pattern, or [^\x{FFFD}]
	}
	m, err := newRegex(tree, o)
	if err != nil || m.MinLen() == 0 {
		return nil
	}
	return m
}

// invalidAsFFFD reports whether each class of re that holds a rune regexp2
// reads a byte that is not UTF-8 as (see invalidRune) holds U+FFFD, which
// Go's regexp reads it as: then Go's regexp matches every such byte that
// regexp2 does (and maybe more, in `\x{FFFD}`).
func invalidAsFFFD(re *syntax.Regexp) bool {
	if re.Op == syntax.OpCharClass && !parsed.ClassHas(re.Rune, utf8.RuneError) {
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= invalidRune(0xff) && re.Rune[i+1] >= invalidRune(0x80) {
				return false
			}
		}
	}
	for _, sub := range re.Sub {
		if !invalidAsFFFD(sub) {
			return false
		}
	}
	return true
}

// folds reports whether some part of re matches case-insensitively.
func folds(re *syntax.Regexp) bool {
	if re.Flags&syntax.FoldCase != 0 {
		return true
	}
	for _, sub := range re.Sub {
		if folds(sub) {
			return true
		}
	}
	return false
}

// edgeLookarounds rewrites a pattern whose only lookarounds are a positive
// lookbehind at its very start and a positive lookahead at its very end
// into one without them that selects the same lines: A(?=B) matches in a
// line exactly where AB does, and (?<=B)A where BA does (the matches
// differ, the lines do not). So `\w+(?=Error\()` selects lines at the
// speed of `\w+Error\(`, and the backtracking engine is left only the
// matches of the lines selected, for -o. ok is false for any other shape,
// and for a pattern with alternatives outside every group.
func edgeLookarounds(src string) (string, bool) {
	type group struct{ from, to int }
	var top []group
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			if i = classEnd(src, i); i < 0 {
				return "", false
			}
		case '(':
			end := groupEnd(src, i)
			if end < 0 {
				return "", false
			}
			top = append(top, group{i, end})
			i = end
		case '|':
			return "", false
		}
	}
	if len(top) == 0 {
		return "", false
	}
	body, rest := "", src
	changed := false
	if g := top[0]; g.from == 0 && strings.HasPrefix(src, "(?<=") && !quantifiedAt(src, g.to+1) {
		body = "(?:" + src[4:g.to] + ")"
		rest = src[g.to+1:]
		changed = true
	}
	if g := top[len(top)-1]; g.to == len(src)-1 && strings.HasPrefix(src[g.from:], "(?=") && len(src)-len(rest) <= g.from {
		from := g.from - (len(src) - len(rest))
		rest = rest[:from] + "(?:" + src[g.from+3:g.to] + ")"
		changed = true
	}
	return body + rest, changed
}

// quantifiedAt reports whether a quantifier starts at src[i].
func quantifiedAt(src string, i int) bool {
	return i < len(src) && strings.IndexByte("*+?{", src[i]) >= 0
}

// asciiOnly reports whether re can match ASCII bytes only, so that Go's
// view of text as UTF-8 and the backtracking engine's view of it as bytes
// find the same matches.
func asciiOnly(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return false
			}
		}
	case syntax.OpCharClass:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return false
			}
		}
	}
	for _, sub := range re.Sub {
		if !asciiOnly(sub) {
			return false
		}
	}
	return true
}

// lookaroundEdges selects lines with the regex edgeLookarounds made of a
// pattern, and leaves the matches in them (for -o) to the backtracking
// engine, which runs the pattern itself.
type lookaroundEdges struct {
	Matcher       // selects the lines
	each    *pcre // finds the matches
}

func (m *lookaroundEdges) Each(line []byte, fn func(int, int)) error { return m.each.Each(line, fn) }

func (m *lookaroundEdges) Engine() string { return m.Matcher.Engine() + " (regexp2 for -o)" }

// newLookaroundEdges returns the matcher for src when edgeLookarounds can
// rewrite it and the rewritten pattern matches ASCII only; nil otherwise.
func newLookaroundEdges(src string, flags syntax.Flags, o Options) Matcher {
	if o.Word || o.Line {
		return nil // the bounds would apply to the lookaround's text too
	}
	r, ok := edgeLookarounds(src)
	if !ok {
		return nil
	}
	check, err := parsed.LineTree(r, flags)
	if err != nil || !asciiOnly(check) {
		return nil
	}
	// newRegex rewrites the tree it is given itself, from a fresh parse.
	tree, err := syntax.Parse(r, flags)
	if err != nil {
		return nil
	}
	sel, err := newRegex(tree, o)
	if err != nil {
		return nil
	}
	each, err := newPCRE(src, o)
	if err != nil {
		return nil
	}
	return &lookaroundEdges{Matcher: sel, each: each}
}
