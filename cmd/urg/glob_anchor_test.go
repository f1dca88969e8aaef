package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// globAnchorTree writes the tree the anchoring tests search, and
// returns the directory that holds it, as getcwd names it: t, below it
// sub, sub/deep and other/sub, and tx beside it, whose path starts with
// t's byte by byte. Every file holds PAT.
func globAnchorTree(t *testing.T) string {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range []string{"t/a.py", "t/b.txt", "t/sub/c.py", "t/sub/d.txt", "t/sub/deep/e.py",
		"t/other/sub/f.py", "t/Sub/g.PY", "t/.hid/h.py", "tx/i.py", "tx/sub/j.py"} {
		files[f] = "PAT\n"
	}
	writeTree(t, base, files)
	return base
}

// globAnchorGlobs are the -g and --iglob lists the anchoring tests try:
// with a slash, anchored (a leading one too), "**/", a trailing slash,
// "!", without a slash, case folded, and ones that only a path as typed
// (../) or one stripped byte by byte (x/: tx below t) matches.
var globAnchorGlobs = [][]string{
	{"-g", "sub/*.py"}, {"-g", "/sub/*.py"}, {"-g", "/*.py"}, {"-g", "**/sub/*.py"}, {"-g", "sub/**"},
	{"-g", "t/sub/*.py"}, {"-g", "x/sub/*.py"}, {"-g", "deep/*.py"}, {"-g", "*.py"}, {"-g", "../sub/*.py"},
	{"-g", "!sub/"}, {"-g", "!sub/deep/"}, {"-g", "!/sub"}, {"-g", "!x"}, {"-g", "*.py", "-g", "!sub/*"},
	{"--iglob", "SUB/*.py"}, {"--glob-case-insensitive", "-g", "SUB/*.PY"}, {"-g", "sub/*.py", "--iglob", "!SUB/C.PY"},
}

// TestGlobAnchorAsRipgrep15: -g and --iglob anchor a glob with a slash
// where ripgrep 15 does, at the working directory, matching the path as
// the walk names it (the operand as typed, then the names below) with
// "./" and the working directory stripped, not the path below the
// operand; a glob without a slash matches the name anywhere, and a
// directory an anchored "!" glob leaves out is not walked. Each glob is
// tried with --files and with -l, from t, from t/sub and from the
// directory above t, on operands relative (with "./", "../", ".." inside,
// a trailing slash, none at all) and absolute, and on a file; outputs
// are compared sorted.
func TestGlobAnchorAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	base := globAnchorTree(t)
	top := filepath.Join(base, "t")
	sub := filepath.Join(top, "sub")
	for _, c := range []struct {
		name, cwd string
		roots     []string // "" is no operand
	}{
		{"tree", top, []string{"", ".", "./", "sub", "./sub", "././sub", ".//sub", "sub/", "sub/../sub", "../t", top, sub, base, "a.py"}},
		{"subdirectory", sub, []string{"..", "../sub", ".", top, "../../t"}},
		{"parent", base, []string{"t", "./t", top, base, "t/sub"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for _, root := range c.roots {
				for _, globs := range globAnchorGlobs {
					files := append(append([]string{"--files"}, globs...), root)
					search := append(append([]string{"-l"}, globs...), "PAT", root)
					if root == "" {
						sameAsRipgrep15(t, rg, c.cwd, env, files[:len(files)-1], true)
						sameImplicitAsRipgrep15(t, rg, c.cwd, env, search[:len(search)-1])
						continue
					}
					sameAsRipgrep15(t, rg, c.cwd, env, files, true)
					sameAsRipgrep15(t, rg, c.cwd, env, search, true)
				}
			}
		})
	}
}

// sameImplicitAsRipgrep15 is sameAsRipgrep15 (sorted) for a search of
// the implicit ".", save that where rg searched no file at all it warns
// and exits with 2, and urg, as grep, finds nothing and exits with 1
// (as sameSetAsRg takes it).
func sameImplicitAsRipgrep15(t *testing.T, rg, dir string, env, args []string) {
	t.Helper()
	want := runCtx(t, dir, nil, env, rg, append([]string{"-uuu", "-a", "--no-heading", "--color=never"}, args...)...)
	if strings.Contains(want.stderr, "No files were searched") {
		want.code = 1
	}
	got := runCtx(t, dir, nil, env, urgBin, args...)
	if g, w := sortedLines(got.stdout), sortedLines(want.stdout); !slices.Equal(g, w) || got.code != want.code {
		t.Errorf("urg %q: stdout %q status %d, rg 15 %q status %d", args, g, got.code, w, want.code)
	}
}

// TestGlobAnchorPhysicalCwdAsRipgrep15: the working directory the globs
// are anchored at is getcwd's, as ripgrep's: run in a directory reached
// through a symbolic link, with PWD naming the link, an operand through
// the link is not below it, one through the directory itself is.
func TestGlobAnchorPhysicalCwdAsRipgrep15(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	base := globAnchorTree(t)
	link := filepath.Join(base, "link")
	symlink(t, "t", link)
	env = append(env, "PWD="+link)
	for _, root := range []string{link, filepath.Join(base, "t"), "sub", "."} {
		for _, globs := range [][]string{{"-g", "sub/*.py"}, {"-g", "!sub/"}, {"-g", "*.py"}} {
			sameAsRipgrep15(t, rg, link, env, append(append([]string{"--files"}, globs...), root), true)
			sameAsRipgrep15(t, rg, link, env, append(append([]string{"-l"}, globs...), "PAT", root), true)
		}
	}
}

// TestGlobAnchorGoSourceAsRipgrep15 is the report's case, in Go's own
// source tree: in $GOROOT/src, -g 'runtime/*.py' over runtime finds
// runtime/runtime-gdb.py; from $GOROOT, over src/runtime, it finds
// nothing; and over the absolute path it finds it from src only.
func TestGlobAnchorGoSourceAsRipgrep15(t *testing.T) {
	rg, env := ripgrep15Env(t)
	if env == nil {
		return
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	goroot := strings.TrimSpace(string(out))
	if err != nil || goroot == "" {
		t.Skipf("no GOROOT from go env (%v)", err)
	}
	if goroot, err = filepath.EvalSymlinks(goroot); err != nil {
		t.Skipf("GOROOT: %v", err)
	}
	src := filepath.Join(goroot, "src")
	if _, err := os.Stat(filepath.Join(src, "runtime", "runtime-gdb.py")); err != nil {
		t.Skipf("no runtime-gdb.py in Go's source tree: %v", err)
	}
	abs := filepath.Join(src, "runtime")
	for _, c := range []struct{ cwd, root string }{{src, "runtime"}, {src, abs}, {goroot, "src/runtime"}, {goroot, abs}} {
		sameAsRipgrep15(t, rg, c.cwd, env, []string{"-l", "-g", "runtime/*.py", "SYSCALL", c.root}, true)
	}
	got := runCtx(t, src, nil, env, urgBin, "-l", "-g", "runtime/*.py", "SYSCALL", "runtime")
	if got.stdout != "runtime/runtime-gdb.py\n" {
		t.Errorf("urg -l -g 'runtime/*.py' SYSCALL runtime in %s: %q, status %d", src, got.stdout, got.code)
	}
}
