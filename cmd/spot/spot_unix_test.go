//go:build unix

package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
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
