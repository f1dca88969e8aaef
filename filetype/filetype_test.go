package filetype

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// TestBuiltin: every built-in glob parses, every name could be given to
// --type-add, and the table is sorted by first name, without repeats.
func TestBuiltin(t *testing.T) {
	var prev string
	for _, e := range builtin {
		for _, n := range e.names {
			if !validName(n) {
				t.Errorf("built-in type %q: not a valid name", n)
			}
		}
		if e.names[0] <= prev {
			t.Errorf("built-in type %q after %q: not sorted", e.names[0], prev)
		}
		prev = e.names[0]
		for _, g := range e.globs {
			if !doublestar.ValidatePattern(g) {
				t.Errorf("built-in type %q: glob %q does not parse", e.names[0], g)
			}
		}
	}
}

// choose builds a matcher from choices: "NAME" selects, "!NAME" negates,
// "+DEF" is a --type-add.
func choose(t *testing.T, choices ...string) *Matcher {
	t.Helper()
	tb := New()
	for _, c := range choices {
		switch {
		case strings.HasPrefix(c, "!"):
			tb.Negate(c[1:])
		case strings.HasPrefix(c, "+"):
			if err := tb.Add(c[1:]); err != nil {
				t.Fatalf("Add(%q): %v", c[1:], err)
			}
		default:
			tb.Select(c)
		}
	}
	m, err := tb.Matcher()
	if err != nil {
		t.Fatalf("%q: %v", choices, err)
	}
	return m
}

// TestMatch holds ripgrep's semantics of -t and --type-not: base names
// only, the last choice whose glob matches decides, a selection leaves
// out every name no selected type matches.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		choices []string
		name    string
		want    Verdict
	}{
		{nil, "a.go", None},
		{[]string{"go"}, "a.go", Selected},
		{[]string{"go"}, "a.go.txt", Excluded},
		{[]string{"go"}, ".go", Selected}, // '*' matches nothing too
		{[]string{"go"}, "go", Excluded},
		{[]string{"!go"}, "a.go", Excluded},
		{[]string{"!go"}, "a.rs", None},
		{[]string{"go", "!go"}, "a.go", Excluded},
		{[]string{"!go", "go"}, "a.go", Selected},
		{[]string{"c"}, "x.H", Selected},
		{[]string{"c"}, "x.h.in", Selected},
		{[]string{"cpp", "!c"}, "x.h", Excluded},
		{[]string{"!c", "cpp"}, "x.h", Selected},
		{[]string{"make"}, "GNUmakefile", Selected},
		{[]string{"make"}, "Makefile.am", Selected},
		{[]string{"license"}, "LICENSE-MIT", Selected},
		{[]string{"docker"}, "prod.Dockerfile", Selected},
		{[]string{"asp"}, "x.aspx.cs", Selected},
		{[]string{"md"}, "README.md", Selected},
		{[]string{"markdown"}, "README.md", Selected},
		{[]string{"+foo:*.foo,*.{x,y}", "foo"}, "a.y", Selected},
		{[]string{"+foo:*.foo,*.{x,y}", "foo"}, "a.foo", Selected},
		{[]string{"foo", "+foo:*.foo"}, "a.foo", Selected}, // looked up at the end
		{[]string{"+go:*.txt", "go"}, "a.txt", Selected},
		{[]string{"+go:*.txt", "go"}, "a.go", Selected},
		{[]string{"+src:include:go,rust", "src"}, "a.rs", Selected},
		{[]string{"+src:include:go,rust", "src"}, "a.py", Excluded},
		{[]string{"+x:Exact", "x"}, "Exact", Selected},
		{[]string{"all"}, "a.go", Selected},
		{[]string{"all"}, "a.nosuchtype", Excluded},
		{[]string{"all", "!go"}, "a.go", Excluded},
		{[]string{"!all"}, "a.rs", Excluded},
		{[]string{"!all"}, "a.nosuchtype", None},
	} {
		if got := choose(t, c.choices...).Match(c.name); got != c.want {
			t.Errorf("%q: Match(%q) = %d, want %d", c.choices, c.name, got, c.want)
		}
	}
}

// TestAddErrors: definitions ripgrep refuses, and an include of a type
// that is not there.
func TestAddErrors(t *testing.T) {
	for _, def := range []string{"foo", "foo:", ":*.x", "a-b:*.x", "all:*.x", "foo:bar:baz", "foo:include:", "foo:*.x,"} {
		if err := New().Add(def); err == nil || !strings.HasPrefix(err.Error(), "invalid definition '"+def+"'") {
			t.Errorf("Add(%q) = %v, want an invalid definition", def, err)
		}
	}
	var unknown *UnknownError
	if err := New().Add("x:include:go,nosuch"); !errors.As(err, &unknown) || unknown.Name != "nosuch" {
		t.Errorf("Add of an unknown include: %v", err)
	}
	var ge *GlobError
	if err := New().Add("x:*.[ch"); !errors.As(err, &ge) || err.Error() != "error parsing glob '*.[ch': unclosed character class; missing ']'" {
		t.Errorf("Add of a malformed glob: %v", err)
	}
	if err := New().Add("é1:*.q"); err != nil {
		t.Errorf("Add of a name in letters and digits: %v", err)
	}
	tb := New()
	tb.Select("go")
	tb.Negate("nosuch")
	if _, err := tb.Matcher(); !errors.As(err, &unknown) || err.Error() != "unrecognized file type: nosuch" {
		t.Errorf("Matcher with an unknown type: %v", err)
	}
}

// TestDefs: --type-list's order, names sorted, globs sorted once each.
func TestDefs(t *testing.T) {
	tb := New()
	for _, d := range []string{"zz:*.b", "zz:*.a", "zz:*.b", "go:*.go"} {
		if err := tb.Add(d); err != nil {
			t.Fatal(err)
		}
	}
	defs := tb.Defs()
	if !slices.IsSortedFunc(defs, func(a, b Def) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("Defs not sorted by name")
	}
	i := slices.IndexFunc(defs, func(d Def) bool { return d.Name == "zz" })
	j := slices.IndexFunc(defs, func(d Def) bool { return d.Name == "go" })
	if i < 0 || !slices.Equal(defs[i].Globs, []string{"*.a", "*.b"}) || j < 0 || !slices.Equal(defs[j].Globs, []string{"*.go"}) {
		t.Errorf("Defs: zz %v, go %v", defs[i], defs[j])
	}
}

// FuzzMatch checks the matcher's short cuts (names, extensions) against
// matching every glob of the choices in turn, the last match deciding.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"a.go", "Makefile", "x.tar.gz", ".bashrc", "LICENSE", "a.aspx.cs", "x.min.js", "go", "", ".", "a..md"} {
		f.Add(s)
	}
	choices := []choice{{"go", false}, {"c", false}, {"cpp", true}, {"make", false}, {"sh", false}, {"license", false}, {"js", false}, {"minified", true}, {"md", false}, {"asp", false}}
	tb := New()
	tb.choices = choices
	m, err := tb.Matcher()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if strings.Contains(name, "/") {
			return // not a base name
		}
		want := Excluded
		for _, c := range choices {
			for _, g := range tb.globs[c.name] {
				if doublestar.MatchUnvalidated(g, name) {
					want = Selected
					if c.negate {
						want = Excluded
					}
				}
			}
		}
		if got := m.Match(name); got != want {
			t.Fatalf("Match(%q) = %d, want %d", name, got, want)
		}
	})
}
