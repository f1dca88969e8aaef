package main

// helpCases try every flag of the help unit: each stops the appliers,
// with no pattern needed.
func helpCases() []flagCase {
	return []flagCase{
		{[]string{"--generate=man"}, func(o *options) bool { return o.generate == "man" && o.patterns == nil }, ""},
		{[]string{"--help"}, func(o *options) bool { return o.help }, ""},
		{[]string{"-V"}, func(o *options) bool { return o.version }, ""},
		{[]string{"--version", "-e", "x", "--io=disk"}, func(o *options) bool { return o.version && o.patterns == nil }, ""},
		{[]string{"--help", "-t", "nosuchtype"}, nil, "unrecognized file type: nosuchtype"},
	}
}
