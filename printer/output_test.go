package printer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"urg/search"
)

// fileOutput is what file i of the concurrency tests prints.
func fileOutput(i, lines int) string {
	var b strings.Builder
	for n := 1; n <= lines; n++ {
		fmt.Fprintf(&b, "f%02d:%d:foo %d\n", i, n, i)
	}
	return b.String()
}

// emit prints file f's lines through its sink.
func emit(f File, i, lines int) error {
	for n := 1; n <= lines; n++ {
		if err := f.Match(int64(n), 0, []byte(fmt.Sprintf("foo %d", i))); err != nil {
			return err
		}
	}
	return f.Finish(search.Result{Count: int64(lines)}, nil)
}

func concurrencyConfig(t *testing.T) Config {
	return Config{WithFilename: true, LineNumber: true, Matcher: compile(t, "foo")}
}

// checkInOrder flushes out and holds what it wrote to stdout to the n
// files' lines in file order, file i with 1+i%cycle lines, as emit wrote
// them.
func checkInOrder(t *testing.T, out *Output, stdout *bytes.Buffer, n, cycle int) {
	t.Helper()
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i := range n {
		want.WriteString(fileOutput(i, 1+i%cycle))
	}
	if got := stdout.String(); got != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got, want.String())
	}
}

// TestOrdered finishes files in reverse order, each on its own goroutine,
// and checks that the output still comes in file order.
func TestOrdered(t *testing.T) {
	for _, n := range []int{1, 2, 20} {
		t.Run(fmt.Sprintf("%d files", n), func(t *testing.T) {
			var stdout bytes.Buffer
			out := NewOutput(&stdout, io.Discard, concurrencyConfig(t), true)
			release := make([]chan struct{}, n)
			done := make([]chan error, n)
			for i := range n {
				release[i] = make(chan struct{})
				done[i] = make(chan error, 1)
				f := out.File(int64(i), fmt.Sprintf("f%02d", i))
				go func() {
					<-release[i]
					done[i] <- emit(f, i, 1+i%3)
				}()
			}
			for i := n - 1; i >= 0; i-- {
				close(release[i])
				if err := <-done[i]; err != nil {
					t.Fatalf("file %d: %v", i, err)
				}
			}
			checkInOrder(t, out, &stdout, n, 3)
		})
	}
}

