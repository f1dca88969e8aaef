package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMissingFileWording: a file that is not there is said to be so in
// grep's words on every platform, whatever the system's own are.
func TestMissingFileWording(t *testing.T) {
	_, err := os.Open(filepath.Join(t.TempDir(), "missing"))
	if got := message(err); got != "No such file or directory" {
		t.Fatalf("message = %q, want grep's %q", got, "No such file or directory")
	}
}
