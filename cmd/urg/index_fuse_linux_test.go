package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// TestIndexTrustsNothingOnFUSE: on a file system whose stat may lag its
// files' changes (FUSE here; NFS and SMB alike), the index rules no file
// out and lists no directory, so a change the stat does not show yet is
// still found.
func TestIndexTrustsNothingOnFUSE(t *testing.T) {
	dir, mnt := t.TempDir(), t.TempDir()
	for i, text := range []string{"alpha\n", "beta\n", "alpha beta\n"} {
		if err := os.WriteFile(filepath.Join(dir, string(rune('a'+i))), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := fs.NewLoopbackRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	// As root, mounted by the system call, where fusermount is not installed.
	server, err := fs.Mount(mnt, root, &fs.Options{MountOptions: fuse.MountOptions{DirectMount: os.Geteuid() == 0}})
	if err != nil {
		t.Skip("no FUSE mount here:", err)
	}
	defer server.Unmount()
	// urg runs in a process of its own: this one serves the mount, and a
	// search that waits for it in a system call here would wait for
	// itself.
	waitRacy(t, mnt)
	runCmd(t, mnt, nil, urgBin, "--index-update", mnt) // its clock read on the mount: no file racy
	search := []string{"--sort", "path", "-l", "beta", mnt}
	want := runCmd(t, mnt, nil, urgBin, search...)
	got := runCmd(t, mnt, nil, urgBin, append([]string{"--index", "--stats"}, search...)...)
	if !strings.Contains(got.stderr, "  index:    0 files ruled out unread") || !strings.Contains(got.stderr, "  listings: 0 of 2 directories listed from the index") {
		t.Errorf("--index on FUSE ruled files out or listed directories:\n%s", got.stderr)
	}
	if got.stdout != want.stdout || got.code != want.code {
		t.Errorf("--index on FUSE: %q, status %d; without: %q, status %d", got.stdout, got.code, want.stdout, want.code)
	}
}
