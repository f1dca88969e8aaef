package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"urg/internal/testbin"
)

var spotBin string

func TestMain(m *testing.M) { testbin.Main(m, "urg/cmd/spot", &spotBin) }

// tree makes a directory with odd modes, sizes and times, and, where
// the system has them (specialFiles), every file type and other owners,
// and returns its path.
func tree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	now := time.Now()
	write := func(rel string, size int, mode os.FileMode, age time.Duration) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bytes.Repeat([]byte("x"), size), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		when := now.Add(-age)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	day := 24 * time.Hour
	write("a.h", 0, 0o644, 0)
	write("b.c", 1, 0o600, 3*day)
	write("src/main.go", 511, 0o755, 10*day+time.Hour)
	write("src/util.H", 512, 0o4755, 2*day)
	write("src/lib/x.h", 513, 0o640, 40*day)
	write("src/lib/deep/y.txt", 1024, 0o421, day/2)
	write("big/one.bin", 1<<20, 0o644, 400*day)
	write("big/two.bin", 1<<20+1, 0o2711, 5*day)
	write("big/three.bin", 3<<20, 0o1777, 30*day)
	write(".hidden/.dot.h", 100, 0o000, 7*day)
	write("we ird/na me[1].h", 7, 0o644, 0)
	write("ref", 10, 0o644, 6*day)
	// A directory longer than one getdents buffer (32 KiB): its entries
	// are listed, stat'ed and handed out in several batches.
	for i := range 3000 {
		write(fmt.Sprintf("many/an-entry-with-a-longer-name-%04d", i), i%7*300, 0o644, time.Duration(i%50)*day)
	}
	for _, d := range []string{"empty", "src/lib/empty2"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(root, "src/lib/empty2"), 0o1777); err != nil {
		t.Fatal(err)
	}
	specialFiles(t, root)
	return root
}

// lines runs a command in dir and returns its output records sorted.
func lines(t *testing.T, dir string, sep string, name string, args ...string) ([]string, string, int) {
	t.Helper()
	r := testbin.Run(t, dir, nil, nil, name, args...)
	out := strings.Split(strings.TrimSuffix(r.Stdout, sep), sep)
	if r.Stdout == "" {
		out = nil
	}
	slices.Sort(out)
	return out, r.Stderr, r.Code
}

// TestSorted checks --sort=path: the walk's order of names, parents first.
func TestSorted(t *testing.T) {
	root := tree(t)
	cmd := exec.Command(spotBin, "--sort=path", "-name", "*.h")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "./.hidden/.dot.h\n./a.h\n./src/lib/x.h\n./we ird/na me[1].h\n"
	if string(out) != want {
		t.Fatalf("spot --sort=path -name '*.h':\n%s\nwant:\n%s", out, want)
	}
}

// TestBadCommandLines checks that a bad primary or value fails before any
// output, with exit status 1 and a message.
func TestBadCommandLines(t *testing.T) {
	root := tree(t)
	for _, c := range [][]string{
		{"-bogus"}, {"-name"}, {"-type", "x"}, {"-size", "1q"}, {"-size", "+"}, {"-uid", "abc"},
		{"-user", "no-such-user-here"}, {"-group", "no-such-group-here"}, {"-perm", "999"},
		{"-perm", "u!w"}, {"-newer", "no-such-file"}, {"-mtime", "x"}, {"-maxdepth", "-1"},
		{"-j", "0"}, {"--sort=size"}, {"--stat=fast"}, {"-j"},
		{"-name", "x", ")"}, {"(", "-name", "x"}, {"!"}, {"-o"}, {"-name", "x", "-o"}, {"(", ")"},
		{"x", "-name", "y", "z"}, {"-exec", "echo"}, {"-exec", ";"}, {"-printf", "%Q"}, {"-regex", "\\("},
		{"-newermt", "not a date"}, {"-regextype", "awk"},
	} {
		cmd := exec.Command(spotBin, c...)
		cmd.Dir = root
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 1 || stdout.Len() > 0 || !strings.HasPrefix(stderr.String(), "spot: ") {
			t.Errorf("spot %q: err %v, stdout %q, stderr %q; want exit 1, no output, a message", c, err, stdout.String(), stderr.String())
		}
	}
}
