package main

import "urg/search"

// binaryCases try every flag of the binary unit.
func binaryCases() []flagCase {
	text := func(o *options) bool { return o.binary == search.BinaryText }
	skip := func(o *options) bool { return o.binary == search.BinarySkip }
	return []flagCase{
		{[]string{"x"}, func(o *options) bool { return o.binary == search.Binary(0) }, ""},
		{[]string{"-U", "x"}, func(o *options) bool { return o.binary == search.Binary(0) }, ""},
		{[]string{"--binary", "x"}, func(o *options) bool { return o.binary == search.Binary(0) }, ""},
		{[]string{"-a", "x"}, text, ""},
		{[]string{"--text", "x"}, text, ""},
		{[]string{"-I", "x"}, skip, ""},
		{[]string{"--binary-without-match", "x"}, skip, ""},
		{[]string{"--binary-files=text", "x"}, text, ""},
		{[]string{"--binary-files=without-match", "x"}, skip, ""},
		{[]string{"--binary-files=nope", "x"}, nil, `invalid argument "nope" for --binary-files`},
	}
}
