package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The big file's needles are where its manifest says, whole, once each,
// across the boundaries asked for; GNU grep, reading the file on its own,
// finds them at those offsets. Scaled down: 3 MiB and a bit, with 4 KiB,
// 64 KiB and 1 MiB boundaries (the 1 GiB ones are the same code).
func TestBigNeedles(t *testing.T) {
	goroot, err := goRoot()
	if err != nil {
		t.Skip(err)
	}
	spec := bigSpec{
		size:        3<<20 + 12345,
		boundaries:  []int64{4 << 10, 64 << 10, 1 << 20},
		perBoundary: 3,
		random:      5,
		seed:        7,
		textDir:     filepath.Join(goroot, "src"),
	}
	path := filepath.Join(t.TempDir(), "big.txt")
	m, err := writeBigFile(path, spec)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(data)) != spec.size || data[len(data)-1] != '\n' {
		t.Fatalf("file is %d bytes ending %q, want %d ending in a newline", len(data), data[len(data)-1:], spec.size)
	}
	if got := bytes.Count(data, []byte(needlePrefix)); got != len(m.Needles) {
		t.Errorf("%d needles in the file, the manifest lists %d", got, len(m.Needles))
	}
	for _, n := range m.Needles {
		if got := string(data[n.Offset : n.Offset+int64(len(n.Text))]); got != n.Text {
			t.Errorf("at %d (%s): %q, want %q", n.Offset, n.Why, got, n.Text)
		}
	}
	straddles := func(at int64) bool {
		for _, n := range m.Needles {
			if n.Offset < at && at < n.Offset+int64(len(n.Text)) {
				return true
			}
		}
		return false
	}
	for _, b := range spec.boundaries {
		last := (spec.size - 1 - int64(len(needlePrefix)+6)) / b
		for _, k := range []int64{1, 2, 3, last} {
			if !straddles(k * b) {
				t.Errorf("no needle across the %s boundary at %d", sizeLabel(b), k*b)
			}
		}
	}
	if m.Needles[0].Offset != 0 || m.Needles[len(m.Needles)-1].Offset+int64(len(needlePrefix)+6) != spec.size-1 {
		t.Errorf("no needle at the file's start or just before its final newline: first %d, last %d",
			m.Needles[0].Offset, m.Needles[len(m.Needles)-1].Offset)
	}

	// grep -o -b prints each match's byte offset: the same list.
	out, err := exec.Command("grep", "-a", "-o", "-b", "-P", needlePattern, path).Output()
	if err != nil {
		t.Fatalf("grep: %v", err)
	}
	var want []string
	for _, n := range m.Needles {
		want = append(want, strconv.FormatInt(n.Offset, 10)+":"+n.Text)
	}
	if got := strings.Fields(string(out)); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("grep -o -b finds\n%q\nthe manifest says\n%q", got, want)
	}
}

// Needles never overlap, even when boundaries fall close together.
func TestPlanNeedlesApart(t *testing.T) {
	spec := bigSpec{size: 40 << 10, boundaries: []int64{16, 4 << 10}, perBoundary: 100, random: 50, seed: 1}
	ns := planNeedles(spec)
	length := int64(len(needlePrefix) + 6)
	for i := 1; i < len(ns); i++ {
		if ns[i].Offset < ns[i-1].Offset+length {
			t.Fatalf("needles %d at %d and %d at %d overlap", i-1, ns[i-1].Offset, i, ns[i].Offset)
		}
	}
	if len(ns) < 10 {
		t.Errorf("only %d needles placed", len(ns))
	}
}
