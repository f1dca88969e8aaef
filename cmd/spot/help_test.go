package main

import (
	"strings"
	"testing"
	"time"

	"urg/find"
)

// TestHelpListsWhatParses: every primary the help and the man page list
// is one find takes here, with a value of the form the help gives, and
// the owner primaries are listed exactly where files have owners.
func TestHelpListsWhatParses(t *testing.T) {
	sample := map[string]string{
		"GLOB": "*", "N": "1", "[+-]N": "+1", "f|d|l|p|s|b|c": "f", "[+-]N[cwbkMG]": "-2k",
		"NAME": "0", "[-/]MODE": "-644", "FILE": "help_test.go", "RE": ".*", "DATE": "2000-01-01",
		"FORMAT": "%p", "CMD ;": "true ;", "TYPE": "emacs",
	}
	listed := map[string]bool{}
	for _, e := range primaries() {
		name, form, _ := strings.Cut(e.spell, " ")
		if !strings.HasPrefix(name, "-") || strings.Contains(form, "EXPR") {
			continue // an operator's row
		}
		listed[name] = true
		args := []string{name}
		if form != "" {
			v, ok := sample[form]
			if !ok {
				t.Fatalf("%s: no sample value for %q", name, form)
			}
			args = append(args, strings.Fields(v)...)
		}
		if _, err := find.Parse(args, time.Now()); err != nil {
			t.Errorf("help lists %s, but find.Parse(%q): %v", name, args, err)
		}
	}
	for _, name := range []string{"-uid", "-gid", "-user", "-group"} {
		if listed[name] != find.Owners {
			t.Errorf("%s listed: %v, but find.Owners is %v", name, listed[name], find.Owners)
		}
		if !strings.Contains(usage(), name+" ") == find.Owners || !strings.Contains(manPage(), `\fB\`+name) == find.Owners {
			t.Errorf("%s: help or man page disagrees with find.Owners (%v)", name, find.Owners)
		}
	}
}
