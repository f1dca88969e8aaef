package main

// The pflag.Value types more than one unit of flags uses.

import (
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// choice is a flag that sets *dst to val: of the flags that share dst,
// the one given last wins, as with grep's -h and -H.
type choice struct {
	dst *int
	val int
}

// choiceVar defines a choice as a flag without a value.
func choiceVar(fs *pflag.FlagSet, dst *int, val int, name, short, usage string) {
	fs.VarPF(choice{dst, val}, name, short, usage).NoOptDefVal = "true"
}

func (c choice) String() string { return strconv.FormatBool(*c.dst == c.val) }
func (c choice) Type() string   { return "bool" }
func (c choice) Set(s string) error {
	on, err := strconv.ParseBool(s)
	switch {
	case err != nil:
		return err
	case on:
		*c.dst = c.val
	case *c.dst == c.val:
		*c.dst = 0
	}
	return nil
}

// off is a flag that clears a bool another sets (-N for -n): of the
// two, the later given wins.
type off struct{ dst *bool }

func (f off) String() string { return strconv.FormatBool(!*f.dst) }
func (f off) Type() string   { return "bool" }
func (f off) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		*f.dst = false
	}
	return err
}

// offVar defines an off flag without a value.
func offVar(fs *pflag.FlagSet, dst *bool, name, short, usage string) {
	fs.VarPF(off{dst}, name, short, usage).NoOptDefVal = "true"
}

// resetString is a flag that sets back a string another sets
// (--no-encoding for --encoding): of the two, the later given wins.
type resetString struct {
	dst *string
	to  string
}

func (f resetString) String() string { return strconv.FormatBool(*f.dst == f.to) }
func (f resetString) Type() string   { return "bool" }
func (f resetString) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		*f.dst = f.to
	}
	return err
}

// doFlag is a flag without a value that does something when given;
// off, when set, is what "=false" does (--hidden=false).
type doFlag struct {
	on, off func()
}

func (a doFlag) String() string { return "" }
func (a doFlag) Type() string   { return "bool" }
func (a doFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	switch {
	case err != nil:
		return err
	case v:
		a.on()
	case a.off != nil:
		a.off()
	}
	return nil
}

// actionVar defines a doFlag.
func actionVar(fs *pflag.FlagSet, name, short, usage string, on, off func()) {
	fs.VarPF(doFlag{on, off}, name, short, usage).NoOptDefVal = "true"
}

// optString is a string flag that records whether it was given: an empty
// --replace= replaces matches with nothing.
type optString struct{ dst **string }

func (o optString) String() string {
	if *o.dst == nil {
		return ""
	}
	return **o.dst
}
func (o optString) Type() string { return "string" }
func (o optString) Set(s string) error {
	*o.dst = &s
	return nil
}

// escapedString is a string flag whose value has ripgrep's escapes read.
type escapedString struct{ dst *string }

func (e escapedString) String() string { return *e.dst }
func (e escapedString) Type() string   { return "string" }
func (e escapedString) Set(s string) error {
	*e.dst = unescape(s)
	return nil
}

// unescape reads ripgrep's escapes in s, as its separators take them:
// \t, \n, \r, \0, \\ and \xHH; any other backslash stands for itself.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		switch s[i+1] {
		case 't':
			c = '\t'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case '0':
			c = 0
		case '\\':
		case 'x':
			if v, err := strconv.ParseUint(s[i+2:min(i+4, len(s))], 16, 8); err == nil && i+4 <= len(s) {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
			b.WriteByte(c)
			continue
		default:
			b.WriteByte(c)
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// discard is where pflag writes its own messages: urg words its errors
// itself.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
