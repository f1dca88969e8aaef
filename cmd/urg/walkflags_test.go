package main

import (
	"slices"

	"urg/walk"
)

// walkCases try every flag of the walk unit.
func walkCases() []flagCase {
	return []flagCase{
		{[]string{"--include=*.go", "--exclude=a.go", "x"}, func(o *options) bool {
			return slices.Equal(o.walk.Files, []walk.FileGlob{{Glob: "*.go", Include: true}, {Glob: "a.go"}})
		}, ""},
		{[]string{"--exclude-dir=vendor/", "--exclude-dir=/", "x"}, func(o *options) bool {
			return slices.Equal(o.walk.ExcludeDir, []string{"vendor", "/"})
		}, ""},
		{[]string{"--max-depth=2", "x"}, func(o *options) bool { return o.walk.MaxDepth == 2 }, ""},
		{[]string{"x"}, func(o *options) bool { return o.walk.MaxDepth == -1 && !o.sorted && o.shard == walk.Shard{} }, ""},
		{[]string{"--follow", "x"}, func(o *options) bool { return o.walk.Follow }, ""},
		{[]string{"--sort=path", "x"}, func(o *options) bool { return o.sorted && o.order == walk.Order{} }, ""},
		{[]string{"--sort=created", "x"}, func(o *options) bool { return o.sorted && o.order.By == walk.SortCreated }, ""},
		{[]string{"--sortr=accessed", "x"}, func(o *options) bool { return o.order == walk.Order{By: walk.SortAccessed, Reverse: true} }, ""},
		{[]string{"--sort=path", "--sort=none", "x"}, func(o *options) bool { return !o.sorted }, ""},
		{[]string{"--sort=size", "x"}, nil, "want path, modified, accessed, created or none"},
		{[]string{"--shard=2/4", "x"}, func(o *options) bool { return o.shard == walk.Shard{K: 2, N: 4} }, ""},
		{[]string{"--shard=abc", "x"}, nil, `invalid argument "abc" for --shard`},
	}
}
