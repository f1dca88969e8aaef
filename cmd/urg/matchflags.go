package main

// The flags of how patterns match: their syntax, case, words and lines,
// and the locale's characters; and those of what a line is (-z,
// --multiline, --crlf).

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"urg/match"
)

// Case choices: of -i, -y, -S and --no-ignore-case the later wins.
const (
	caseSensitive = iota
	caseIgnore
	caseSmart
)

// matchUnit is -F, -P, -E, -G, the case flags, -w, -x, -v and
// --no-unicode.
func matchUnit() flagUnit { return flagUnit{"match", defineMatchFlags, (*options).setMatch} }

func defineMatchFlags(fs *pflag.FlagSet, o *options, r *rawFlags) {
	fs.BoolVarP(&o.match.Fixed, "fixed-strings", "F", false, "patterns are literal strings")
	fs.BoolVarP(&r.perl, "perl-regexp", "P", false, "patterns are Perl-compatible regular expressions (the default)")
	fs.BoolVarP(&r.extended, "extended-regexp", "E", false, "patterns are POSIX extended regular expressions, as grep -E reads them")
	fs.BoolVarP(&r.basic, "basic-regexp", "G", false, "patterns are POSIX basic regular expressions, as grep -G reads them")
	choiceVar(fs, &r.caseMode, caseIgnore, "ignore-case", "i", "ignore case distinctions")
	fs.BoolVarP(&o.match.Word, "word-regexp", "w", false, "match only whole words")
	fs.BoolVarP(&o.match.Line, "line-regexp", "x", false, "match only whole lines")
	fs.BoolVarP(&o.invert, "invert-match", "v", false, "select non-matching lines")
	choiceVar(fs, &r.caseMode, caseIgnore, "y", "y", "same as -i (grep's obsolete spelling)")
	choiceVar(fs, &r.caseMode, caseSmart, "smart-case", "S", "ignore case unless a pattern has an upper-case letter (rg -S)")
	choiceVar(fs, &r.caseMode, caseSensitive, "no-ignore-case", "", "match case, undoing an earlier -i, -y or -S")
	choiceVar(fs, &r.unicode, -1, "no-unicode", "", "read the patterns and text as bytes, with ASCII's classes, whatever the locale (rg --no-unicode)")
	choiceVar(fs, &r.unicode, +1, "unicode", "", "read them as the locale says, undoing an earlier --no-unicode")
}

// setMatch applies the syntax, the case and the locale's characters,
// once the patterns are known (-S looks at them).
func (o *options) setMatch(fs *pflag.FlagSet, r *rawFlags) error {
	o.match.UTF8 = o.env.utf8 && r.unicode >= 0
	o.match.Collation = o.env.collation
	if err := o.setSyntax(fs); err != nil {
		return err
	}
	switch r.caseMode {
	case caseIgnore:
		o.match.IgnoreCase = true
	case caseSmart:
		o.match.IgnoreCase = !hasUpper(o.patterns, o.match.Fixed)
	}
	return nil
}

// setSyntax applies -F, -G, -E and -P: at most one of them, as grep
// refuses two ("conflicting matchers specified"); -P, the default, when
// none is given.
func (o *options) setSyntax(fs *pflag.FlagSet) error {
	given := 0
	for _, m := range []struct {
		flag   string
		syntax match.Syntax
	}{{"fixed-strings", match.Perl}, {"basic-regexp", match.Basic}, {"extended-regexp", match.Extended}, {"perl-regexp", match.Perl}} {
		if fs.Lookup(m.flag).Value.String() == "true" {
			given++
			o.match.Syntax = m.syntax
		}
	}
	if given > 1 {
		return errConflictingMatchers
	}
	return nil
}

// errConflictingMatchers is grep's error for two of -F, -G, -E and -P.
var errConflictingMatchers = errors.New("conflicting matchers specified")

// hasUpper says whether a pattern holds an upper-case letter of its own,
// for -S: the letters of escapes (\S, \W, \p{Lu}, \x{4A}) and of group
// names are not the pattern's text and do not count, as in ripgrep.
func hasUpper(patterns []string, fixed bool) bool {
	for _, p := range patterns {
		for i := 0; i < len(p); {
			r, n := utf8.DecodeRuneInString(p[i:])
			switch {
			case fixed:
			case r == '\\' && i+1 < len(p):
				n = 2 + escapeArg(p[i+2:], p[i+1])
			case strings.HasPrefix(p[i:], "(?P<") || strings.HasPrefix(p[i:], "(?<") && !strings.HasPrefix(p[i:], "(?<=") && !strings.HasPrefix(p[i:], "(?<!"):
				if end := strings.IndexByte(p[i:], '>'); end > 0 {
					n = end + 1
				}
			}
			if unicode.IsUpper(r) && n == utf8.RuneLen(r) {
				return true
			}
			i += n
		}
	}
	return false
}

// escapeArg is how many bytes after an escape's letter are its argument:
// the braces of \p{..}, \x{..}, \N{..}, the letter of \pL, two hex digits
// of \xHH.
func escapeArg(s string, letter byte) int {
	switch letter {
	case 'p', 'P', 'x', 'N', 'o':
		if strings.HasPrefix(s, "{") {
			if end := strings.IndexByte(s, '}'); end >= 0 {
				return end + 1
			}
		}
		if letter == 'p' || letter == 'P' {
			return min(1, len(s))
		}
		if letter == 'x' {
			n := 0
			for n < 2 && n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
				n++
			}
			return n
		}
	}
	return 0
}

// linesUnit is what a line is: -z's NUL-ended records, --multiline's
// matches across lines, --crlf's CRLF-ended lines.
func linesUnit() flagUnit { return flagUnit{"lines", defineLinesFlags, (*options).setLines} }

func defineLinesFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.BoolVarP(&o.nullData, "null-data", "z", false, "lines end in NUL bytes, in the input and the lines printed, as grep -z (ripgrep's -z is --search-zip here)")
	fs.BoolVar(&o.match.DotAll, "multiline-dotall", false, "with --multiline, let '.' match a newline, as (?s) does (rg --multiline-dotall)")
	fs.BoolVar(&o.multiline, "multiline", false, "let a match span lines, whose lines are then printed whole; (?s) lets '.' match a newline (rg -U; a match longer than 4 MiB may be missed)")
	fs.BoolVar(&o.crlf, "crlf", false, "match a line that ends in CRLF as if it ended in LF: $ matches before the CR, '.' does not match it; the line printed keeps it (rg --crlf)")
	offVar(fs, &o.crlf, "no-crlf", "", "undo an earlier --crlf")
}

// setLines refuses the line shapes that do not go together.
func (o *options) setLines(_ *pflag.FlagSet, _ *rawFlags) error {
	if o.multiline && o.crlf {
		return plainError{errors.New("--multiline cannot be used with --crlf")}
	}
	if o.multiline && o.nullData {
		return plainError{errors.New("--multiline cannot be used with -z")}
	}
	return nil
}
