package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDist makes the host's archive twice from the same commit: the
// same bytes both times; the archive holds urg, spot, their man pages,
// the completions, the README and the LICENSE; its urg says the version
// stamped in, its man page renders (where man is installed), and
// SHA256SUMS holds the archive's sum.
func TestDist(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the archive's binaries are run here: a Linux test")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: no commit to date the archive by")
	}
	t.Chdir("..")
	target := "linux/" + runtime.GOARCH
	outs := [2]string{t.TempDir(), t.TempDir()}
	for _, out := range outs {
		if err := run(out, "9.9.9-test", []string{target}); err != nil {
			t.Fatal(err)
		}
	}
	name := "urg-9.9.9-test-linux-" + runtime.GOARCH + ".tar.gz"
	a, err := os.ReadFile(filepath.Join(outs[0], name))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(outs[1], name))
	if !bytes.Equal(a, b) {
		t.Errorf("two runs gave different archives (%d and %d bytes)", len(a), len(b))
	}
	sums, _ := os.ReadFile(filepath.Join(outs[0], "SHA256SUMS"))
	if want := fmt.Sprintf("%x  %s\n", sha256.Sum256(a), name); string(sums) != want {
		t.Errorf("SHA256SUMS = %q, want %q", sums, want)
	}
	// Unpacked, with each entry's mode.
	dir := t.TempDir()
	gz, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		p := filepath.Join(dir, h.Name)
		if h.Typeflag == tar.TypeDir {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		data, _ := io.ReadAll(tr)
		if err := os.WriteFile(p, data, os.FileMode(h.Mode)); err != nil {
			t.Fatal(err)
		}
	}
	base := filepath.Join(dir, strings.TrimSuffix(name, ".tar.gz"))
	for _, f := range []string{"urg", "spot", "urg.1", "spot.1", "complete/urg.bash", "complete/_urg", "complete/urg.fish", "README.md", "LICENSE"} {
		if _, err := os.Stat(filepath.Join(base, f)); err != nil {
			t.Errorf("the archive lacks %s (it holds %q)", f, names)
		}
	}
	for _, b := range []string{"urg", "spot"} {
		out, err := exec.Command(filepath.Join(base, b), "--version").Output()
		if want := b + " 9.9.9-test\n"; err != nil || string(out) != want {
			t.Errorf("%s --version: %q, %v; want %q", b, out, err, want)
		}
	}
	man, err := exec.LookPath("man")
	if err != nil {
		t.Logf("man is not installed: the man page is not rendered")
		return
	}
	cmd := exec.Command(man, "-l", filepath.Join(base, "urg.1"))
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
	if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), "MIT licence") {
		t.Errorf("man -l urg.1: %v, %d bytes, no licence", err, len(out))
	}
}
