package main

// contextCases try every flag of the context unit.
func contextCases() []flagCase {
	return []flagCase{
		{[]string{"-A", "2", "x"}, func(o *options) bool { return o.after == 2 && o.before == 0 && o.contextSet }, ""},
		{[]string{"--after-context=0", "x"}, func(o *options) bool { return o.after == 0 && o.contextSet }, ""},
		{[]string{"-B", "2", "x"}, func(o *options) bool { return o.before == 2 && o.after == 0 }, ""},
		{[]string{"--before-context=1", "x"}, func(o *options) bool { return o.before == 1 }, ""},
		{[]string{"-C", "3", "-B", "1", "x"}, func(o *options) bool { return o.before == 1 && o.after == 3 }, ""},
		{[]string{"--context=2", "x"}, func(o *options) bool { return o.before == 2 && o.after == 2 }, ""},
		{[]string{"x"}, func(o *options) bool { return !o.contextSet && o.groupSep == "--" && !o.noGroupSep }, ""},
		{[]string{"-B", "-1", "x"}, nil, "context length must be a non-negative number"},
		{[]string{"--context=-1", "x"}, nil, "context length must be a non-negative number"},
		{[]string{"--no-group-separator", "--group-separator=\\t", "x"}, func(o *options) bool { return o.groupSep == "\\t" && !o.noGroupSep }, ""},
		{[]string{"--group-separator=::", "--no-group-separator", "x"}, func(o *options) bool { return o.noGroupSep }, ""},
		{[]string{"--context-separator=\\t", "x"}, func(o *options) bool { return o.groupSep == "\t" }, ""},
		{[]string{"--no-context-separator", "x"}, func(o *options) bool { return o.noGroupSep }, ""},
		{[]string{"--passthru", "x"}, func(o *options) bool { return o.shape.passthru && o.noGroupSep }, ""},
	}
}
