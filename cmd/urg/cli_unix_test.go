//go:build unix

package main

// The command-line cases that are about unix itself: FIFOs, sockets and
// /dev/zero met while walking, and a FIFO held open while urg runs on a
// terminal made by script(1).

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// 3. FIFOs, sockets and devices met while walking are not opened.
func TestCLISpecialFilesSkipped(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "d")
	writeTree(t, root, map[string]string{"d/a.txt": "needle\n", "d/sub/b.txt": "no\n"})
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "sub", "fifo2"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	symlink(t, "/dev/zero", filepath.Join(dir, "zero"))
	symlink(t, "../fifo", filepath.Join(dir, "sub", "fifolink"))

	const one = "d/a.txt:needle\n"
	for _, tc := range []struct {
		args []string
		want string // sorted lines
	}{
		{[]string{"needle", "d"}, one},
		{[]string{"-r", "needle", "d"}, one},
		{[]string{"--follow", "needle", "d"}, one},
		{[]string{"-R", "needle", "d"}, one},
		{[]string{"-R", "--sort=path", "needle", "d"}, one},
		{[]string{"-R", "-j", "1", "needle", "d"}, one},
		{[]string{"-R", "-v", "zzz", "d"}, "d/a.txt:needle\nd/sub/b.txt:no\n"},
		{[]string{"-R", "-c", "needle", "d"}, "d/a.txt:1\nd/sub/b.txt:0\n"},
		{[]string{"-R", "-L", "needle", "d"}, "d/sub/b.txt\n"},
	} {
		got := urgT(t, root, nil, tc.args...)
		got.stdout = strings.Join(sortedLines(got.stdout), "\n") + "\n"
		checkResult(t, fmt.Sprintf("urg %q", tc.args), got, result{tc.want, "", 0})
	}
}

// TestCLITerminalFileByFile: on a terminal, a file's lines go out when
// the file ends, not when urg does: here the first file's line must show
// while the second file, a FIFO, is still open.
func TestCLITerminalFileByFile(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skipf("script (util-linux) is needed to run urg on a terminal and is not on PATH: %v", err)
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "hay\nthe needle\n"})
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	// The test holds the FIFO's write end (O_RDWR does not wait for a
	// reader on Linux), so urg's open never waits on a writer that the
	// end below has already gone. A writer started by the shell could be
	// ended before urg opened the FIFO, and urg's open would then wait
	// for ever (as grep's would).
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Skipf("cannot hold the FIFO open: %v", err)
	}
	onTerminal(t, script, dir, urgBin+" --color=never needle a.txt fifo", "a.txt:the needle", func(done <-chan struct{}) {
		w.Close()
		// Should urg open the FIFO only now, its open waits for a writer:
		// one comes and goes until the command has ended.
		for {
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		}
	})
}
