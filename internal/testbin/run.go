package testbin

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// Timeout is Run's deadline: generous enough for the slowest command the
// tests run (GNU grep over large files on a slow machine), so that only a
// hang reaches it.
const Timeout = 2 * time.Minute

// Result is what a command did: its output and exit status.
type Result struct {
	Stdout, Stderr string
	// Code is the exit status, or 128+N for a command killed by signal N
	// (as a shell reports it).
	Code int
}

// Run runs name with args in dir, stdin (nil: none, /dev/null) on its
// input, with LC_ALL=C, GREP_COLORS= and NO_COLOR= set and env added after
// them, under the deadline Timeout: a command still running at it fails
// the test (a hang), as does one that cannot be started. A non-zero exit
// status is not a failure: it is the Result's Code.
func Run(t testing.TB, dir string, stdin []byte, env []string, name string, args ...string) Result {
	t.Helper()
	return RunWithin(t, Timeout, dir, stdin, env, name, args...)
}

// RunWithin is Run under the deadline timeout instead of Timeout.
func RunWithin(t testing.TB, timeout time.Duration, dir string, stdin []byte, env []string, name string, args ...string) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "LC_ALL=C", "GREP_COLORS=", "NO_COLOR="), env...)
	cmd.WaitDelay = 2 * time.Second // children that keep the pipes open
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %q: still running after %v (hang); stdout so far %q, stderr %q",
			name, args, timeout, truncate(out.String()), truncate(errb.String()))
	}
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
	case err != nil:
		t.Fatalf("%s %q: %v", name, args, err)
	}
	return Result{out.String(), errb.String(), code}
}

// truncate shortens s for a failure message.
func truncate(s string) string {
	if len(s) > 500 {
		return s[:500] + "..."
	}
	return s
}
