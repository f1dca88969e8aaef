package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"urg/internal/testbin"
)

// TestIgnore: spot --ignore leaves out what urg --ignore does (what the
// ignore files name, hidden entries, .git), the entries and what is
// below them; --hidden keeps hidden entries; the roots are always
// printed.
func TestIgnore(t *testing.T) {
	root := t.TempDir()
	for rel, data := range map[string]string{
		".gitignore": "*.log\nbuild/\n!keep.log\n!.kept\n", ".git/HEAD": "x\n", ".ignore": "secret\n",
		"a.txt": "", "b.log": "", "keep.log": "", "build/x": "", "sub/build/y": "", "sub/c": "",
		".hidden": "", ".kept": "", "secret": "",
	} {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--ignore"}, []string{".", "./.kept", "./a.txt", "./keep.log", "./sub", "./sub/c"}},
		{[]string{"--ignore", "--hidden"}, []string{".", "./.gitignore", "./.hidden", "./.ignore", "./.kept", "./a.txt", "./keep.log", "./sub", "./sub/c"}},
		{[]string{"--ignore", "-type", "f", "-name", "*.log"}, []string{"./keep.log"}},
	} {
		r := testbin.Run(t, root, nil, nil, spotBin, append([]string{"."}, c.args...)...)
		got := strings.Fields(r.Stdout)
		slices.Sort(got)
		if r.Code != 0 || !slices.Equal(got, c.want) {
			t.Errorf("spot . %q: %q (status %d, %q), want %q", c.args, got, r.Code, r.Stderr, c.want)
		}
	}
}
