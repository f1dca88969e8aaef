package ignore

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestMatch: git's rules for one file, each case checked against git
// check-ignore when it was written.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		file string
		path string
		dir  bool
		want Verdict
	}{
		{"*.o", "a.o", false, Ignored},
		{"*.o", "d/a.o", false, Ignored},
		{"*.o", "a.c", false, None},
		{"*.o\n!keep.o", "d/keep.o", false, Whitelist},
		{"build/", "build", true, Ignored},
		{"build/", "build", false, None},
		{"build/", "x/build", true, Ignored},
		{"/build", "build", false, Ignored},
		{"/build", "x/build", false, None},
		{"a/b", "a/b", false, Ignored},
		{"a/b", "x/a/b", false, None},
		{"a/*.c", "a/x.c", false, Ignored},
		{"a/*.c", "a/y/x.c", false, None},
		{"**/foo", "foo", false, Ignored},
		{"**/foo", "a/b/foo", false, Ignored},
		{"a/**/b", "a/b", false, Ignored},
		{"a/**/b", "a/x/y/b", false, Ignored},
		{"a/**/b", "a/xb", false, None},
		{"?", "a*", false, None},
		{"?", "d/a", false, Ignored},
		{"x?", "dx/y", false, None},
		{"a/**", "a/x/y", false, Ignored},
		{"a/**", "a", true, None},
		{"vendor/**\n!vendor/manifest", "vendor/manifest", false, Whitelist},
		{"vendor/**\n!vendor/manifest", "vendor/other", false, Ignored},
		{".*", ".foo", false, Ignored},
		{".*\n!.foo", ".foo", false, Whitelist},
		{`\!x`, "!x", false, Ignored},
		{`\#x`, "#x", false, Ignored},
		{"#x", "#x", false, None},
		{"x  ", "x", false, Ignored},
		{`x\ `, "x ", false, Ignored},
		{"f?o", "foo", false, Ignored},
		{"f?o", "f/o", false, None},
		{"[a-c]x", "bx", false, Ignored},
		{"[!a-c]x", "bx", false, None},
		{"[!a-c]x", "dx", false, Ignored},
		{"[[:digit:]]x", "7x", false, Ignored},
		{"[]]x", "]x", false, Ignored},
		{`x\`, "x", false, None},
		{"[ab", "a", false, None},
		{"a**b", "axxb", false, Ignored},
		{"a**b", "ax/xb", false, None},
		{"d/a**b", "d/axxb", false, Ignored},
		{"foo*", "foobar", false, Ignored},
		{"*bar*", "xbarx", false, Ignored},
		{"*", "anything/at/all", false, Ignored},
		{"a/b/", "a/b", true, Ignored},
		{"*.txt\r\n", "a.txt", false, Ignored},
	} {
		m := Compile([]byte(c.file))
		slash := strings.LastIndexByte(c.path, '/') + 1
		dir, name := c.path[:slash], c.path[slash:]
		for _, split := range []int{0, strings.IndexByte(dir, '/') + 1, len(dir)} {
			if got := m.Match(dir[:split], dir[split:], name, c.dir); got != c.want {
				t.Errorf("%q against %q (dir %v, split %d): %v, want %v", c.file, c.path, c.dir, split, got, c.want)
			}
		}
	}
}

// TestManyPatterns: a file of many patterns of every shape still
// decides by its last matching pattern, and the automaton's cache
// stays bounded.
func TestManyPatterns(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		fmt.Fprintf(&b, "name%d\n*.ext%d\npre%d*\n/dir%d/file\nd%d/*/x?y\n**/deep%d/**\n", i, i, i, i, i, i)
	}
	b.WriteString("!name7\n")
	m := Compile([]byte(b.String()))
	for _, c := range []struct {
		path string
		want Verdict
	}{
		{"a/name7", Whitelist},
		{"a/name8", Ignored},
		{"x.ext3", Ignored},
		{"pre99zz", Ignored},
		{"dir5/file", Ignored},
		{"d5/q/xzy", Ignored},
		{"q/deep9/r/s", Ignored},
		{"other", None},
	} {
		slash := strings.LastIndexByte(c.path, '/') + 1
		if got := m.Match("", c.path[:slash], c.path[slash:], false); got != c.want {
			t.Errorf("%q: %v, want %v", c.path, got, c.want)
		}
	}
	for i := range 500 {
		m.Match(fmt.Sprintf("d%d/", i%500), fmt.Sprintf("q%d/", i), fmt.Sprintf("x%dy", i%10), false)
	}
	if n := m.pathAuto.size; n > 2*maxCache {
		t.Errorf("%d bytes cached, bound %d", n, maxCache)
	}
}

// TestConcurrentMatch: goroutines that run paths through one matcher at
// once, while its automata grow and are cleared, get what one goroutine
// alone gets (run with -race, this also checks the lock-free reads).
func TestConcurrentMatch(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "d%d/*/x?y\n**/deep%d/**\n!*%d[a-f]z\n", i, i, i)
	}
	data := []byte(b.String())
	path := func(i int) (string, string) {
		return fmt.Sprintf("d%d/q%d/", i%40, i%97), fmt.Sprintf("x%dy%d%cz", i%10, i%40, 'a'+byte(i%8))
	}
	alone := Compile(data)
	want := make([]Verdict, 2000)
	for i := range want {
		d, n := path(i)
		want[i] = alone.Match("", d, n, false)
	}
	shared := Compile(data)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range len(want) {
				i := (k*7 + g*613) % len(want)
				d, n := path(i)
				if got := shared.Match("", d, n, false); got != want[i] {
					t.Errorf("%s%s: %v, want %v", d, n, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}
