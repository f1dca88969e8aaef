package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestWalkLikeGrep checks walk corner cases against grep itself: loops
// through followed links (a warning, not an error), dangling links, names in
// messages, and where --include, --exclude and --exclude-dir apply.
func TestWalkLikeGrep(t *testing.T) {
	grep := needGrep(t)
	root := t.TempDir()
	for _, f := range []string{"top", "dir/a", "dir/sub/b", "dir/sub/s.go", "vendor/v.go", "vendor/v/w.go", "src/vendor/x.go"} {
		p := filepath.Join(root, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("needle\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Symlink("..", filepath.Join(root, "dir/loop"))
	os.Symlink("nowhere", filepath.Join(root, "dir/dangle"))
	cases := [][]string{
		{"-R", "needle", "dir"},
		{"-R", "needle"},
		{"-r", "needle"},
		{"-r", "--exclude-dir=vendor", "needle", "vendor"},
		{"-r", "--exclude-dir=vendor", "needle", "src/vendor"},
		{"-r", "--exclude-dir=vendor", "needle", "vendor/"},
		{"-r", "--exclude-dir=vendor", "needle", "."},
		{"-rl", "--include=sub/*.go", "needle", "."},
		{"-rl", "--include=*.go", "needle", "."},
		{"-rl", "--exclude=*/s.go", "needle", "."},
		{"-rl", "--exclude=s.go", "needle", "."},
		{"-l", "--include=dir/sub/*.go", "needle", "dir/sub/s.go", "top"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			want := runCmd(t, root, []byte{}, grep, args...)
			got := runCmd(t, root, []byte{}, urgBin, args...)
			want.stderr = strings.ReplaceAll(want.stderr, grep+": ", "urg: ")
			if sortLines(got.stdout) != sortLines(want.stdout) || sortLines(got.stderr) != sortLines(want.stderr) || got.code != want.code {
				t.Fatalf("urg %q:\n got %+v\nwant %+v", args, got, want)
			}
		})
	}
}

// TestUnreadableLikeGrep runs urg and grep as an unprivileged user (root
// reads everything) over a tree with an unreadable file and directory,
// under each engine: the same lines, the same messages, exit status 2.
func TestUnreadableLikeGrep(t *testing.T) {
	grep := needGrep(t)
	setpriv, err := exec.LookPath("setpriv")
	if err != nil || os.Geteuid() != 0 {
		t.Skip("needs root and setpriv to run as an unprivileged user")
	}
	root, err := os.MkdirTemp("", "urg-perm")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(root)
	os.Chmod(root, 0o755)
	bin := filepath.Join(root, "urg")
	data, err := os.ReadFile(urgBin)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(bin, data, 0o755)
	tree := filepath.Join(root, "tree")
	for _, f := range []string{"a", "sub/b", "secret", "closed/c"} {
		p := filepath.Join(tree, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("needle\n"), 0o644)
	}
	os.Chmod(filepath.Join(tree, "secret"), 0)
	os.Chmod(filepath.Join(tree, "closed"), 0)
	defer os.Chmod(filepath.Join(tree, "closed"), 0o755)
	nobody := []string{"--reuid=65534", "--regid=65534", "--clear-groups"}
	want := runCmd(t, tree, nil, setpriv, append(nobody, grep, "-r", "needle", ".")...)
	want.stderr = strings.ReplaceAll(want.stderr, grep+": ", "urg: ")
	for _, io := range engines(t) {
		got := runCmd(t, tree, nil, setpriv, append(nobody, bin, "--io="+io, "needle", ".")...)
		if sortLines(got.stdout) != sortLines(want.stdout) || sortLines(got.stderr) != sortLines(want.stderr) || got.code != want.code {
			t.Fatalf("--io=%s as nobody:\n got %+v\nwant %+v", io, got, want)
		}
	}
}
