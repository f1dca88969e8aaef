package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMakeBuildVersion holds `make build` to the version the archives
// and the .deb are stamped with: one commit, one version, however built.
func TestMakeBuildVersion(t *testing.T) {
	for _, tool := range []string{"git", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: no make build to check", tool)
		}
	}
	t.Chdir("..")
	want, err := describe()
	if err != nil {
		t.Skipf("not a git checkout (%v): make build stamps 0.1.0-dev", err)
	}
	bin := t.TempDir()
	if out, err := exec.Command("make", "-s", "build", "BIN="+bin).CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, out)
	}
	for _, b := range []string{"urg", "spot"} {
		out, err := exec.Command(filepath.Join(bin, b), "--version").Output()
		if err != nil {
			t.Fatalf("%s --version: %v", b, err)
		}
		first, _, _ := strings.Cut(string(out), "\n")
		if first != b+" "+want {
			t.Errorf("make build's %s --version: %q, want %q, as dist stamps it", b, first, b+" "+want)
		}
	}
}
