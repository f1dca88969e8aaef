package match

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/dlclark/regexp2"

	"urg/match/backtrack"
	"urg/match/base"
)

// Replacer makes the text that --replace prints for a match: its template
// with $1, ${1}, $name and ${name} standing for the match's groups, $0
// for the whole match and $$ for a '$', as ripgrep's (and Go's Expand):
// a name is the longest run of letters, digits and '_' after the '$', and
// a group that does not exist, or took part in no match, is empty.
//
// The Matcher finds the matches; the Replacer only learns their groups,
// by matching each pattern, anchored at both ends, against the match's
// text. A pattern whose match depends on what lies around it (a
// lookaround, \b at the match's edge) may not match its text alone: the
// match then has $0 alone.
type Replacer struct {
	pats  []capturer
	parts []tmplPart
}

// tmplPart is a piece of the template: literal text, or a group by number
// (num >= 0) or by name.
type tmplPart struct {
	text string
	num  int
	name string
}

// capturer is one pattern, anchored, with the groups of a match.
type capturer interface {
	// groups returns the bounds of each group of a match of all of text
	// (-1 for one that took no part), or nil when text does not match.
	groups(text []byte) []int
	index(name string) int
}

// NewReplacer compiles the patterns as Compile does (with o) and the
// template.
func NewReplacer(patterns []string, o Options, template string) (*Replacer, error) {
	return newReplacer(patterns, o, template, "")
}

// NewMultilineReplacer is NewReplacer for --multiline's matches, which
// may span lines: ^ and $ match at each line's ends, and under DotAll '.'
// matches a newline, as in CompileMultiline.
func NewMultilineReplacer(patterns []string, o Options, template string) (*Replacer, error) {
	flags := "(?m)"
	if o.DotAll {
		flags = "(?ms)"
	}
	return newReplacer(patterns, o, template, flags)
}

// newReplacer is NewReplacer with flags set on each pattern.
func newReplacer(patterns []string, o Options, template, flags string) (*Replacer, error) {
	r := &Replacer{parts: parseTemplate(template)}
	srcs, err := sources(patterns, o)
	if err != nil {
		return nil, err
	}
	for _, src := range srcs {
		if flags != "" {
			src = `(?:` + flags + src + `)`
		}
		anchored := `^(?:` + src + `)$`
		if o.IgnoreCase {
			anchored = "(?i)" + anchored
		}
		if re, err := regexp.Compile(anchored); err == nil {
			r.pats = append(r.pats, goCapturer{re})
			continue
		}
		if re, err := backtrack.Compile(`^(?:`+src+`)$`, o); err == nil {
			r.pats = append(r.pats, pcreCapturer{re})
		}
	}
	return r, nil
}

// parseTemplate splits a template into its parts.
func parseTemplate(t string) []tmplPart {
	var parts []tmplPart
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, tmplPart{text: lit.String(), num: -2})
			lit.Reset()
		}
	}
	for i := 0; i < len(t); i++ {
		if t[i] != '$' || i+1 == len(t) {
			lit.WriteByte(t[i])
			continue
		}
		if t[i+1] == '$' {
			lit.WriteByte('$')
			i++
			continue
		}
		name, rest, ok := groupName(t[i+1:])
		if !ok {
			lit.WriteByte('$')
			continue
		}
		flush()
		p := tmplPart{num: -1, name: name}
		if n, err := strconv.Atoi(name); err == nil && n >= 0 {
			p.num, p.name = n, ""
		}
		parts = append(parts, p)
		i = len(t) - len(rest) - 1
	}
	flush()
	return parts
}

// groupName reads a group's name after a '$': {name} or the longest run
// of name bytes; ok is false when there is none.
func groupName(s string) (name, rest string, ok bool) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 2 {
			return "", s, false
		}
		return s[1:end], s[end+1:], true
	}
	n := 0
	for n < len(s) && (base.IsWord(s[n])) {
		n++
	}
	return s[:n], s[n:], n > 0
}

// Append appends to dst the replacement of the match line[s:e].
func (r *Replacer) Append(dst, line []byte, s, e int) []byte {
	text := line[s:e]
	var groups []int
	var pat capturer
	for _, c := range r.pats {
		if g := c.groups(text); g != nil {
			groups, pat = g, c
			break
		}
	}
	if groups == nil {
		groups = []int{0, len(text)}
	}
	for _, p := range r.parts {
		n := p.num
		switch {
		case n == -2:
			dst = append(dst, p.text...)
			continue
		case n == -1 && pat != nil:
			n = pat.index(p.name)
		}
		if n >= 0 && 2*n+1 < len(groups) && groups[2*n] >= 0 {
			dst = append(dst, text[groups[2*n]:groups[2*n+1]]...)
		}
	}
	return dst
}

type goCapturer struct{ re *regexp.Regexp }

func (c goCapturer) groups(text []byte) []int { return c.re.FindSubmatchIndex(text) }
func (c goCapturer) index(name string) int    { return c.re.SubexpIndex(name) }

type pcreCapturer struct{ re *regexp2.Regexp }

func (c pcreCapturer) groups(text []byte) []int {
	// regexp2 counts in runes; the bounds are turned back into bytes.
	str := string(text)
	m, err := c.re.FindStringMatch(str)
	if err != nil || m == nil {
		return nil
	}
	byteAt := backtrack.RuneStarts(str)
	gs := m.Groups()
	out := make([]int, 2*len(gs))
	for i := range out {
		out[i] = -1
	}
	for _, g := range gs {
		n := c.re.GroupNumberFromName(g.Name)
		if n < 0 || 2*n+1 >= len(out) || len(g.Captures) == 0 {
			continue
		}
		out[2*n], out[2*n+1] = byteAt[g.Index], byteAt[g.Index+g.Length]
	}
	return out
}

func (c pcreCapturer) index(name string) int { return c.re.GroupNumberFromName(name) }
