//go:build unix

package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// What the portable tests ask of the system, done the unix way here and
// the Windows way in system_windows_test.go.

// mkfifo makes a FIFO at path, failing the test when it cannot.
func mkfifo(t testing.TB, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// freeSpace is how many bytes an unprivileged writer may still put in the
// file system holding dir.
func freeSpace(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, fmt.Errorf("statfs %s: %w", dir, err)
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}

// runPeakRSS runs cmd and returns its peak RSS in KiB (-1 unknown) and
// what Run returned.
func runPeakRSS(cmd *exec.Cmd) (kib int64, err error) {
	err = cmd.Run()
	kib = -1
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		kib = int64(ru.Maxrss)
		if runtime.GOOS == "darwin" {
			kib /= 1024 // bytes there
		}
	}
	return kib, err
}

// makeEmptyFiles makes n empty files in dir, the i-th named name(i),
// stopping at the first error. They are made relative to one descriptor
// of dir (openat), sparing a lookup of dir's path for each.
func makeEmptyFiles(dir string, n int, name func(int) string) error {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("open %s: %w", dir, err)
	}
	defer unix.Close(fd)
	for i := range n {
		f, err := unix.Openat(fd, name(i), unix.O_CREAT|unix.O_WRONLY|unix.O_CLOEXEC, 0o644)
		if err != nil {
			return fmt.Errorf("create %s: %w", filepath.Join(dir, name(i)), err)
		}
		unix.Close(f)
	}
	return nil
}
