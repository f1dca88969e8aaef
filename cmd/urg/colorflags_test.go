package main

// colorCases try every flag of the color unit.
func colorCases() []flagCase {
	color := func(want string) func(*options) bool {
		return func(o *options) bool { return o.color == want }
	}
	return []flagCase{
		{[]string{"x"}, color("auto"), ""},
		{[]string{"--color", "x"}, color("auto"), ""},
		{[]string{"--color=always", "x"}, color("always"), ""},
		{[]string{"--color=if-tty", "x"}, color("auto"), ""},
		{[]string{"--color=force", "x"}, color("always"), ""},
		{[]string{"--colour=none", "x"}, color("never"), ""},
		{[]string{"--colour=blue", "x"}, nil, `invalid argument "blue" for --color`},
	}
}

// looksCases try every flag of the looks unit.
func looksCases() []flagCase {
	return []flagCase{
		{[]string{"--colors=match:fg:red", "x"}, func(o *options) bool { return len(o.colorSpecs) == 1 }, ""},
		{[]string{"--colors=match:fg:nocolor", "x"}, nil, "--colors:"},
		{[]string{"--hyperlink-format=file", "x"}, func(o *options) bool { return o.hyperlink != nil }, ""},
		{[]string{"x"}, func(o *options) bool { return o.hyperlink == nil }, ""},
	}
}
