package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// flagCase is one command line given to parseArgs, and what it must set
// (check) or the error it must get (err).
type flagCase struct {
	args  []string
	check func(*options) bool
	err   string
}

// unitCases are the table of each unit, by its name; each table is in
// the test file beside its unit's.
func unitCases() map[string][]flagCase {
	return map[string][]flagCase{
		"select": selectCases(), "help": helpCases(), "input": inputCases(),
		"ignore": ignoreCases(), "match": matchCases(), "context": contextCases(),
		"binary": binaryCases(), "color": colorCases(), "pre": preCases(),
		"looks": looksCases(), "encoding": encodingCases(), "io": ioCases(),
		"mode": modeCases(), "line": lineCases(), "lines": linesCases(),
		"walk": walkCases(), "json": jsonCases(), "index": indexCases(),
	}
}

// TestFlagUnitsTryEveryName runs each unit's table through parseArgs,
// and fails when a table leaves out a name (long or short) of one of
// its unit's flags.
func TestFlagUnitsTryEveryName(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8") // --unicode's characters
	cases := unitCases()
	for _, u := range flagUnits() {
		table, ok := cases[u.name]
		if !ok {
			t.Errorf("unit %s has no table of cases", u.name)
			continue
		}
		used := map[string]bool{}
		for _, c := range table {
			for _, a := range c.args {
				used[a] = true
				if name, _, ok := strings.Cut(a, "="); ok {
					used[name] = true
				}
			}
			runFlagCase(t, c)
		}
		defs := pflag.NewFlagSet("urg", pflag.ContinueOnError)
		u.define(defs, &options{}, &rawFlags{})
		defs.VisitAll(func(f *pflag.Flag) {
			if f.Name != f.Shorthand && !used["--"+f.Name] {
				t.Errorf("unit %s: no case gives --%s", u.name, f.Name)
			}
			if f.Shorthand != "" && !used["-"+f.Shorthand] {
				t.Errorf("unit %s: no case gives -%s", u.name, f.Shorthand)
			}
		})
	}
}

// runFlagCase parses c's command line and checks what it set, or its
// error.
func runFlagCase(t *testing.T, c flagCase) {
	t.Helper()
	name := strings.Join(c.args, " ")
	o, err := parseArgs(c.args, readEnv(os.Getenv))
	if c.err != "" {
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one holding %q", name, err, c.err)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if !c.check(o) {
		t.Errorf("%s: not applied: %+v", name, o)
	}
}

// TestHelpOrder: helpOrder names every flag of every unit, once.
func TestHelpOrder(t *testing.T) {
	defs := pflag.NewFlagSet("urg", pflag.ContinueOnError)
	o, r := &options{}, &rawFlags{}
	for _, u := range flagUnits() {
		u.define(defs, o, r)
	}
	order := helpOrder()
	seen := map[string]bool{}
	for _, name := range order {
		if seen[name] {
			t.Errorf("helpOrder names --%s twice", name)
		}
		seen[name] = true
		if defs.Lookup(name) == nil {
			t.Errorf("helpOrder names --%s, which no unit defines", name)
		}
	}
	defs.VisitAll(func(f *pflag.Flag) {
		if !slices.Contains(order, f.Name) {
			t.Errorf("helpOrder leaves out --%s", f.Name)
		}
	})
	var listed []string
	fs, _ := flagSet(&options{})
	fs.VisitAll(func(f *pflag.Flag) { listed = append(listed, f.Name) })
	if !slices.Equal(listed, order) {
		t.Errorf("flagSet lists %v, want helpOrder's %v", listed, order)
	}
}
