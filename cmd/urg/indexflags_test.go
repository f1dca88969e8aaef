package main

// indexCases try every flag of the index unit.
func indexCases() []flagCase {
	return []flagCase{
		{[]string{"--index", "x"}, func(o *options) bool { return o.index.use && len(o.patterns) == 1 }, ""},
		{[]string{"--index-update"}, func(o *options) bool { return o.index.updateOnly() && len(o.patterns) == 0 }, ""},
		{[]string{"--index-update", "dir"}, func(o *options) bool { return len(o.paths) == 1 && o.paths[0] == "dir" }, ""},
		{[]string{"--index", "--index-update", "x", "dir"}, func(o *options) bool { return !o.index.updateOnly() && o.patterns[0] == "x" }, ""},
		{[]string{"--index", "--index-dir", "/tmp/i", "x"}, func(o *options) bool { return o.index.dir == "/tmp/i" }, ""},
		{[]string{"--index", "--files-from", "/dev/null", "x"}, nil, "--files-from lists files"},
	}
}
