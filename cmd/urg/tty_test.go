package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNotTerminal: a pipe, a regular file and the null device are no
// terminal on any platform, so colour is not turned on for them and
// --color=auto leaves it off, while --color=always still writes it.
func TestNotTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "")
	for _, c := range []struct {
		name string
		f    *os.File
	}{{"pipe", w}, {"file", file}, {"null", null}} {
		t.Run(c.name, func(t *testing.T) {
			if isTerminal(c.f) {
				t.Error("isTerminal: true")
			}
			restore, ok := enableColor(c.f)
			restore()
			if ok {
				t.Error("enableColor: ok")
			}
			for when, want := range map[string]bool{"auto": false, "always": true, "never": false} {
				o := &options{color: when}
				got, restore := o.colorOn(c.f)
				restore()
				if got != want {
					t.Errorf("--color=%s: colour %v, want %v", when, got, want)
				}
			}
		})
	}
}
