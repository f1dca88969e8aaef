//go:build unix

package main

// The fault cases that are about unix itself: FIFOs, sockets, devices
// and /proc met in a tree; names with a newline or bytes that are not
// UTF-8, which Windows does not allow, and a path made longer than
// PATH_MAX with openat; SIGINT, which Windows cannot send another
// process.

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestFaultSpecialFiles: FIFOs, sockets and devices met while walking are
// not opened (no hang on a FIFO nobody writes, no endless /dev/zero),
// also through followed links; a /proc file, whose size says 0, is read
// whole when named.
func TestFaultSpecialFiles(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"d/a": "needle\n"})
	if err := syscall.Mkfifo(filepath.Join(root, "d/fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(root, "d/sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	symlink(t, "/dev/zero", filepath.Join(root, "d/zero"))
	symlink(t, "/dev/null", filepath.Join(root, "d/null"))
	symlink(t, "fifo", filepath.Join(root, "d/fifolink"))
	eachEngine(t, func(t *testing.T, io string) {
		for _, flag := range []string{"-r", "-R"} {
			expect(t, io+" "+flag, urgT(t, root, nil, io, flag, "needle", "d"), []string{"d/a:needle"}, nil, 0)
		}
		got := urgT(t, root, nil, io, "-c", "^Name:", "/proc/self/status")
		expect(t, io+" /proc/self/status", got, []string{"1"}, nil, 0)
	})
}

// TestFaultNames: names with a newline or bytes that are not UTF-8 come
// out exact under -lZ, as GNU grep prints them; a path longer than
// PATH_MAX is searched, not lost.
func TestFaultNames(t *testing.T) {
	grep := needGrep(t)
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"d/new\nline": "needle\n", "d/bad\xff\xfename": "needle\n", "d/plain": "needle\n", "d/tab\there": "hay\n",
	})
	// A chain of directories whose path is over 5,000 bytes, made one
	// level at a time relative to the last (the whole path is too long
	// for one call).
	fd, err := syscall.Open(filepath.Join(root, "d"), syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	level := strings.Repeat("x", 200)
	for range 26 {
		if err := unix.Mkdirat(fd, level, 0o755); err != nil {
			t.Fatal(err)
		}
		next, err := unix.Openat(fd, level, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
		syscall.Close(fd)
		if err != nil {
			t.Fatal(err)
		}
		fd = next
	}
	leaf, err := unix.Openat(fd, "deep", syscall.O_WRONLY|syscall.O_CREAT, 0o644)
	syscall.Close(fd)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Write(leaf, []byte("needle deep down\n"))
	syscall.Close(leaf)
	want := runCtx(t, root, nil, nil, grep, "-rlZ", "needle", "d")
	if strings.Count(want.stdout, "\x00") != 4 {
		t.Fatalf("grep -rlZ listed %q: the deep file should be among 4", truncate(want.stdout))
	}
	sorted := func(s string) []string { return slices.Sorted(slices.Values(strings.Split(s, "\x00"))) }
	eachEngine(t, func(t *testing.T, io string) {
		got := urgT(t, root, nil, io, "-rlZ", "needle", "d")
		if !slices.Equal(sorted(got.stdout), sorted(want.stdout)) || got.code != want.code || got.stderr != "" {
			t.Errorf("urg %s -rlZ needle d: %q status %d stderr %q; grep: %q %d", io,
				truncate(got.stdout), got.code, truncate(got.stderr), truncate(want.stdout), want.code)
		}
	})
}

// TestFaultSignal: SIGINT ends a search at once, in the middle of a tree
// and with the output blocked, leaving nothing behind.
func TestFaultSignal(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := range 2000 {
		files[fmt.Sprintf("d/f%04d", i)] = strings.Repeat("x marks the spot\n", 200)
	}
	writeTree(t, root, files)
	before, _ := os.ReadDir(os.TempDir())
	eachEngine(t, func(t *testing.T, io string) {
		cmd := exec.Command(urgBin, io, "-r", "x", "d")
		cmd.Dir = root
		out, err := cmd.StdoutPipe() // never read: the output blocks
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if !ok || !(ws.Signaled() && ws.Signal() == syscall.SIGINT) && ws.ExitStatus() == 0 {
				t.Errorf("urg %s: after SIGINT: %v, want an end by the signal", io, err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("urg %s: still running 10 s after SIGINT", io)
		}
		out.Close()
	})
	after, _ := os.ReadDir(os.TempDir())
	if len(after) > len(before) {
		t.Logf("temporary directory: %d entries before, %d after (other tests may have made them)", len(before), len(after))
	}
}
