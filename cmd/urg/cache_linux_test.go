package main

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestCacheDropLeavesNoPages: files not cached before a --cache=drop
// search are not cached after it, where the file system takes
// RWF_DONTCACHE or fadvise, and --cache=keep leaves them cached (so that
// the check can see pages at all).
func TestCacheDropLeavesNoPages(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"small.txt": bigText(20 << 10), "slot.txt": bigText(300 << 10), "map.txt": bigText(4 << 20)}
	writeTree(t, root, files)
	for _, io := range engines(t) {
		for _, mode := range []string{"drop", "keep"} {
			for name := range files {
				uncache(t, filepath.Join(root, name))
			}
			r := urg(t, root, "--io="+io, "--cache="+mode, "--stats", "-c", "needle", ".")
			if r.code != 0 {
				t.Fatalf("--io=%s --cache=%s: exit %d: %s", io, mode, r.code, r.stderr)
			}
			for name := range files {
				n := cachedPages(t, filepath.Join(root, name))
				switch {
				case mode == "drop" && n > 0:
					t.Errorf("--io=%s --cache=drop left %d pages of %s cached\n%s", io, n, name, r.stderr)
				case mode == "keep" && n == 0:
					t.Logf("--io=%s --cache=keep: %s not cached after the search (the check cannot tell)", io, name)
				}
			}
		}
	}
}

// uncache writes the file's pages back and drops them from the cache.
func uncache(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_ = f.Sync()
	if err := unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
		t.Skipf("fadvise refused here: %v", err)
	}
	if n := cachedPages(t, path); n > 0 {
		t.Skipf("%s keeps %d pages cached after POSIX_FADV_DONTNEED (tmpfs?): the check cannot tell", path, n)
	}
}

// cachedPages is how many of the file's pages the page cache holds.
func cachedPages(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	data, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(data)
	page := os.Getpagesize()
	vec := make([]byte, (len(data)+page-1)/page)
	if _, _, e := unix.Syscall(unix.SYS_MINCORE, uintptr(unsafe.Pointer(&data[0])), uintptr(len(data)), uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		t.Fatal(e)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}
