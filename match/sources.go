package match

import (
	"errors"
	"strings"

	"urg/match/parsed"
)

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
