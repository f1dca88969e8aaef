//go:build unix

package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"urg/internal/testbin"
)

// The tests of this file hold spot to find(1) on a tree with FIFOs,
// sockets, devices, other owners and every permission bit: Unix's, as
// is the find they compare with (Windows's find.exe searches text).

// specialFiles adds to the tree links of every kind, a FIFO, a socket,
// and, as root, device nodes and files of other owners.
func specialFiles(t *testing.T, root string) {
	t.Helper()
	for link, target := range map[string]string{"ln-file": "a.h", "ln-dir": "src", "ln-dangling": "nowhere", "src/ln-up": ".."} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := unix.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(root, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	if os.Getuid() == 0 {
		if err := mknod(filepath.Join(root, "null"), unix.S_IFCHR|0o666, 1, 3); err != nil {
			t.Fatal(err)
		}
		if err := mknod(filepath.Join(root, "loop"), unix.S_IFBLK|0o660, 7, 200); err != nil {
			t.Fatal(err)
		}
		for p, id := range map[string]int{"b.c": 1234, "src/lib": 4321, "big/two.bin": 65534} {
			if err := os.Lchown(filepath.Join(root, p), id, id+1); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		t.Log("not root: no device nodes and no other owners in the tree")
	}
}

// TestAgainstFind runs every primary, and combinations, on the same tree
// with find and spot and compares the sorted outputs.
func TestAgainstFind(t *testing.T) {
	if _, err := exec.LookPath("find"); err != nil {
		t.Skip("find is not installed")
	}
	root := tree(t)
	cases := [][]string{
		{},
		{"."},
		{"src", "big"},
		{"-name", "*.h"},
		{"-name", "*.[ch]"},
		{"-name", "[!a-b]*"},
		{"-name", ".*"},
		{"-name", "na me\\[1\\].h"},
		{"-name", "[ab"},
		{"-iname", "*.H"},
		{"-path", "./src/*"},
		{"-path", "*lib*"},
		{"-type", "f"}, {"-type", "d"}, {"-type", "l"}, {"-type", "p"}, {"-type", "s"},
		{"-type", "c"}, {"-type", "b"}, {"-type", "f,l"},
		{"-size", "0"}, {"-size", "1"}, {"-size", "2"}, {"-size", "+1"}, {"-size", "-2"},
		{"-size", "513c"}, {"-size", "+512c"}, {"-size", "-1k"}, {"-size", "1k"},
		{"-size", "+1M"}, {"-size", "1M"}, {"-size", "-3M"}, {"-size", "+0G"}, {"-size", "1w"},
		{"-uid", "0"}, {"-uid", "1234"}, {"-uid", "+1000"}, {"-gid", "4322"}, {"-gid", "-1"},
		{"-user", "root"}, {"-group", "root"}, {"-user", "1234"},
		{"-perm", "644"}, {"-perm", "-644"}, {"-perm", "/022"}, {"-perm", "/0"}, {"-perm", "-4000"},
		{"-perm", "/6000"}, {"-perm", "1777"}, {"-perm", "-u+x"}, {"-perm", "u=rw,go=r"}, {"-perm", "/o=w"},
		{"-perm", "000"}, {"-perm", "-g+s"},
		{"-newer", "ref"},
		{"-mtime", "0"}, {"-mtime", "+5"}, {"-mtime", "-3"}, {"-mtime", "10"}, {"-mtime", "+100"},
		{"-maxdepth", "0"}, {"-maxdepth", "1"}, {"-maxdepth", "2"},
		{"-mindepth", "2"}, {"-mindepth", "1", "-maxdepth", "1"},
		{"-empty"}, {"-empty", "-type", "d"},
		{"-type", "f", "-size", "+1M"},
		{"-name", "*.h", "-type", "f", "-maxdepth", "2"},
		{"src", "-type", "f", "-perm", "-u+x", "-size", "-1k"},
		{"-type", "f", "-newer", "ref", "-mtime", "-3"},
		{"-type", "d", "-perm", "/o+t", "-empty"},
		{"-name", "*.bin", "-uid", "0", "-size", "+1M"},
		{"-print0"}, {"-name", "*.h", "-print0"},
		{"-print"},
		{"src/", "-name", "*.go"},
		{"ln-dir"}, {"ln-dir", "-type", "l"},
		{"many", "-size", "+3"}, {"many", "-name", "*-1*", "-size", "-2", "-mtime", "-20"},
		// find's grammar: operators, actions, and what spot lacked.
		{"src", "!", "-name", "*.h"}, {"-not", "-type", "d"}, {"!", "!", "-type", "f"},
		{"-name", "*.h", "-o", "-name", "*.c"}, {"-name", "*.h", "-or", "-size", "+1M", "-and", "-type", "f"},
		{"(", "-name", "*.h", "-o", "-name", "*.go", ")", "-type", "f"}, {"-type", "f", "-a", "(", "!", "-name", "*.bin", ")"},
		{"-name", "src", "-prune", "-o", "-print"}, {"-name", "src", "-prune", "-o", "-type", "f", "-print"},
		{"-path", "./many", "-prune", "-o", "-name", "*.h", "-print"}, {"-name", "*.h", ",", "-name", "*.c"},
		{"-type", "f", "-name", "*.bin", "-printf", "%p %s %m %M %y %d %f %h %u %g %U %G\n"},
		{"-name", "*.h", "-printf", "[%-20f|%5s|%P|%H]\n"}, {"src", "big", "-printf", "%h|%P|%H|%d\n"},
		{"-maxdepth", "1", "-printf", "%TY-%Tm-%Td %TH:%TM %T@ %t\n"}, {"-printf", "%p\\t%y\\n"},
		{"-regex", ".*/[ab]\\..*"}, {"-regex", ".*/\\(src\\|big\\)"}, {"-regextype", "posix-extended", "-regex", ".*\\.(h|c)"},
		{"-iregex", ".*\\.H"}, {"-newermt", "2000-01-01"}, {"-newermt", "2999-01-01 10:00"}, {"-mmin", "-30"},
		{"-readable"}, {"-writable", "-type", "f"}, {"-executable", "-type", "f"}, {"-true"}, {"-false"}, {"-depth", "-name", "*.h"},
		{"-name", "*.h", "-exec", "echo", "found", "{}", ";"}, {"-name", "*.bin", "-exec", "test", "-s", "{}", ";", "-print"},
		{"-type", "f", "-name", "*.h", "-exec", "printf", "%s\n", "{}", "+"}, {"many", "-type", "f", "-exec", "printf", "%s\n", "{}", "+"},
		{"-type", "f", "-name", "*.c", "-execdir", "printf", "%s\n", "{}", ";"}, {"src", "-type", "f", "-execdir", "printf", "%s\n", "{}", "+"},
		{"-name", "a.h", "-print", "-quit"}, {"-name", "*.h", "-exec", "echo", "-j", "3", "{}", ";"},
	}
	for _, c := range cases {
		sep := "\n"
		if slices.Contains(c, "-print0") {
			sep = "\x00"
		}
		want, _, wantCode := lines(t, root, sep, "find", c...)
		for _, opts := range [][]string{{"-j", "1"}, {"-j4"}, {"-j", "4", "--stat=ring"}} {
			got, stderr, code := lines(t, root, sep, spotBin, append(slices.Clone(opts), c...)...)
			if !slices.Equal(got, want) || code != wantCode {
				t.Errorf("spot %q %q: exit %d, %d entries, stderr %q\n got %q\nfind: exit %d, want %q",
					opts, c, code, len(got), stderr, got, wantCode, want)
			}
		}
	}
}

// TestDeleteAndQuitAgainstFind: -delete removes what it selects, contents
// before their directories, as find -delete does (the two trees left
// the same); -quit stops after one entry.
func TestDeleteAndQuitAgainstFind(t *testing.T) {
	if _, err := exec.LookPath("find"); err != nil {
		t.Skip("find is not installed")
	}
	for _, c := range [][]string{{"-name", "*.h", "-delete"}, {"-path", "./src/lib*", "-delete"}, {"-type", "f", "-size", "+1M", "-delete", "-print"}} {
		trees := [2]string{tree(t), tree(t)}
		want, _, wantCode := lines(t, trees[0], "\n", "find", c...)
		got, stderr, code := lines(t, trees[1], "\n", spotBin, c...)
		if !slices.Equal(got, want) || code != wantCode {
			t.Errorf("spot %q: exit %d, stderr %q, %q; find: exit %d, %q", c, code, stderr, got, wantCode, want)
		}
		left := [2][]string{}
		for i, root := range trees {
			left[i], _, _ = lines(t, root, "\n", "find")
		}
		if !slices.Equal(left[0], left[1]) {
			t.Errorf("spot %q left %d entries, find %d", c, len(left[1]), len(left[0]))
		}
	}
	got, _, code := lines(t, tree(t), "\n", spotBin, "-type", "f", "-print", "-quit")
	if len(got) != 1 || code != 0 {
		t.Errorf("spot -type f -print -quit: %q, exit %d; want one path", got, code)
	}
}

// TestErrorWordsAsFind: what spot cannot read is reported in find's
// words, the system's capitalised, and the expression's errors as find
// words them.
func TestErrorWordsAsFind(t *testing.T) {
	root := tree(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"no-such"}, "spot: no-such: No such file or directory\n"},
		{[]string{".", "x", "-name", "y"}, "spot: x: No such file or directory\n"},
		{[]string{"-name", "y", "z"}, "spot: paths must precede expression: `z'\n"},
		{[]string{"-name", "y", ")"}, "spot: invalid expression; you have too many ')'\n"},
		{[]string{"-bogus"}, "spot: unknown predicate `-bogus'\n"},
	} {
		r := testbin.Run(t, root, nil, nil, spotBin, c.args...)
		if !strings.HasSuffix(r.Stderr, c.want) || r.Code != 1 {
			t.Errorf("spot %q: stderr %q, exit %d; want %q, exit 1", c.args, r.Stderr, r.Code, c.want)
		}
	}
	if os.Geteuid() == 0 {
		return // root reads anything
	}
	locked := filepath.Join(root, "locked")
	if err := os.Mkdir(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	if r := testbin.Run(t, root, nil, nil, spotBin, "locked"); !strings.Contains(r.Stderr, "spot: locked: Permission denied") || r.Code != 1 {
		t.Errorf("spot locked: stderr %q, exit %d", r.Stderr, r.Code)
	}
}
