package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// 14. Output to a terminal, or with --line-buffered, goes out a line at a
// time, as grep's and ripgrep's does, so that a stream that has not ended
// (tail -f piped in) shows its lines as they come. The first line must
// arrive while standard input is still open.
func TestCLILineBuffered(t *testing.T) {
	t.Run("--line-buffered", func(t *testing.T) {
		cmd := exec.Command(urgBin, "--line-buffered", "needle")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		if _, err := io.WriteString(stdin, "hay\nthe needle\nhay\n"); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(stdout)
		if got := firstLine(t, r); got != "the needle\n" {
			t.Fatalf("first line %q, want %q", got, "the needle\n")
		}
		io.WriteString(stdin, "a second needle\n")
		stdin.Close()
		rest, _ := io.ReadAll(r)
		if err := cmd.Wait(); err != nil || string(rest) != "a second needle\n" {
			t.Errorf("then %q and %v, want the second line and status 0", rest, err)
		}
	})
	t.Run("terminal", func(t *testing.T) {
		script, err := exec.LookPath("script")
		if err != nil {
			t.Skipf("script (util-linux) is needed to run urg on a terminal and is not on PATH: %v", err)
		}
		// The input stays open while sleep runs; the line must come before
		// the test ends it.
		dir := t.TempDir()
		onTerminal(t, script, dir, "(sleep 30 & echo $! > pid; echo the needle; wait) | "+urgBin+" --color=never needle", "the needle", killPID(dir))
	})
}

// killPID is onTerminal's end for a line that writes the PID of what
// keeps its input open to dir/pid: that process is ended.
func killPID(dir string) func(<-chan struct{}) {
	return func(<-chan struct{}) {
		b, _ := os.ReadFile(filepath.Join(dir, "pid"))
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			if p, err := os.FindProcess(pid); err == nil {
				p.Signal(syscall.SIGTERM)
			}
		}
	}
}

// onTerminal runs the shell command line on a terminal (script) in dir and
// checks that its first line is want. Once the line has come (or has
// not), end is run to close what keeps the command's input open; it is
// told by done when the command has ended. A command that has not ended
// cliTimeout later is killed and the test fails, rather than hanging
// until go test's deadline.
func onTerminal(t *testing.T, script, dir, line, want string, end func(done <-chan struct{})) {
	t.Helper()
	cmd := exec.Command(script, "-qfec", line, "/dev/null")
	cmd.Dir = dir
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		done := make(chan struct{})
		go end(done)
		drained := make(chan struct{})
		go func() {
			io.Copy(io.Discard, stdout)
			close(drained)
		}()
		select {
		case <-drained:
		case <-time.After(cliTimeout):
			t.Errorf("the command did not end within %v of its input's end", cliTimeout)
			cmd.Process.Kill()
			<-drained
		}
		cmd.Wait()
		close(done)
	}()
	if got := strings.TrimSuffix(firstLine(t, bufio.NewReader(stdout)), "\r\n"); got != want {
		t.Errorf("first line on the terminal %q, want %q", got, want)
	}
}

// firstLine reads a line from r, failing the test when none comes within
// cliTimeout (the input is still open, so a line held back never comes).
func firstLine(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		l, _ := r.ReadString('\n')
		got <- l
	}()
	select {
	case l := <-got:
		return l
	case <-time.After(cliTimeout):
		t.Fatalf("no line within %v while the input is open: output held back", cliTimeout)
		return ""
	}
}
