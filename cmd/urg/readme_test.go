package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeRows renders the flag table as docs/flags.md shows it.
func readmeRows() string {
	fs, _ := flagSet(&options{})
	return flagTable(fs, "| `%s` | %s |\n")
}

// TestFlagsDoc fails when docs/flags.md's table and the flags the binary
// defines disagree; the table is printed for pasting.
func TestFlagsDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/flags.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := readmeRows(); !strings.Contains(string(doc), want) {
		t.Fatalf("docs/flags.md's flag table is out of date; it should read:\n%s", want)
	}
}

// TestMakeRun: the README's first command shows matches, then what the
// search did, not a screen of --stats alone.
func TestMakeRun(t *testing.T) {
	mk, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	cmd := exec.Command(mk, "-s", "-C", filepath.Join("..", ".."), "run", "BIN="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make run: %v\n%s", err, out)
	}
	match := regexp.MustCompile(`(?m)^\S+\.go:\d+:func \w+Error\(`)
	if !match.Match(out) || !strings.Contains(string(out), "selected:") {
		t.Errorf("make run shows no match, or no --stats line of what was selected:\n%s", out)
	}
}
