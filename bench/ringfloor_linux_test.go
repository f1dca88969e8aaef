package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFloor: the ring floor reads every byte of every file, across
// the boundaries of its reads, and a file it cannot read fails it, named.
func TestReadFloor(t *testing.T) {
	if err := ringFloorAvailable(); err != nil {
		t.Skipf("no ring here: %v", err)
	}
	dir := t.TempDir()
	var paths []string
	var want int64
	for i, size := range []int{0, 1, ringFloorBuf - 1, ringFloorBuf, ringFloorBuf + 1, 3*ringFloorBuf + 7} {
		p := filepath.Join(dir, strings.Repeat("f", i+1))
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		// More files than the ring keeps in flight, so that slots are
		// taken again.
		for range 20 {
			paths = append(paths, p)
			want += int64(size)
		}
	}
	files, read, err := readFloor(paths, 2)
	if err != nil || files != len(paths) || read != want {
		t.Fatalf("readFloor: %d files, %d bytes, %v; want %d files, %d bytes", files, read, err, len(paths), want)
	}

	missing := filepath.Join(dir, "missing")
	_, _, err = readFloor(append([]string{missing}, paths...), 2)
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("readFloor with a missing file: %v, want an error naming it", err)
	}
	list := filepath.Join(dir, "list")
	if err := writeFloorList(list, dir); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if code := runReadFloor(list, &stderr); code != 0 {
		t.Errorf("-read-floor over the tree's list: exit %d: %s", code, stderr.String())
	}
}
