package main

// The flags of context: the lines around a selected one, and what sets
// groups of them apart.

import (
	"errors"

	"github.com/spf13/pflag"
)

// contextUnit is -A, -B, -C, the group separators and --passthru.
func contextUnit() flagUnit { return flagUnit{"context", defineContextFlags, (*options).setContext} }

func defineContextFlags(fs *pflag.FlagSet, o *options, r *rawFlags) {
	fs.IntVarP(&o.after, "after-context", "A", 0, "print `NUM` lines of trailing context")
	fs.IntVarP(&o.before, "before-context", "B", 0, "print `NUM` lines of leading context")
	fs.IntVarP(&r.context, "context", "C", 0, "print `NUM` lines of context on both sides (-NUM is the same); -A and -B override it")
	o.groupSep = "--" // grep's
	fs.Var(groupSep{&o.groupSep, &o.noGroupSep, false}, "group-separator", "print `SEP` on a line of its own between groups of context")
	fs.BoolVar(&o.noGroupSep, "no-group-separator", false, "print nothing between groups of context")
	fs.Var(groupSep{&o.groupSep, &o.noGroupSep, true}, "context-separator", "as --group-separator, with ripgrep's escapes in `SEP` (\\t, \\n, \\xHH, ...) (rg --context-separator)")
	fs.BoolVar(&o.noGroupSep, "no-context-separator", false, "same as --no-group-separator (rg --no-context-separator)")
	fs.BoolVar(&o.shape.passthru, "passthru", false, "print every line, the selected ones and the rest as context (rg --passthru)")
}

// setContext is -A, -B and -C's lengths, and the separator --passthru
// leaves out.
func (o *options) setContext(fs *pflag.FlagSet, r *rawFlags) error {
	o.contextSet = fs.Changed("after-context") || fs.Changed("before-context") || fs.Changed("context")
	if r.context > 0 {
		// As grep's -C: the length of each side not given by -A or -B.
		if !fs.Changed("before-context") {
			o.before = r.context
		}
		if !fs.Changed("after-context") {
			o.after = r.context
		}
	}
	if o.before < 0 || o.after < 0 || r.context < 0 {
		return errors.New("context length must be a non-negative number")
	}
	if o.shape.passthru {
		// Every line is printed and none is left out between groups:
		// there are no groups to set apart.
		o.noGroupSep = true
	}
	return nil
}

// groupSep is --group-separator; it clears --no-group-separator, so that
// the later of the two wins.
type groupSep struct {
	sep     *string
	none    *bool
	escaped bool // ripgrep's spelling: escapes are read (--context-separator)
}

func (g groupSep) String() string { return *g.sep }
func (g groupSep) Type() string   { return "string" }
func (g groupSep) Set(s string) error {
	if g.escaped {
		s = unescape(s)
	}
	*g.sep, *g.none = s, false
	return nil
}
