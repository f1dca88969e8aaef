package match

import (
	"bytes"
	"errors"
	"regexp"
	"strings"

	"urg/match/backtrack"
	"urg/match/parsed"
	"urg/match/prefilter"
	"urg/match/regex"
)

// records is the Matcher of lines that end in NUL bytes (grep -z): a
// line may hold newlines, which are characters like any other to it. The
// patterns run as PCRE runs them on a whole subject: '.' does not match
// a newline, ^ and $ are the line's start and end, \s and [^a] match a
// newline. The automata of the other engines look for lines ended by
// newlines, so these lines go to the backtracking engine, behind the
// literals every match holds where the patterns give some.
type records struct {
	p    backtrack.Matcher
	pre  *prefilter.Literal
	none bool // no pattern: nothing matches
	// longest, for -G and -E, finds Each's matches leftmost-longest.
	longest *regexp.Regexp
	word    bool
	uni     bool
}

func (m *records) Engine() string { return "regexp2 over NUL-ended lines" }

func (m *records) MinLen() int { return 0 }

// Next finds the first NUL-ended line of text that holds a match.
func (m *records) Next(text []byte) (int, int, error) {
	if m.none {
		return -1, -1, nil
	}
	for at := 0; at <= len(text); {
		if m.pre != nil {
			// Only a line holding the literal can match: go to it.
			j := m.pre.Index(text[at:])
			if j < 0 {
				return -1, -1, nil
			}
			at = bytes.LastIndexByte(text[:at+j], 0) + 1
		}
		end := len(text)
		if i := bytes.IndexByte(text[at:], 0); i >= 0 {
			end = at + i
		}
		found := false
		err := m.p.Matches(text[at:end], 0, func(int, int) bool {
			found = true
			return false
		})
		if err != nil || found {
			return at, end, err
		}
		at = end + 1
	}
	return -1, -1, nil
}

// Each calls fn with the non-empty matches in line, a NUL-ended line
// without its NUL.
func (m *records) Each(line []byte, fn func(int, int)) error {
	if m.none {
		return nil
	}
	if m.longest != nil {
		return regex.EachBounded(m.longest, line, m.word, m.uni, m.p, fn)
	}
	return m.p.Each(line, fn)
}

// sources are the patterns, each line of each, translated as Compile
// translates them (parsePattern), for the engines that take the
// patterns' text whole rather than Compile's matchers.
func sources(patterns []string, o Options) ([]string, error) {
	if o.Syntax != Perl {
		return posixSources(patterns, o)
	}
	var srcs []string
	for i, text := range patterns {
		for _, line := range strings.Split(text, "\n") {
			p, err := parsePattern(i, line, o)
			if err != nil {
				return nil, err
			}
			srcs = append(srcs, p.src)
		}
	}
	return srcs, nil
}

// posixSources are sources for -G and -E: each pattern spelt in Perl
// syntax as compilePosix spells it for its line selection, and refused
// where that spelling is not exact (back-references, \< and \>), which
// only the POSIX engine of Compile decides.
func posixSources(patterns []string, o Options) ([]string, error) {
	pats, err := parseAllPosix(patterns, o)
	if err != nil {
		return nil, err
	}
	inner := o
	inner.Syntax, inner.Fixed = Perl, false
	var srcs []string
	for i, p := range pats {
		src, exact := p.PerlCapture(o.UTF8)
		if !exact {
			return nil, &PatternError{Index: min(i, len(patterns)-1), Pattern: patterns[min(i, len(patterns)-1)],
				Err: errors.New("back-references and word edges of -G and -E are not taken with -z, --multiline or --replace (write the pattern for -P)")}
		}
		pp, err := parsePattern(i, src, inner)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, pp.src)
	}
	return srcs, nil
}

// wholeSource is the patterns as one source, for the engines that take
// it whole (CompileRecords, CompileMultiline), -x's bounds begin and end
// around it; none when there is no pattern at all (-f /dev/null). o
// comes back with its defaults set.
func wholeSource(patterns []string, o Options, begin, end string) (src string, none bool, _ Options, err error) {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	srcs, err := sources(patterns, o)
	if err != nil || len(srcs) == 0 {
		return "", err == nil, o, err
	}
	src = parsed.Joined(srcs)
	if o.Line {
		src = begin + `(?:` + src + `)` + end
	}
	return src, false, o, nil
}
