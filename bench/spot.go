package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// spotScenarios are -spot's: find's primaries, given to spot and find as
// they are and to fd translated (fdArgs). A search by size stats every
// file; a search by name stats none.
var spotScenarios = []scenario{
	{"files over 1 MiB", "", []string{"-type", "f", "-size", "+1M"}, nil},
	{"name glob", "", []string{"-name", "*.h"}, nil},
}

// spotTools are -spot's lines: spot (built beside urg), find, and fd
// (Debian's fdfind) with -uu, which searches everything as find does.
// spot and find are the references: their outputs must agree.
func spotTools(o *options, log io.Writer) ([]tool, error) {
	spot := filepath.Join(filepath.Dir(o.urg), "spot")
	if _, err := os.Stat(spot); err != nil {
		return nil, fmt.Errorf("spot binary %s: %w (make build)", spot, err)
	}
	var tools []tool
	add := func(t tool) {
		if !slices.Contains(o.skip, t.Name) {
			tools = append(tools, t)
		}
	}
	for _, j := range o.threads {
		add(tool{Name: "spot" + jSuffix(j), Family: "spot", Reference: true, Argv: append([]string{spot}, jFlag("-j", j)...)})
	}
	if found("find", "findutils", log) {
		add(tool{Name: "find", Family: "find", Reference: true, Argv: []string{"find"}})
	}
	if found("fdfind", "fd-find", log) {
		add(tool{Name: "fd", Family: "fd", Argv: []string{"fdfind", "-uu"}})
	}
	return tools, nil
}

// finderArgs is a finder's argument list for a scenario's primaries:
// spot and find take the path and then the primaries; fd its options
// for them, a pattern and the path.
func (t tool) finderArgs(primaries []string, path string) []string {
	args := slices.Clone(t.Argv[1:])
	if t.Family == "fd" {
		return append(append(args, fdArgs(primaries)...), path)
	}
	return append(append(args, path), primaries...)
}

// finder says whether the line is a find-like tool (-spot).
func (t tool) finder() bool { return t.Family == "spot" || t.Family == "find" || t.Family == "fd" }

// fdArgs translates the primaries the scenarios use into fd's options,
// ending with fd's pattern: the glob of -name, or "." (any name).
func fdArgs(primaries []string) []string {
	var args []string
	pattern := "."
	for i := 0; i+1 < len(primaries); i += 2 {
		v := primaries[i+1]
		switch primaries[i] {
		case "-type":
			args = append(args, "-t", v)
		case "-size":
			// fd's units are decimal unless they end in "i"; a bare
			// number is bytes, find's c.
			v = strings.NewReplacer("k", "ki", "M", "mi", "G", "gi", "c", "b").Replace(v)
			args = append(args, "-S", v)
		case "-name":
			args = append(args, "-g")
			pattern = v
		}
	}
	return append(args, pattern)
}
