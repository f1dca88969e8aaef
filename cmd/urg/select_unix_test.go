//go:build unix

package main

// -D against grep needs what Windows has not: FIFOs, whose opens wait
// for the other end, and /dev/null as a named device.

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// feedFIFO runs run while a writer waits on the FIFO at path: whoever
// opens it to read gets line and then its end, so that a reader neither
// waits for a writer nor for the end. A writer that nobody met is let go
// once run is over.
func feedFIFO(path, line string, run func() result) result {
	// A reader may still hold the FIFO a moment after its process has
	// exited: urg's io_uring ring is torn down after the process, and the
	// file it opened with it. A writer opened then would meet that reader,
	// not the next command's, which would wait for a writer for ever. So
	// the writer starts once nobody has the FIFO open to read (a writer
	// that does not wait fails with ENXIO then).
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			break
		}
		w.Close()
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(line)
		f.Close()
	}()
	r := run()
	select {
	case <-done:
	default:
		// Nobody opened the FIFO to read: meet the writer, so that it
		// ends.
		if rd, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			<-done
			rd.Close()
		}
	}
	return r
}

// TestSelectDevicesLikeGrep: -D read and -D skip, against grep's default
// (FIFOs, sockets and devices named as operands are read, those met
// while walking skipped): a FIFO, a socket and /dev/null, named and met,
// and standard input, which -D skip still reads.
func TestSelectDevicesLikeGrep(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"d/a.txt": "needle\n", "d/sub/b.txt": "needle\n", "top.txt": "needle\n"})
	fifo := filepath.Join(dir, "d", "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "d", "sock"))
	if err != nil {
		t.Skipf("no unix socket here: %v", err)
	}
	defer l.Close()
	in := []byte("needle from stdin\n")
	skipped := []struct {
		stdin []byte
		args  []string
	}{
		{nil, []string{"-r", "needle", "d"}},
		{nil, []string{"-D", "skip", "-r", "needle", "d"}},
		{nil, []string{"-D", "skip", "-r", "-c", "needle", "d"}},
		{nil, []string{"-D", "skip", "needle", "d/fifo", "top.txt"}},
		{nil, []string{"--devices=skip", "needle", "d/sock", "top.txt"}},
		{nil, []string{"-D", "skip", "-c", "needle", "/dev/null", "top.txt"}},
		{nil, []string{"-c", "needle", "/dev/null", "top.txt"}},
		{nil, []string{"-D", "read", "-c", "needle", "/dev/null"}},
		{in, []string{"-D", "skip", "needle", "-", "top.txt"}},
		{nil, []string{"-D", "read", "-r", "--exclude=fifo", "--exclude=sock", "needle", "d"}},
		{nil, []string{"-D", "skip", "-D", "read", "-r", "--exclude=fifo", "needle", "d"}},
	}
	read := [][]string{
		{"-D", "read", "-r", "needle", "d"},
		{"-D", "read", "-R", "-c", "needle", "d"},
		{"needle", "d/fifo", "top.txt"},
		{"-D", "read", "needle", "d/fifo"},
		{"-D", "skip", "-D", "read", "needle", "d/fifo", "top.txt"},
	}
	for _, env := range selectLocales(t) {
		// What should not open the FIFO runs while the test holds it
		// open (O_RDWR waits for nobody on Linux): an open that should
		// not have been then does not wait for a writer either.
		hold, err := os.OpenFile(fifo, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range skipped {
			sameAsGrep(t, dir, c.stdin, env, true, c.args...)
		}
		hold.Close()
		for _, args := range read {
			want := feedFIFO(fifo, "needle in the fifo\n", func() result { return runCtx(t, dir, nil, env, grep, args...) })
			got := feedFIFO(fifo, "needle in the fifo\n", func() result { return runCtx(t, dir, nil, env, urgBin, args...) })
			want.stderr = strings.ReplaceAll(strings.ReplaceAll(want.stderr, grep+":", "urg:"), "grep:", "urg:")
			for _, r := range []*result{&want, &got} {
				r.stdout = strings.Join(sortedLines(r.stdout), "\n")
				r.stderr = strings.Join(sortedLines(r.stderr), "\n")
			}
			checkResult(t, fmt.Sprintf("%v urg %q", env, args), got, want)
		}
	}
}
