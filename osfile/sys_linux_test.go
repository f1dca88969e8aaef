package osfile

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCached: cachestat says a file just read is cached whole, and, once
// its pages are written back and dropped, that it is not; a map of the
// file reads the same bytes either way.
func TestCached(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	data := make([]byte, 3<<20+123)
	for i := range data {
		data[i] = byte(i % 251)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fd := Handle(f.Fd())
	var st unix.Cachestat_t
	if err := unix.Cachestat(uint(fd), &unix.CachestatRange{Len: 1}, &st, 0); err != nil {
		t.Skipf("no cachestat here: %v", err)
	}
	if _, err := f.ReadAt(make([]byte, len(data)), 0); err != nil {
		t.Fatal(err)
	}
	if !cached(fd, 0, int64(len(data))) || !cached(fd, 4096+7, 5000) {
		t.Fatal("a file just read: not cached")
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	dropCache(fd, 0, int64(len(data)))
	if cached(fd, 0, int64(len(data))) {
		t.Skip("the kernel kept the pages: nothing to check")
	}
	m, err := Map(fd, int64(len(data)), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Ensure(len(data)); err != nil {
		t.Fatal(err)
	}
	if string(m.Bytes()) != string(data) {
		t.Fatal("the map of a file not cached reads other bytes")
	}
}
