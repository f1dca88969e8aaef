package main

import "urg/sched"

// preCases try every flag of the pre unit.
func preCases() []flagCase {
	return []flagCase{
		{[]string{"--pre=cat", "x"}, func(o *options) bool { return o.pre != nil && o.pre.Command == "cat" && o.pre.Globs == nil }, ""},
		{[]string{"--pre=cat", "--no-pre", "x"}, func(o *options) bool { return o.pre == nil }, ""},
		{[]string{"--pre=cat", "--pre-glob=*.gz", "x"}, func(o *options) bool { return o.pre != nil && o.pre.Globs != nil }, ""},
		{[]string{"--pre=cat", "--pre-glob=[", "x"}, nil, "error parsing glob"},
	}
}

// encodingCases try every flag of the encoding unit.
func encodingCases() []flagCase {
	return []flagCase{
		{[]string{"--encoding=latin1", "x"}, func(o *options) bool { return o.encodingName == "latin1" }, ""},
		{[]string{"--encoding=latin1", "--no-encoding", "x"}, func(o *options) bool { return o.encodingName == "auto" }, ""},
		{[]string{"--encoding=nope-1", "x"}, nil, "nope-1"},
		{[]string{"--search-zip", "x"}, func(o *options) bool { return o.searchZip }, ""},
	}
}

// ioCases try every flag of the io unit.
func ioCases() []flagCase {
	return []flagCase{
		{[]string{"x"}, func(o *options) bool {
			return !o.tuned && o.engine == sched.EngineAuto && o.mapChunk == 256<<20 && o.queueDepth == sched.DefaultQueueDepth
		}, ""},
		{[]string{"-j", "3", "x"}, func(o *options) bool { return o.threads == 3 && o.tuned }, ""},
		{[]string{"--threads=-1", "x"}, nil, "--threads must be a positive number"},
		{[]string{"--io=mmap", "x"}, func(o *options) bool { return o.engine == sched.EngineMmap }, ""},
		{[]string{"--io=disk", "x"}, nil, `invalid argument "disk" for --io`},
		{[]string{"--mmap-chunk=64M", "--low-memory", "x"}, func(o *options) bool { return o.mapChunk == 64<<20 && o.lowMemory }, ""},
		{[]string{"--mmap-chunk=1K", "x"}, nil, "--mmap-chunk"},
		{[]string{"--cache=drop", "x"}, func(o *options) bool { return o.cache == sched.CacheDrop }, ""},
		{[]string{"--cache=maybe", "x"}, nil, `invalid argument "maybe" for --cache`},
		{[]string{"--queue-depth=8", "x"}, func(o *options) bool { return o.queueDepth == 8 && o.tuned }, ""},
		{[]string{"--queue-depth=5000", "x"}, nil, "--queue-depth must be between 1 and 4096"},
	}
}
