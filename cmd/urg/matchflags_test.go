package main

import (
	"slices"

	"urg/match"
)

// matchCases try every flag of the match unit.
func matchCases() []flagCase {
	fixed := func(o *options) bool { return o.match.Fixed && o.match.Syntax == match.Perl }
	perl := func(o *options) bool { return o.match.Syntax == match.Perl && !o.match.Fixed }
	ext := func(o *options) bool { return o.match.Syntax == match.Extended }
	basic := func(o *options) bool { return o.match.Syntax == match.Basic }
	folds := func(o *options) bool { return o.match.IgnoreCase }
	return []flagCase{
		{[]string{"-F", "x"}, fixed, ""},
		{[]string{"--fixed-strings", "x"}, fixed, ""},
		{[]string{"-P", "x"}, perl, ""},
		{[]string{"--perl-regexp", "x"}, perl, ""},
		{[]string{"-E", "x"}, ext, ""},
		{[]string{"--extended-regexp", "x"}, ext, ""},
		{[]string{"-G", "x"}, basic, ""},
		{[]string{"--basic-regexp", "x"}, basic, ""},
		{[]string{"-E", "-P", "x"}, nil, "conflicting matchers specified"},
		{[]string{"-F", "-G", "x"}, nil, "conflicting matchers specified"},
		{[]string{"-i", "x"}, folds, ""},
		{[]string{"--ignore-case", "x"}, folds, ""},
		{[]string{"-y", "x"}, folds, ""},
		{[]string{"-S", "x"}, folds, ""},
		{[]string{"--smart-case", "X"}, func(o *options) bool { return !o.match.IgnoreCase }, ""},
		{[]string{"-S", `\Sx`}, folds, ""},
		{[]string{"-i", "--no-ignore-case", "x"}, func(o *options) bool { return !o.match.IgnoreCase }, ""},
		{[]string{"-w", "x"}, func(o *options) bool { return o.match.Word }, ""},
		{[]string{"--word-regexp", "x"}, func(o *options) bool { return o.match.Word }, ""},
		{[]string{"-x", "x"}, func(o *options) bool { return o.match.Line }, ""},
		{[]string{"--line-regexp", "x"}, func(o *options) bool { return o.match.Line }, ""},
		{[]string{"-v", "x"}, func(o *options) bool { return o.invert }, ""},
		{[]string{"--invert-match", "x"}, func(o *options) bool { return o.invert }, ""},
		{[]string{"x"}, func(o *options) bool { return o.match.UTF8 && slices.Equal(o.patterns, []string{"x"}) }, ""},
		{[]string{"--no-unicode", "x"}, func(o *options) bool { return !o.match.UTF8 }, ""},
		{[]string{"--no-unicode", "--unicode", "x"}, func(o *options) bool { return o.match.UTF8 }, ""},
	}
}

// linesCases try every flag of the lines unit.
func linesCases() []flagCase {
	return []flagCase{
		{[]string{"-z", "x"}, func(o *options) bool { return o.nullData }, ""},
		{[]string{"--null-data", "x"}, func(o *options) bool { return o.nullData }, ""},
		{[]string{"--multiline", "--multiline-dotall", "x"}, func(o *options) bool { return o.multiline && o.match.DotAll }, ""},
		{[]string{"--crlf", "x"}, func(o *options) bool { return o.crlf }, ""},
		{[]string{"--crlf", "--no-crlf", "x"}, func(o *options) bool { return !o.crlf }, ""},
		{[]string{"--multiline", "--crlf", "x"}, nil, "--multiline cannot be used with --crlf"},
		{[]string{"--multiline", "-z", "x"}, nil, "--multiline cannot be used with -z"},
	}
}
