package worker

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"urg/match"
	"urg/osfile"
	"urg/sched"
	"urg/search"
	"urg/walk"
)

// lines is an Output that keeps the selected lines, file by file.
type lines struct {
	mu  sync.Mutex
	got map[string][]string
}

func (*lines) Admit(int64)                              {}
func (*lines) Err() error                               { return nil }
func (o *lines) Sink(_ int64, label string) search.Sink { return &lineSink{o: o, label: label} }

type lineSink struct {
	o     *lines
	label string
}

func (*lineSink) Begin() error                       { return nil }
func (*lineSink) Context(int64, int64, []byte) error { return nil }
func (*lineSink) Binary() error                      { return nil }
func (*lineSink) Finish(search.Result, error) error  { return nil }
func (s *lineSink) Match(_, _ int64, line []byte) error {
	s.o.mu.Lock()
	defer s.o.mu.Unlock()
	s.o.got[s.label] = append(s.o.got[s.label], string(line))
	return nil
}

// TestRunEveryEngine: each engine finds the same lines in a small tree,
// one file of it large enough to be mapped, and --stats' account says
// whether files were tried without blocking as the system allows: on
// Linux, by the non-blocking path; elsewhere (osfile.Nowait false) the
// blocking way from the start, with no ring tried and none refused.
func TestRunEveryEngine(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("filler line\n", 200_000) + "needle at the end\n"
	for name, text := range map[string]string{"a.txt": "one needle\ntwo\n", "b.txt": "none\n", "big.txt": big} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := match.Compile([]string{"needle"}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"a.txt": {"one needle"}, "big.txt": {"needle at the end"}}
	for _, e := range []sched.Engine{sched.EngineAuto, sched.EnginePread, sched.EngineMmap} {
		t.Run(e.String(), func(t *testing.T) {
			t.Chdir(dir)
			out := &lines{got: map[string][]string{}}
			var errs []string
			s, err := Run(Config{Matcher: m, Out: out, IO: sched.Config{Threads: 2, Engine: e, Walk: walk.Options{MaxDepth: -1},
				Report: func(p string, err error) { errs = append(errs, p+": "+err.Error()) }}})
			if err != nil {
				t.Fatal(err)
			}
			if len(errs) > 0 {
				t.Fatalf("errors: %q", errs)
			}
			if len(out.got) != len(want) || strings.Join(out.got["a.txt"], "\n") != "one needle" || strings.Join(out.got["big.txt"], "\n") != "needle at the end" {
				t.Fatalf("found %q, want %q", out.got, want)
			}
			if e != sched.EngineAuto {
				return
			}
			if s.Nowait != osfile.Nowait {
				t.Errorf("Stats.Nowait %v where osfile.Nowait is %v", s.Nowait, osfile.Nowait)
			}
			if !osfile.Nowait && (s.RingRefused != nil || s.Uring.Rings != 0 || s.Blocked.Load() != 0) {
				t.Errorf("without a non-blocking path a ring was tried: refused %v, %d rings, %d files sent to them", s.RingRefused, s.Uring.Rings, s.Blocked.Load())
			}
		})
	}
}

// TestRunListedWhole: files named in a list (--files-from), whose type
// the walk does not look at, are read as the walk's files are once the
// ring has them open: a short read ends them, with no searcher's pread
// after. Where the system gives no ring, they are read with pread.
func TestRunListedWhole(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 20 {
		p := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("line %d\nneedle %d\n", i, i)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	m, err := match.Compile([]string{"needle"}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := &lines{got: map[string][]string{}}
	s, err := Run(Config{Matcher: m, Out: out, IO: sched.Config{Threads: 2, Engine: sched.EngineUring, Paths: paths,
		Walk:   walk.Options{MaxDepth: -1, Listed: len(paths), FromList: true},
		Report: func(p string, err error) { t.Errorf("%s: %v", p, err) }}})
	if err != nil {
		t.Skipf("no ring here: %v", err)
	}
	if len(out.got) != len(paths) {
		t.Fatalf("found lines in %d files, want %d", len(out.got), len(paths))
	}
	if got := s.RingWhole.Load(); got != int64(len(paths)) || s.RingThenPread.Load() != 0 {
		t.Errorf("%d listed files read whole by the ring, %d read on with pread; want %d and 0", got, s.RingThenPread.Load(), len(paths))
	}
}
