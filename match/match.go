// Package match compiles grep patterns and finds matching lines in buffers
// of whole lines.
//
// The searcher hands a Matcher a block of many lines at once, so an engine
// scans the whole block for its next match instead of being called once per
// line; the line around a match is found afterwards. Compile picks the engine
// from the pattern: a plain literal goes to bytes.Index, a pattern that RE2
// can run goes to Go's regexp (behind a required-literal prefilter where the
// pattern has one), and a pattern that needs backtracking features
// (lookaround, backreferences, atomic groups, possessive quantifiers) goes to
// regexp2 with a match-time limit.
package match

import (
	"errors"
	"fmt"
	"regexp/syntax"
	"strings"
	"time"
)

// Matcher finds matches in text made of whole lines.
//
// The text passed to Next holds lines separated by '\n' and carries no
// trailing newline; an empty text is a single empty line. No match reported
// by a Matcher spans a newline.
type Matcher interface {
	// Next returns the bounds [start, end) of the first line of text that
	// holds a match, end excluding the newline. start is -1 when no line
	// matches.
	Next(text []byte) (start, end int, err error)
	// Each calls fn with the bounds of every non-empty match in line, left
	// to right, as grep -o prints them. line holds no newline.
	Each(line []byte, fn func(start, end int)) error
	// MinLen is the length in bytes of the shortest text that can match; a
	// file shorter than that cannot hold a matching line.
	MinLen() int
	// Engine names the engine chosen, for --stats and tests.
	Engine() string
}

// CleanNext returns m's Next for a search that must stop at binary data,
// when m's scan looks for NUL bytes in the same pass: clean says that
// text[:clean] holds none, and the caller looks at the rest itself. It
// returns nil for a matcher that cannot, whose text the caller must look
// at whole. One pass over memory instead of two: a split search of a
// cached 8 GiB file spent a quarter of its time on the second.
func CleanNext(m Matcher) func(text []byte) (start, end, clean int, err error) {
	if l, ok := m.(*literal); ok && len(l.lit) > 0 && l.pre != nil && l.pre.pair != nil {
		return l.nextClean
	}
	return nil
}

// Options are the grep flags that change what a pattern matches.
type Options struct {
	Fixed      bool          // -F: patterns are literal strings
	IgnoreCase bool          // -i
	Word       bool          // -w: the match must not touch a word character
	Line       bool          // -x: the match must be the whole line
	Timeout    time.Duration // per-line time limit of the backtracking engine; 0 means the default
}

// DefaultTimeout bounds one backtracking match, so that a catastrophic
// pattern costs a reported error on one file instead of a hung search.
const DefaultTimeout = 2 * time.Second

// ErrTimeout is returned (wrapped) when a backtracking match runs past its
// time limit.
var ErrTimeout = errors.New("match time limit exceeded")

// Compile builds a Matcher for the patterns, any of which may match (as
// grep -e p1 -e p2). Pattern syntax is Perl's, as in grep -P.
func Compile(patterns []string, o Options) (Matcher, error) {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	var split []string
	for _, p := range patterns {
		// A newline separates patterns, as in grep -e $'a\nb'.
		split = append(split, strings.Split(p, "\n")...)
	}
	patterns = split
	if len(patterns) == 0 {
		// grep -f /dev/null: no pattern, so no line matches.
		return newRegex(&syntax.Regexp{Op: syntax.OpNoMatch}, "(?!)", o)
	}
	srcs, err := sources(patterns, o)
	if err != nil {
		return nil, err
	}
	if m := literalFor(patterns, srcs, o); m != nil {
		return m, nil
	}
	src := joined(srcs)
	flags := syntaxFlags(o)
	tree, err := syntax.Parse(src, flags)
	if err == nil {
		return newRegex(tree, src, o)
	}
	// RE2 refused it; the backtracking engine may still take it.
	if m := newLookaroundEdges(src, flags, o); m != nil {
		return m, nil
	}
	m, err2 := newPCRE(src, o)
	if err2 != nil {
		return nil, fmt.Errorf("invalid pattern %q: %v", src, describe(err, err2))
	}
	m.pre, m.any = relaxedPrefilter(src, o)
	return m, nil
}

// sources translates each pattern into the syntax both engines read (under
// -F, quotes it).
func sources(patterns []string, o Options) ([]string, error) {
	srcs := make([]string, len(patterns))
	for i, p := range patterns {
		if o.Fixed {
			p = quoteMeta(p)
		} else if t, err := translate(p); err != nil {
			return nil, fmt.Errorf("invalid pattern %q: %v", p, err)
		} else {
			p = t
		}
		srcs[i] = p
	}
	return srcs, nil
}

// joined is the patterns as one: any of them may match.
func joined(srcs []string) string {
	if len(srcs) == 1 {
		return srcs[0]
	}
	return "(?:" + strings.Join(srcs, ")|(?:") + ")"
}

// syntaxFlags are the parser's flags for o: Perl's syntax, folded under -i.
func syntaxFlags(o Options) syntax.Flags {
	flags := syntax.PerlX | syntax.UnicodeGroups
	if o.IgnoreCase {
		flags |= syntax.FoldCase
	}
	return flags
}

// describe picks the more helpful of the two parsers' errors: RE2's names the
// construct it lacks, regexp2's explains real syntax errors.
func describe(re2, pcre error) string {
	var se *syntax.Error
	if errors.As(re2, &se) && se.Code == syntax.ErrInvalidPerlOp {
		return pcre.Error()
	}
	return re2.Error()
}

// literalFor returns a literal matcher when there is one pattern and it is a
// plain string that needs no case folding.
func literalFor(patterns, srcs []string, o Options) Matcher {
	if len(patterns) != 1 || o.IgnoreCase {
		return nil
	}
	lit := patterns[0]
	if !o.Fixed {
		tree, err := syntax.Parse(srcs[0], syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			return nil
		}
		tree = tree.Simplify()
		switch {
		case tree.Op == syntax.OpLiteral && tree.Flags&syntax.FoldCase == 0:
			lit = string(tree.Rune)
		case tree.Op == syntax.OpEmptyMatch:
			lit = ""
		default:
			return nil
		}
	}
	if strings.ContainsRune(lit, '\n') || lit == "" && o.Word {
		return nil // the regex path handles these rare cases exactly
	}
	return newLiteral([]byte(lit), o.Word, o.Line)
}

// quoteMeta escapes every byte that is special in Perl syntax, keeping
// non-ASCII bytes as they are so that invalid UTF-8 survives.
func quoteMeta(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(`\.+*?()|[]{}^$`, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isWord reports whether c is a word character as PCRE sees it without
// Unicode properties: [A-Za-z0-9_].
func isWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// wordBounded reports whether [s, e) in line is preceded and followed by
// non-word characters, as grep -w demands.
func wordBounded(line []byte, s, e int) bool {
	return (s == 0 || !isWord(line[s-1])) && (e == len(line) || !isWord(line[e]))
}

// lineAt returns the bounds of the line of text that holds offset i.
func lineAt(text []byte, i int) (start, end int) {
	start = lastIndexNL(text[:i]) + 1
	end = indexNL(text[i:])
	if end < 0 {
		return start, len(text)
	}
	return start, i + end
}
