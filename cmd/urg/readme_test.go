package main

import (
	"os"
	"strings"
	"testing"
)

// readmeRows renders the flag table as the README shows it.
func readmeRows() string {
	fs, _ := flagSet(&options{})
	return flagTable(fs, "| `%s` | %s |\n")
}

// TestReadmeFlagTable fails when the README's flag table and the flags the
// binary defines disagree; the table is printed for pasting.
func TestReadmeFlagTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := readmeRows(); !strings.Contains(string(readme), want) {
		t.Fatalf("README.md's flag table is out of date; it should read:\n%s", want)
	}
}
