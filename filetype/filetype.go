// Package filetype holds ripgrep's file types: names (go, py, md) for sets
// of globs that file names match, the built-in table, the definitions
// --type-add adds to it, and the choice that -t and --type-not make of
// them, as ripgrep reads them.
package filetype

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/bmatcuk/doublestar/v4"

	"urg/walk/globset"
)

// entry is one row of the built-in table.
type entry struct {
	names []string
	globs []string
}

// Def is a file type as --type-list prints it.
type Def struct {
	Name  string
	Globs []string
}

// Table is the file types of one run and the choice made of them. Its
// zero value is not ready: New gives the built-in types.
type Table struct {
	globs   map[string][]string
	choices []choice
}

// choice is one -t (negate false) or --type-not, of one type.
type choice struct {
	name   string
	negate bool
}

// New returns a table that holds the built-in types and no choice.
func New() *Table {
	t := &Table{globs: map[string][]string{}}
	for _, e := range &builtin {
		for _, n := range e.names {
			t.globs[n] = append(t.globs[n], e.globs...)
		}
	}
	return t
}

// badDefinition is the error of a --type-add that is not NAME:GLOB,... or
// NAME:include:TYPE,...
func badDefinition(def string) error {
	return fmt.Errorf("invalid definition '%s' (format is NAME:GLOB,... or NAME:include:TYPE,..., e.g., html:*.html)", def)
}

// UnknownError is the error of a type name the table does not hold.
type UnknownError struct{ Name string }

func (e *UnknownError) Error() string { return "unrecognized file type: " + e.Name }

// GlobError is the error of a glob that does not parse: a --type-add's,
// or a --glob's (walk.ParseGlobs). Both take doublestar's syntax.
type GlobError struct{ Glob string }

func (e *GlobError) Error() string {
	return fmt.Sprintf("error parsing glob '%s': %s", e.Glob, malformed(e.Glob))
}

// Clear drops the type name and its globs (--type-clear), as ripgrep
// does: a later --type-add may define it again, and until then it is
// unknown. A name the table does not hold is no error.
func (t *Table) Clear(name string) { delete(t.globs, name) }

// Add reads one --type-add definition and adds its globs to the type it
// names, built in or new: NAME:GLOB adds GLOB (several may be given,
// split by commas outside braces: NAME:*.x,*.y is NAME:*.{x,y}), and
// NAME:include:TYPE,... adds the globs the types named hold now. A name
// is letters and digits, and not "all".
func (t *Table) Add(def string) error {
	parts := strings.Split(def, ":")
	name := parts[0]
	if !validName(name) {
		return badDefinition(def)
	}
	switch {
	case len(parts) == 2 && parts[1] != "":
		globs := splitGlobs(parts[1])
		for _, g := range globs {
			if g == "" {
				return badDefinition(def)
			}
			if !doublestar.ValidatePattern(g) {
				return &GlobError{g}
			}
		}
		t.globs[name] = append(t.globs[name], globs...)
		return nil
	case len(parts) == 3 && parts[1] == "include" && parts[2] != "":
		var globs []string
		for _, other := range strings.Split(parts[2], ",") {
			g, ok := t.globs[other]
			if !ok {
				return &UnknownError{other}
			}
			globs = append(globs, g...)
		}
		t.globs[name] = append(t.globs[name], globs...)
		return nil
	}
	return badDefinition(def)
}

// validName says whether a --type-add may define name: ripgrep takes
// letters and digits, and keeps "all" for every type.
func validName(name string) bool {
	if name == "" || name == "all" {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// splitGlobs splits a --type-add's globs at the commas that are not
// within braces or quoted by a backslash.
func splitGlobs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth = max(0, depth-1)
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// Select is -t NAME: files of that type are searched, and, once a type is
// selected, only files of a selected type. "all" selects every type the
// table holds now. Types are looked up by Matcher, so a --type-add that
// comes later still counts.
func (t *Table) Select(name string) { t.choose(name, false) }

// Negate is --type-not NAME: files of that type are skipped; "all"
// negates every type the table holds now.
func (t *Table) Negate(name string) { t.choose(name, true) }

func (t *Table) choose(name string, negate bool) {
	if name != "all" {
		t.choices = append(t.choices, choice{name, negate})
		return
	}
	names := make([]string, 0, len(t.globs))
	for n := range t.globs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		t.choices = append(t.choices, choice{n, negate})
	}
}

// Defs lists the types for --type-list: sorted by name, each one's globs
// sorted, without repeats.
func (t *Table) Defs() []Def {
	defs := make([]Def, 0, len(t.globs))
	for name, globs := range t.globs {
		g := slices.Clone(globs)
		slices.Sort(g)
		defs = append(defs, Def{Name: name, Globs: slices.Compact(g)})
	}
	slices.SortFunc(defs, func(a, b Def) int { return strings.Compare(a.Name, b.Name) })
	return defs
}

// Verdict is what the chosen types say of a file name.
type Verdict uint8

// The verdicts.
const (
	None     Verdict = iota // no type was chosen: the name is neither chosen nor left out
	Selected                // the name is of a type -t selected, by the last glob it matches
	Excluded                // of a type --type-not names, or of no type selected
)

// Matcher says whether file names are of the types chosen. The nil
// Matcher chooses nothing.
type Matcher struct {
	// Globs are numbered in the order of the choices, each type's in
	// its order; of those a name matches, the last decides.
	negated  []bool       // by number: the glob came from --type-not
	set      *globset.Set // the globs filed by their literals: one pass a name
	selected bool         // some choice is -t: a name no glob matches is left out
}

// Matcher returns the matcher of the choices made, or nil when none was
// made; a choice of a type the table does not hold is an UnknownError.
func (t *Table) Matcher() (*Matcher, error) {
	if len(t.choices) == 0 {
		return nil, nil
	}
	m := &Matcher{}
	var gs []globset.Glob
	for _, c := range t.choices {
		globs, ok := t.globs[c.name]
		if !ok {
			return nil, &UnknownError{c.name}
		}
		m.selected = m.selected || !c.negate
		for _, g := range globs {
			m.negated = append(m.negated, c.negate)
			// doublestar's '*' stops at '/' only: in a base name it
			// matches anything.
			gs = append(gs, globset.Glob{Pattern: g, AnyStar: true,
				Match: func(name string) bool { return doublestar.MatchUnvalidated(g, name) }})
		}
	}
	m.set = globset.New(gs)
	return m, nil
}

// Match says what the chosen types make of a file's base name.
func (m *Matcher) Match(name string) Verdict {
	if m == nil {
		return None
	}
	best := m.set.Last(name, name, false)
	switch {
	case best >= 0 && !m.negated[best]:
		return Selected
	case best >= 0 || m.selected:
		return Excluded
	}
	return None
}

// malformed says what is wrong with a glob that doublestar's
// ValidatePattern refuses, in ripgrep's words.
func malformed(g string) string {
	class, depth := false, 0
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case c == '\\':
			if i++; i == len(g) {
				return `dangling '\'`
			}
		case class:
			if c == ']' {
				class = false
			}
		case c == '[':
			class = true
			if i+1 < len(g) && (g[i+1] == '!' || g[i+1] == '^') {
				i++
			}
			if i+1 < len(g) && g[i+1] == ']' {
				return "empty character class"
			}
		case c == '{':
			depth++
		case c == '}':
			if depth == 0 {
				return "unopened alternate group; missing '{'"
			}
			depth--
		}
	}
	switch {
	case class:
		return "unclosed character class; missing ']'"
	case depth > 0:
		return "unclosed alternate group; missing '}'"
	}
	return "malformed glob"
}