// TestOrderedConcurrent lets all files run at once, in whatever order the
// scheduler picks.
func TestOrderedConcurrent(t *testing.T) {
	const n = 50
	var stdout bytes.Buffer
	out := NewOutput(&stdout, io.Discard, concurrencyConfig(t), true)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := n - 1; i >= 0; i-- {
		f := out.File(int64(i), fmt.Sprintf("f%02d", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			out.Admit(int64(i))
			if err := emit(f, i, 1+i%4); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	checkInOrder(t, out, &stdout, n, 4)
}

// TestUnordered checks that files searched at once do not interleave:
// every file's lines come out together, whatever the order of files.
func TestUnordered(t *testing.T) {
	const n = 30
	var stdout bytes.Buffer
	out := NewOutput(&stdout, io.Discard, concurrencyConfig(t), false)
	var wg sync.WaitGroup
	for i := range n {
		f := out.File(int64(i), fmt.Sprintf("f%02d", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			out.Admit(int64(i)) // a no-op when unordered
			if err := emit(f, i, 1+i%5); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	got := stdout.String()
	for i := range n {
		block := fileOutput(i, 1+i%5)
		if strings.Count(got, block) != 1 {
			t.Errorf("file %d's output is not in one piece:\n%s", i, got)
		}
	}
	total := 0
	for i := range n {
		total += len(fileOutput(i, 1+i%5))
	}
	if len(got) != total {
		t.Errorf("got %d bytes, want %d", len(got), total)
	}
}

// TestStreaming gives the second file more output than a file holds back,
// so that it must wait for the first file and then stream.
func TestStreaming(t *testing.T) {
	const big = 5000 // lines of about 20 bytes: well over the 64 KiB a file holds
	var stdout bytes.Buffer
	out := NewOutput(&stdout, io.Discard, concurrencyConfig(t), true)
	f0 := out.File(0, "f00")
	f1 := out.File(1, "f01")
	done := make(chan error, 1)
	go func() { done <- emit(f1, 1, big) }()
	if err := emit(f0, 0, 3); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	want := fileOutput(0, 3) + fileOutput(1, big)
	if got := stdout.String(); got != want {
		t.Errorf("got %d bytes starting %q, want %d bytes starting %q", len(got), got[:min(len(got), 60)], len(want), want[:60])
	}
}

// TestLineBuffered: with LineBuffered each line reaches the writer as it
// is printed, before its file ends, and a count or name as its file ends,
// not at the final Flush; without it, a few short lines wait.
func TestLineBuffered(t *testing.T) {
	for _, lb := range []bool{false, true} {
		var stdout bytes.Buffer
		cfg := concurrencyConfig(t)
		cfg.LineBuffered = lb
		out := NewOutput(&stdout, io.Discard, cfg, false)
		f := out.File(0, "f00")
		if err := f.Match(1, 0, []byte("foo 0")); err != nil {
			t.Fatal(err)
		}
		if got, want := stdout.String(), map[bool]string{false: "", true: "f00:1:foo 0\n"}[lb]; got != want {
			t.Errorf("LineBuffered %v: after one line the writer has %q, want %q", lb, got, want)
		}
		if err := f.Finish(search.Result{Count: 1}, nil); err != nil {
			t.Fatal(err)
		}
		cfg.Mode = Count
		out = NewOutput(&stdout, io.Discard, cfg, false)
		stdout.Reset()
		f = out.File(0, "f00")
		if err := f.Finish(search.Result{Count: 3}, nil); err != nil {
			t.Fatal(err)
		}
		if got, want := stdout.String(), map[bool]string{false: "", true: "f00:3\n"}[lb]; got != want {
			t.Errorf("LineBuffered %v, -c: after the file the writer has %q, want %q", lb, got, want)
		}
	}
}

// TestFlushWrites: with FlushWrites a file's lines reach the writer when
// the file ends, not one by one and not at the final Flush.
func TestFlushWrites(t *testing.T) {
	var stdout bytes.Buffer
	cfg := concurrencyConfig(t)
	cfg.FlushWrites = true
	out := NewOutput(&stdout, io.Discard, cfg, false)
	f := out.File(0, "f00")
	if err := f.Match(1, 0, []byte("foo 0")); err != nil {
		t.Fatal(err)
	}
	if got := stdout.String(); got != "" {
		t.Errorf("after one line the writer has %q, want nothing yet", got)
	}
	if err := f.Finish(search.Result{Count: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := stdout.String(), "f00:1:foo 0\n"; got != want {
		t.Errorf("after the file the writer has %q, want %q", got, want)
	}
}

// TestContextSeparatorAcrossFiles checks the "--" grep prints between the
// context groups of different files, also when files finish out of order.
func TestContextSeparatorAcrossFiles(t *testing.T) {
	cfg := Config{WithFilename: true, Context: true, Matcher: compile(t, "foo")}
	var stdout bytes.Buffer
	out := NewOutput(&stdout, io.Discard, cfg, true)
	f0, f1, f2 := out.File(0, "a"), out.File(1, "b"), out.File(2, "c")
	for _, step := range []struct {
		f    File
		line string
	}{{f2, "foo2"}, {f1, "foo1"}} {
		if err := step.f.Match(1, 0, []byte(step.line)); err != nil {
			t.Fatal(err)
		}
		if err := step.f.(search.ContextSink).Context(2, 5, []byte("ctx")); err != nil {
			t.Fatal(err)
		}
	}
	if err := f2.Finish(search.Result{Count: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if err := f1.Finish(search.Result{Count: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if err := f0.Finish(search.Result{Count: 0}, nil); err != nil { // no output: no separator for it
		t.Fatal(err)
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "b:foo1\nb-ctx\n--\nc:foo2\nc-ctx\n"
	if got := stdout.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestAdmit checks that a file far ahead of the output waits until the
// files before it are written.
func TestAdmit(t *testing.T) {
	var stdout bytes.Buffer
	out := NewOutput(&stdout, io.Discard, concurrencyConfig(t), true)
	for seq := int64(0); seq < 256; seq++ {
		out.Admit(seq) // within the window: returns at once
	}
	admitted := make(chan struct{})
	go func() {
		out.Admit(256)
		close(admitted)
	}()
	for i := range 3 {
		if err := emit(out.File(int64(i), fmt.Sprintf("f%02d", i)), i, 1); err != nil {
			t.Fatal(err)
		}
	}
	<-admitted // would hang if finishing files did not wake Admit
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write(p []byte) (int, error) { return 0, w.err }

func TestWriteError(t *testing.T) {
	errWrite := errors.New("broken pipe")
	out := NewOutput(failingWriter{errWrite}, io.Discard, concurrencyConfig(t), false)
	if err := emit(out.File(0, "f00"), 0, 2); err != nil {
		t.Fatal(err) // output is buffered: the error shows at Flush
	}
	if err := out.Flush(); !errors.Is(err, errWrite) {
		t.Errorf("Flush = %v, want %v", err, errWrite)
	}
	if err := out.Err(); !errors.Is(err, errWrite) {
		t.Errorf("Err = %v, want %v", err, errWrite)
	}
}

// TestSinkFrame checks File as a search.Sink: Begin and an abandoning
// Finish say whether the output is gone, a Finish without error returns
// the write's error, and res.Bytes reaches --json's stats.
func TestSinkFrame(t *testing.T) {
	errWrite := errors.New("broken pipe")
	cfg := concurrencyConfig(t)
	cfg.FlushWrites = true // each file written as it ends: the error shows at once
	out := NewOutput(failingWriter{errWrite}, io.Discard, cfg, false)
	k := out.Sink(0, "f00")
	if err := search.Begin(k); err != nil {
		t.Fatalf("Begin before any write = %v", err)
	}
	if err := k.Match(1, 0, []byte("foo 0")); err != nil {
		t.Fatal(err)
	}
	if err := search.Finish(k, search.Result{Count: 1}, nil); !errors.Is(err, errWrite) {
		t.Errorf("Finish = %v, want %v", err, errWrite)
	}
	k = out.Sink(1, "f01")
	if err := search.Begin(k); !errors.Is(err, errWrite) {
		t.Errorf("Begin once the output is gone = %v, want %v", err, errWrite)
	}
	if err := search.Finish(k, search.Result{}, errors.New("read failed")); !errors.Is(err, errWrite) {
		t.Errorf("abandoning Finish once the output is gone = %v, want %v", err, errWrite)
	}

	var stdout bytes.Buffer
	cfg = concurrencyConfig(t)
	cfg.JSON = true
	out = NewOutput(&stdout, io.Discard, cfg, false)
	k = out.Sink(0, "f00")
	if err := k.Match(1, 0, []byte("foo 0")); err != nil {
		t.Fatal(err)
	}
	if err := search.Finish(k, search.Result{Count: 1, Bytes: 4321}, nil); err != nil {
		t.Fatal(err)
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := stdout.String(); strings.Count(got, `"bytes_searched":4321`) != 2 { // end and summary
		t.Errorf("res.Bytes not in the end and summary messages: %s", got)
	}
}
