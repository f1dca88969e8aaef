package main

import (
	"os"
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
