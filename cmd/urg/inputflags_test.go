package main

import "slices"

// inputCases try every flag of the input unit.
func inputCases() []flagCase {
	none := func(o *options) bool { return len(o.patterns) == 0 }
	noStdin := func(o *options) bool { return len(o.paths) == 0 && !o.stdinDefault }
	follows := func(o *options) bool { return o.walk.Follow && len(o.paths) == 0 }
	return []flagCase{
		{[]string{"-e", "a", "--regexp", "b", "p"}, func(o *options) bool {
			return slices.Equal(o.patterns, []string{"a", "b"}) && slices.Equal(o.paths, []string{"p"})
		}, ""},
		{[]string{"--regexp=a", "-e", "b"}, func(o *options) bool { return len(o.patterns) == 2 }, ""},
		{[]string{"-f", "/dev/null"}, none, ""},
		{[]string{"--file=/dev/null"}, none, ""},
		{[]string{"-f", "/nonexistent/patterns"}, nil, "/nonexistent/patterns: "},
		{[]string{}, nil, "no pattern given"},
		{[]string{"--label=in", "x"}, func(o *options) bool { return o.label == "in" }, ""},
		{[]string{"--files"}, func(o *options) bool { return o.files && o.patterns == nil }, ""},
		{[]string{"-r", "x"}, noStdin, ""},
		{[]string{"--recursive", "x"}, noStdin, ""},
		{[]string{"-R", "x"}, follows, ""},
		{[]string{"--dereference-recursive", "x"}, follows, ""},
		{[]string{"--files-from=/dev/null", "x"}, func(o *options) bool { return o.walk.FromList && o.walk.Listed == 0 }, ""},
		{[]string{"--no-config", "x"}, func(o *options) bool { return o.noConfig }, ""},
	}
}
