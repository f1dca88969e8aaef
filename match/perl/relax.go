package perl

import "strings"

// Relax rewrites a pattern that only the backtracking engine can run into
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
func Relax(src string) (main string, lookaround []string, ok bool) {
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

// relaxer is Relax's state as it walks a pattern: what it has written,
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

// EdgeLookarounds rewrites a pattern whose only lookarounds are a positive
// lookbehind at its very start and a positive lookahead at its very end
// into one without them that selects the same lines: A(?=B) matches in a
// line exactly where AB does, and (?<=B)A where BA does (the matches
// differ, the lines do not). So `\w+(?=Error\()` selects lines at the
// speed of `\w+Error\(`, and the backtracking engine is left only the
// matches of the lines selected, for -o. ok is false for any other shape,
// and for a pattern with alternatives outside every group.
func EdgeLookarounds(src string) (string, bool) {
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
