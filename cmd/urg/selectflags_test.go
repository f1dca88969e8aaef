package main

import "urg/walk"

// selectCases try every flag of the select unit.
func selectCases() []flagCase {
	typed := func(o *options) bool { return o.walk.Types != nil }
	globbed := func(o *options) bool { return o.walk.Globs != nil }
	return []flagCase{
		{[]string{"-t", "go", "x"}, typed, ""},
		{[]string{"--type=go", "x"}, typed, ""},
		{[]string{"--type-not=go", "x"}, typed, ""},
		{[]string{"--type-add=foo:*.foo", "-t", "foo", "x"}, typed, ""},
		{[]string{"--type-clear=go", "-t", "go", "x"}, nil, "go"},
		{[]string{"-t", "nosuchtype", "x"}, nil, "(urg --type-list lists them)"},
		{[]string{"--type-list"}, func(o *options) bool { return o.sel.typeList && o.sel.table != nil }, ""},
		{[]string{"-g", "*.go", "x"}, globbed, ""},
		{[]string{"--glob=!*.go", "x"}, globbed, ""},
		{[]string{"--iglob=*.GO", "x"}, globbed, ""},
		{[]string{"--glob-case-insensitive", "-g", "*.GO", "x"}, func(o *options) bool { return o.sel.globCase && o.walk.Globs != nil }, ""},
		{[]string{"--max-filesize=1K", "x"}, func(o *options) bool { return o.walk.MaxFileSize != nil && *o.walk.MaxFileSize == 1024 }, ""},
		{[]string{"--max-filesize=abc", "x"}, nil, "invalid argument 'abc' for '--max-filesize'"},
		{[]string{"--exclude-from=/dev/null", "x"}, func(o *options) bool { return len(o.sel.excludeFrom) == 1 }, ""},
		{[]string{"-d", "skip", "x"}, func(o *options) bool { return o.walk.Directories == walk.DirSkip }, ""},
		{[]string{"--directories=read", "x"}, func(o *options) bool { return o.walk.Directories == walk.DirRead }, ""},
		{[]string{"-d", "skip", "-r", "x"}, func(o *options) bool { return o.walk.Directories == walk.DirRecurse }, ""},
		{[]string{"-d", "nope", "x"}, nil, "invalid argument"},
		{[]string{"-D", "skip", "x"}, func(o *options) bool { return o.walk.Devices == walk.DevicesSkip }, ""},
		{[]string{"--devices=read", "x"}, func(o *options) bool { return o.walk.Devices == walk.DevicesRead }, ""},
		{[]string{"-D", "nope", "x"}, nil, "unknown devices method"},
	}
}
