package walk

import (
	"runtime"
	"testing"
)

// TestJoinPath: names are joined with '/' under the operand as typed.
func TestJoinPath(t *testing.T) {
	cases := []struct{ dir, name, want string }{
		{"", "a", "a"}, {".", "a", "./a"}, {"d", "a", "d/a"}, {"d/", "a", "d/a"}, {"/", "a", "/a"},
	}
	if runtime.GOOS == "windows" {
		cases = append(cases, []struct{ dir, name, want string }{
			{`C:\`, "a", `C:\a`}, {`C:\src`, "a", `C:\src/a`}, {`src\`, "a", `src\a`}, {"C:", "a", "C:a"},
			{`\\server\share`, "a", `\\server\share/a`},
		}...)
	}
	for _, c := range cases {
		if got := joinPath(c.dir, c.name); got != c.want {
			t.Errorf("joinPath(%q, %q) = %q, want %q", c.dir, c.name, got, c.want)
		}
	}
}

// TestBaseName: a root's name for -name is its last element.
func TestBaseName(t *testing.T) {
	cases := map[string]string{"a": "a", "a/b": "b", "a/b/": "b", "/": "/", "//": "/", ".": "."}
	if runtime.GOOS == "windows" {
		cases[`C:\src\`] = "src"
		cases[`src\dir`] = "dir"
		cases[`C:\`] = `C:\`
		cases[`\\server\share\`] = `\\server\share\`
	}
	for p, want := range cases {
		if got := baseName(p); got != want {
			t.Errorf("baseName(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestMatchGlobParts: --include, --exclude and --exclude-dir match a path
// named on the command line or any part of it after a separator, which
// on Windows a backslash is too.
func TestMatchGlobParts(t *testing.T) {
	cases := []struct {
		glob, p string
		want    bool
	}{
		{"foo.c", "foo.c", true}, {"foo.c", "src/foo.c", true}, {"src", "a/src", true},
		{"foo.c", "src/xfoo.c", false}, {"*.c", "src/foo.c", true}, {"src/*.c", "top/src/foo.c", true},
		{"foo.c", `src\foo.c`, runtime.GOOS == "windows"},
		{"foo.c", `C:\src/foo.c`, true},
	}
	for _, c := range cases {
		if got := matchGlob(c.glob, c.p, false); got != c.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v", c.glob, c.p, got, c.want)
		}
	}
}
