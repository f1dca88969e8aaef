// Package testbin builds the urg binary for the tests that run it.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Main builds the command package pkg into a temporary directory, sets
// *bin to its path, runs the tests and removes the binary: a TestMain for
// packages whose tests run urg as a user would.
func Main(m *testing.M, pkg string, bin *string) {
	dir, err := os.MkdirTemp("", "urg-test-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	*bin = filepath.Join(dir, Exe(filepath.Base(pkg)))
	if err := BuildTo(*bin, pkg, nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Build builds the command package pkg into the test's temporary
// directory and returns the binary's path: for tests that run a second
// command beside the one Main built.
func Build(t *testing.T, pkg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), Exe(filepath.Base(pkg)))
	if err := BuildTo(bin, pkg, nil); err != nil {
		t.Fatal(err)
	}
	return bin
}

// BuildTo builds the command package pkg as bin, with env added to the
// environment and flags (such as -tags) given to go build.
func BuildTo(bin, pkg string, env []string, flags ...string) error {
	// giouring needs the link-name check off (see the Makefile); said
	// here too so that a plain go test works.
	args := append(append([]string{"build", "-ldflags=-checklinkname=0"}, flags...), "-o", bin, pkg)
	cmd := exec.Command("go", args...)
	// Static, as the Makefile and the release archives build it.
	cmd.Env = append(append(os.Environ(), "CGO_ENABLED=0"), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", pkg, err, out)
	}
	return nil
}

// Exe is name as a program's file name here: name.exe on Windows, where
// exec finds a program only by an extension that PATHEXT lists, and go
// build -o writes the name it is given.
func Exe(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}
