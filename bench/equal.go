package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// sortedOutput is a tool's output as sorted lines, each with its newline
// (a last line without one stays without, and so differs).
type sortedOutput struct {
	lines [][]byte
	size  int
}

// captureSorted runs one search and returns its output sorted: the tools
// print files in different orders (they search several at once), and
// sorting is the normalisation that keeps every byte of every line.
func captureSorted(t tool, flags []string, pattern, path string) (sortedOutput, error) {
	cmd := t.command(flags, pattern, path)
	var stderr bytes.Buffer
	cmd.Stderr = &limitedBuffer{buf: &stderr, max: 4096}
	out, err := cmd.Output()
	if err := exitOK(err); err != nil {
		return sortedOutput{}, fmt.Errorf("%s: %v: %s", t.Name, err, firstLines(stderr.Bytes(), 5))
	}
	lines := bytes.SplitAfter(out, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	slices.SortFunc(lines, bytes.Compare)
	return sortedOutput{lines: lines, size: len(out)}, nil
}

// exitOK accepts grep's statuses for "lines selected" (0) and "none" (1);
// 2 or a signal is an error even with output, as the run did not finish
// the work the others did.
func exitOK(err error) error {
	var ee *exec.ExitError
	if err == nil || errors.As(err, &ee) && ee.ExitCode() == 1 {
		return nil
	}
	return err
}

func (s sortedOutput) equal(o sortedOutput) bool {
	return s.size == o.size && slices.EqualFunc(s.lines, o.lines, bytes.Equal)
}

// digest is the SHA-256 of the sorted output, shortened.
func (s sortedOutput) digest() string {
	h := sha256.New()
	for _, l := range s.lines {
		h.Write(l)
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

// firstDiff describes where two sorted outputs part: the index of the first
// differing line and up to three lines of each from there, quoted and cut
// to 200 bytes, so that the reason is visible without a diff tool.
func firstDiff(aName string, a sortedOutput, bName string, b sortedOutput) string {
	i := 0
	for i < len(a.lines) && i < len(b.lines) && bytes.Equal(a.lines[i], b.lines[i]) {
		i++
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s printed %s lines, %s %s; they part at sorted line %s:\n",
		aName, thousands(int64(len(a.lines))), bName, thousands(int64(len(b.lines))), thousands(int64(i+1)))
	width := max(len(aName), len(bName))
	for _, side := range []struct {
		name  string
		lines [][]byte
	}{{aName, a.lines}, {bName, b.lines}} {
		if i >= len(side.lines) {
			fmt.Fprintf(&sb, "  %-*s  (no more lines)\n", width, side.name)
			continue
		}
		for j := i; j < len(side.lines) && j < i+3; j++ {
			fmt.Fprintf(&sb, "  %-*s  %.200q\n", width, side.name, side.lines[j])
		}
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// limitedBuffer keeps the first max bytes written to it and drops the
// rest, so a tool's error output cannot fill memory.
type limitedBuffer struct {
	buf *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.buf.Len(); room > 0 {
		l.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}
