package sched

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"urg/osfile"
	"urg/walk"
)

// gather is a Searcher that reads every file it is handed back whole, in
// whatever shape the engine chose, and keeps its bytes and shape: the
// engine tester compares them with the files, with no matcher, searcher or
// output in the way.
type gather struct {
	mu     *sync.Mutex
	got    map[string][]byte
	shapes map[string]Shape
	errs   *[]string
}

func (g gather) Done() {}

func (g gather) Search(f *File) {
	in, err := f.Open()
	if err != nil {
		f.Close(0)
		g.mu.Lock()
		*g.errs = append(*g.errs, f.Path+": "+err.Error())
		g.mu.Unlock()
		return
	}
	data, err := readInput(in)
	resumed := resumeAgrees(in, data)
	f.Close(int64(len(data)))
	g.mu.Lock()
	defer g.mu.Unlock()
	if err != nil {
		*g.errs = append(*g.errs, f.Path+": "+err.Error())
	}
	if resumed != nil {
		*g.errs = append(*g.errs, f.Path+": "+resumed.Error())
	}
	g.got[f.Path], g.shapes[f.Path] = data, in.Shape
}

// readInput reads in to its end, as a search would in its shape.
func readInput(in *Input) ([]byte, error) {
	switch in.Shape {
	case Whole:
		return bytes.Clone(in.Head), nil
	case Read, Sniffed:
		if in.Err != nil {
			return nil, in.Err
		}
		data := bytes.Clone(in.Head)
		if in.Rest == nil {
			return data, nil
		}
		rest, err := io.ReadAll(in.Rest)
		return append(data, rest...), err
	case Mapped:
		var data []byte
		err := osfile.Protect(func() error {
			m := in.Map
			if err := m.Ensure(len(m.Bytes())); err != nil {
				return err
			}
			data = bytes.Clone(m.Bytes())
			return nil
		})
		return data, err
	case Streamed:
		var data []byte
		for {
			off, part, err := in.Stream.Next()
			if err == io.EOF {
				return data, nil
			}
			if err != nil {
				return data, err
			}
			if off != int64(len(data)) {
				return data, fmt.Errorf("stretch at %d after %d bytes", off, len(data))
			}
			data = append(data, part...)
			in.Stream.Done()
		}
	}
	return nil, fmt.Errorf("shape %d not read by the tester", in.Shape)
}

// resumeAgrees reads in on from the middle of data, its bytes, where
// the file is still open, as a search that meets binary data in a stream
// or resumes a split does: the bytes must be the file's from there on.
func resumeAgrees(in *Input, data []byte) error {
	if in.fd == osfile.NoHandle || len(data) == 0 {
		return nil
	}
	off := len(data) / 2
	rest, err := io.ReadAll(in.Resume(int64(off)))
	if err != nil {
		return fmt.Errorf("Resume(%d): %v", off, err)
	}
	if !bytes.Equal(rest, data[off:]) {
		return fmt.Errorf("Resume(%d) read %d bytes, want the file's last %d", off, len(rest), len(data)-off)
	}
	return nil
}

// magic is a Sniffer that takes files starting "MAGIC" as streams.
type magic struct{}

func (magic) Streams(head []byte) bool { return bytes.HasPrefix(head, []byte("MAGIC")) }
func (magic) Eager() bool              { return true }
func (magic) Len() int                 { return 5 }

// TestEngineReadsEveryByte runs every engine and path over files of every
// size that matters to them (empty, one ring slot and more, a read-edge
// file, one large enough to map, one starting with NULs, one the Sniffer
// takes) and checks that each file's bytes come back exactly, and in the
// shape the engine owes it.
func TestEngineReadsEveryByte(t *testing.T) {
	dir := t.TempDir()
	large := strings.Repeat("0123456789abcdef", 3<<16) // 3 MiB: mapped under mmap
	files := map[string]string{
		"empty":    "",
		"one":      "a line\n",
		"slot":     strings.Repeat("x", 64<<10),
		"slot+1":   strings.Repeat("y", 64<<10+1),
		"twoslots": strings.Repeat("z", 200<<10),
		"large":    large,
		"nul":      "\x00\x00" + large,
		"magic":    "MAGIC and the rest\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	refused := errors.New("io_uring refused (test)")
	cases := []struct {
		name string
		cfg  func(*Config)
	}{
		{"auto", func(c *Config) { c.Engine = EngineAuto }},
		{"uring", func(c *Config) { c.Engine = EngineUring }},
		{"uring-grown", func(c *Config) { c.Engine = EngineUring; c.knobs = &knobs{growAtOnce: true} }},
		{"pread", func(c *Config) { c.Engine = EnginePread }},
		{"mmap", func(c *Config) { c.Engine = EngineMmap }},
		{"mmap-small-chunks", func(c *Config) { c.Engine = EngineMmap; c.MapChunk = 64 << 10 }},
		{"direct", func(c *Config) { c.Engine = EngineDirect }},
		{"ring-refused", func(c *Config) { c.Engine = EngineAuto; c.knobs = &knobs{ringRefused: refused} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var errs []string
			g := gather{mu: &mu, got: map[string][]byte{}, shapes: map[string]Shape{}, errs: &errs}
			cfg := Config{Threads: 2, Cores: 2, Paths: []string{dir}, Walk: walk.Options{MaxDepth: -1},
				NewSearcher: func() Searcher { return g }, MinLen: 1, Sniffer: magic{},
				Report: func(p string, err error) { mu.Lock(); errs = append(errs, p+": "+err.Error()); mu.Unlock() }}
			tc.cfg(&cfg)
			st, err := Run(cfg)
			if err != nil {
				if cfg.Engine == EngineUring {
					t.Skipf("no ring here: %v", err)
				}
				t.Fatal(err)
			}
			if len(errs) > 0 {
				t.Fatalf("errors: %q", errs)
			}
			var want int64
			for name, text := range files {
				p := filepath.Join(dir, name)
				want += int64(len(text))
				if got, ok := g.got[p]; !ok {
					t.Errorf("%s: not handed to a searcher", name)
				} else if string(got) != text {
					t.Errorf("%s: read %d bytes that differ from the file's %d", name, len(got), len(text))
				}
			}
			if sh := g.shapes[filepath.Join(dir, "magic")]; sh != Sniffed {
				t.Errorf("the file the Sniffer takes came as shape %d, not Sniffed", sh)
			}
			if sh := g.shapes[filepath.Join(dir, "nul")]; sh == Mapped {
				t.Error("a file starting with NULs was mapped without MapNULs")
			}
			if cfg.Engine == EngineMmap && g.shapes[filepath.Join(dir, "large")] != Mapped {
				t.Errorf("--io=mmap did not map the large file (shape %d)", g.shapes[filepath.Join(dir, "large")])
			}
			if got := st.Bytes.Load(); got != want {
				t.Errorf("Stats.Bytes %d, want %d", got, want)
			}
			if got := st.Walked.Load(); got != int64(len(files)) {
				t.Errorf("%d files walked, want %d", got, len(files))
			}
		})
	}
}
