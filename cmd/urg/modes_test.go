package main

import (
	"os"
	"strings"
	"testing"

	"urg/printer"
	"urg/sched"
	"urg/search"
	"urg/walk"
)

// TestModeAppliers calls parseArgs, not the binary, for the appliers of
// the units whose values are words or combine: what each flag sets, and
// the error each bad value gets.
func TestModeAppliers(t *testing.T) {
	for _, tt := range []struct {
		args  []string
		check func(*options) bool
		err   string
	}{
		{[]string{"-l", "x"}, func(o *options) bool { return o.mode == printer.FilesWithMatches }, ""},
		{[]string{"-L", "x"}, func(o *options) bool { return o.mode == printer.FilesWithoutMatch }, ""},
		{[]string{"-c", "-q", "x"}, func(o *options) bool { return o.mode == printer.Quiet }, ""},
		{[]string{"-C", "3", "-A", "1", "x"}, func(o *options) bool { return o.before == 3 && o.after == 1 }, ""},
		{[]string{"-A", "-1", "x"}, nil, "context length must be a non-negative number"},
		{[]string{"--binary-files=text", "x"}, func(o *options) bool { return o.binary == search.BinaryText }, ""},
		{[]string{"-a", "-I", "x"}, func(o *options) bool { return o.binary == search.BinarySkip }, ""},
		{[]string{"--binary-files=nope", "x"}, nil, `invalid argument "nope" for --binary-files`},
		{[]string{"--color=tty", "x"}, func(o *options) bool { return o.color == "auto" }, ""},
		{[]string{"--color=blue", "x"}, nil, `invalid argument "blue" for --color`},
		{[]string{"--sort=modified", "x"}, func(o *options) bool { return o.sorted && o.order.By == walk.SortModified }, ""},
		{[]string{"--sortr=path", "x"}, func(o *options) bool { return o.sorted && o.order.Reverse }, ""},
		{[]string{"--pre=cat", "--pre-glob=*.gz", "x"}, func(o *options) bool { return o.pre != nil && o.pre.Globs != nil }, ""},
		{[]string{"--colors=match:fg:nocolor", "x"}, nil, "--colors:"},
		{[]string{"--encoding=nope-1", "x"}, nil, "nope-1"},
		{[]string{"--io=pread", "x"}, func(o *options) bool { return o.engine == sched.EnginePread }, ""},
		{[]string{"--io=disk", "x"}, nil, `invalid argument "disk" for --io`},
		{[]string{"--mmap-chunk=1K", "x"}, nil, "--mmap-chunk"},
		{[]string{"--queue-depth=0", "x"}, nil, "--queue-depth must be between 1 and 4096"},
	} {
		o, err := parseArgs(tt.args, readEnv(os.Getenv))
		name := strings.Join(tt.args, " ")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want one holding %q", name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !tt.check(o) {
			t.Errorf("%s: not applied: %+v", name, o)
		}
	}
}
