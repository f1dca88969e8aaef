package worker

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"urg/match"
	"urg/sched"
	"urg/search"
	"urg/transcode"
	"urg/walk"
)

// recording is an Output that keeps, file by file, every call its sinks
// take, in order: what the engine tester compares.
type recording struct {
	mu    sync.Mutex
	files map[string][]string
}

func (*recording) Admit(int64) {}
func (*recording) Err() error  { return nil }
func (o *recording) Sink(_ int64, label string) search.Sink {
	return &recordSink{o: o, label: label}
}

type recordSink struct {
	o      *recording
	label  string
	events []string
}

func (k *recordSink) Begin() error { k.events = append(k.events, "begin"); return nil }
func (k *recordSink) Match(lineno, offset int64, line []byte) error {
	k.events = append(k.events, fmt.Sprintf("match %d@%d %q", lineno, offset, line))
	return nil
}
func (k *recordSink) Context(lineno, offset int64, line []byte) error {
	k.events = append(k.events, fmt.Sprintf("context %d@%d %q", lineno, offset, line))
	return nil
}
func (k *recordSink) Binary() error { k.events = append(k.events, "binary"); return nil }
func (k *recordSink) Finish(res search.Result, err error) error {
	e := fmt.Sprintf("finish count %d binary %v", res.Count, res.Binary)
	if err != nil {
		e += " error " + err.Error()
	}
	k.events = append(k.events, e)
	k.o.mu.Lock()
	defer k.o.mu.Unlock()
	k.o.files[k.label] = k.events
	return nil
}

// inputShape is one input the tester writes: a file's bytes, and what a
// search for "needle" should report of it.
type inputShape struct {
	name string
	data []byte
	want []string // the file's events; nil: the file is not reported
}

// shapes are the inputs every engine reads: empty, one line with and
// without its newline, CRLF, binary data, a gzip stream, UTF-16 with its
// mark, a file large enough to be mapped and split across cores, and one
// whose match straddles the first read's and the first map chunk's end.
func shapes(t *testing.T) []inputShape {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("zipped\na needle in gzip\n"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	utf16 := []byte{0xff, 0xfe}
	for _, c := range "one\nneedle two\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	filler := strings.Repeat("filler line\n", 100_000)
	edge := strings.Repeat("x", search.DefaultBufSize-3) + "needle\n"
	bigWant := []string{"begin", fmt.Sprintf("match 100001@%d %q", len(filler), "needle at the end"), "finish count 1 binary false"}
	return []inputShape{
		{"empty.txt", nil, []string{"begin", "finish count 0 binary false"}},
		{"one.txt", []byte("a needle\nno\n"), []string{"begin", `match 1@0 "a needle"`, "finish count 1 binary false"}},
		{"bare.txt", []byte("no\nlast needle"), []string{"begin", `match 2@3 "last needle"`, "finish count 1 binary false"}},
		{"crlf.txt", []byte("no\r\nneedle\r\n"), []string{"begin", "match 2@4 \"needle\\r\"", "finish count 1 binary false"}},
		{"nul.bin", []byte("needle\x00data\n"), []string{"begin", "binary", "finish count 1 binary true"}},
		{"zipped.gz", gz.Bytes(), []string{"begin", `match 2@7 "a needle in gzip"`, "finish count 1 binary false"}},
		{"utf16.txt", utf16, []string{"begin", `match 2@4 "needle two"`, "finish count 1 binary false"}},
		{"big.txt", []byte(filler + "needle at the end\n"), bigWant},
		{"edge.txt", []byte(edge), []string{"begin", fmt.Sprintf("match 1@0 %q", edge[:len(edge)-1]), "finish count 1 binary false"}},
	}
}

// engineCase is one way of reading: an engine, and the knobs that send
// files down its other paths.
type engineCase struct {
	name string
	cfg  func(*Config)
	// took says whether the run took the path the case is for.
	took func(*Stats) bool
}

func mapped(s *Stats) bool { return s.Mapped.Load() > 0 }

func engineCases() []engineCase {
	return append([]engineCase{
		{"auto", func(c *Config) { c.IO.Engine = sched.EngineAuto }, nil},
		{"uring", func(c *Config) { c.IO.Engine = sched.EngineUring }, nil},
		{"pread", func(c *Config) { c.IO.Engine = sched.EnginePread }, nil},
		{"mmap", func(c *Config) { c.IO.Engine = sched.EngineMmap }, mapped},
		{"mmap-small-chunks", func(c *Config) { c.IO.Engine = sched.EngineMmap; c.IO.MapChunk = 64 << 10 }, mapped},
		{"split", func(c *Config) {
			c.IO.Engine = sched.EngineMmap
			c.knobs = knobs{splitMin: 64 << 10, splitPiece: 64 << 10}
		},
			func(s *Stats) bool { return s.Split.Load() > 0 }},
	}, engineKnobCases()...)
}

// TestEngineTester runs every engine over every input inputShape and checks
// each file's events against the inputShape's: the engine's own seam, with
// no binary and no printer.
func TestEngineTester(t *testing.T) {
	dir := t.TempDir()
	sh := shapes(t)
	for _, s := range sh {
		if err := os.WriteFile(filepath.Join(dir, s.name), s.data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := match.Compile([]string{"needle"}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ec := range engineCases() {
		t.Run(ec.name, func(t *testing.T) {
			out := &recording{files: map[string][]string{}}
			var errs []string
			var mu sync.Mutex
			cfg := Config{Matcher: m, Out: out, SearchZip: true, Encoding: transcode.Default(),
				Search: search.Options{LineNumbers: true, Binary: search.BinaryQuit},
				IO: sched.Config{Threads: 2, Cores: 2, Paths: []string{dir}, Walk: walk.Options{MaxDepth: -1},
					Report: func(p string, err error) { mu.Lock(); errs = append(errs, p+": "+err.Error()); mu.Unlock() }}}
			ec.cfg(&cfg)
			st, err := Run(cfg)
			if err != nil {
				if ec.name == "uring" || ec.name == "uring-grown" {
					t.Skipf("no ring here: %v", err)
				}
				t.Fatal(err)
			}
			if len(errs) > 0 {
				t.Fatalf("errors: %q", errs)
			}
			if ec.took != nil && !ec.took(st) {
				t.Errorf("the run did not take the case's path: %+v", st)
			}
			for _, s := range sh {
				got := out.files[filepath.Join(dir, s.name)]
				if !slices.Equal(got, s.want) {
					t.Errorf("%s: events\n%q\nwant\n%q", s.name, got, s.want)
				}
			}
			if len(out.files) != len(sh) {
				t.Errorf("%d files reported, want %d", len(out.files), len(sh))
			}
		})
	}
}
