package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"urg/internal/testbin"
)

// TestSlowMount mounts a small tree through the slow file system with a
// delay of 1 ms, checks that urg and GNU grep print over the mount what
// they print over the tree, that the daemon saw (and delayed) the reads
// and lookups, and that the mount is gone after the unmount.
func TestSlowMount(t *testing.T) {
	tree := t.TempDir()
	files := map[string]string{
		"a.txt":             "hello world\nfoo\n",
		"sub/b.txt":         "zz hello\nno\n",
		"sub/deeper/c.txt":  strings.Repeat("a line that says hello, once\nand one that does not\n", 4000), // several READs
		"sub/deeper/d.bin":  "hello\x00binary\n",
		"sub/.hidden/e.txt": "hidden hello\n",
	}
	for name, text := range files {
		p := filepath.Join(tree, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a.txt", filepath.Join(tree, "link")); err != nil {
		t.Fatal(err)
	}
	mnt := filepath.Join(t.TempDir(), "fuse-test")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	const delay = time.Millisecond
	m := mountOrSkip(t, tree, mnt, delay)
	defer m.unmount()

	for _, tl := range [][]string{
		{urgBin, "-a", "-e", "hello"},
		{"grep", "-r", "-a", "-e", "hello"},
	} {
		if tl[0] == "grep" {
			if v, err := version("grep"); err != nil || !strings.Contains(v, "GNU grep") {
				t.Logf("no GNU grep: %v %q", err, v)
				continue
			}
		}
		want := sortedLines(t, tl, tree, tree, mnt)
		got := sortedLines(t, tl, mnt, "", "")
		if !slices.Equal(got, want) {
			t.Errorf("%s over the mount printed\n%q\nover the tree (its paths made the mount's)\n%q", tl[0], got, want)
		}
		if len(got) < 4000 {
			t.Errorf("%s printed %d lines, want over 4000", tl[0], len(got))
		}
	}

	s := m.served()
	t.Logf("served: %+v", s)
	for _, op := range []string{"LOOKUP", "OPEN", "READ", "READDIR"} {
		if s.Requests[op] == 0 {
			t.Errorf("the daemon saw no %s (requests %v)", op, s.Requests)
		}
	}
	if s.Requests["READDIRPLUS"] > 0 {
		t.Errorf("%d READDIRPLUS requests; the mount refuses them", s.Requests["READDIRPLUS"])
	}
	if got := time.Duration(s.DelayMeanUS * float64(time.Microsecond)); got < delay*8/10 {
		t.Errorf("requests were delayed %v on average, want about %v", got, delay)
	}

	if err := m.unmount(); err != nil {
		t.Fatal(err)
	}
	points, err := mountPoints()
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(points, mnt) {
		t.Errorf("%s is still in /proc/self/mountinfo after the unmount", mnt)
	}
}

// mountOrSkip mounts tree at mnt through the slow file system, or skips
// the test where this machine cannot: no /dev/fuse, not root, not Linux.
func mountOrSkip(t *testing.T, tree, mnt string, delay time.Duration) *slowMount {
	t.Helper()
	m, err := mountSlow(tree, mnt, delay)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) ||
			errors.Is(err, syscall.ENODEV) || strings.Contains(err.Error(), "needs Linux") {
			t.Skipf("no FUSE mount here (no /dev/fuse, not root, or not Linux): %v", err)
		}
		t.Fatal(err)
	}
	return m
}

// TestLatencyMode runs -latency end to end on a small tree, warm (the
// tests never drop the machine's page cache): a scenario per delay in
// the JSON with its delay and what the mount served, the chart, and no
// mount left behind.
func TestLatencyMode(t *testing.T) {
	tree, dir := t.TempDir(), t.TempDir()
	for i := range 20 {
		p := filepath.Join(tree, "d"+strconv.Itoa(i%4), "f"+strconv.Itoa(i)+".txt")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("some text, no needle\n", 100*i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	probe := filepath.Join(dir, "probe")
	if err := os.Mkdir(probe, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := mountOrSkip(t, tree, probe, 0).unmount(); err != nil {
		t.Fatal(err)
	}
	jsonPath, svgPath := filepath.Join(dir, "out.json"), filepath.Join(dir, "out.svg")
	args := []string{"-urg", urgBin, "-dir", dir, "-corpus", tree, "-latency", "0,1ms", "-warm", "-n", "1", "-warmup", "0",
		"-tools", "urg,grep", "-only", "absent", "-json", jsonPath, "-svg", svgPath}
	var stderr, stdout bytes.Buffer
	o, err := parseFlags(args, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	o.dropCachesPath = filepath.Join(t.TempDir(), "no", "drop_caches")
	_, err = runLatency(o, args, &stdout)
	t.Logf("bench %s:\n%s", strings.Join(args, " "), stdout.String())
	if err != nil {
		t.Fatal(err)
	}
	rep := readReport(t, jsonPath)
	var delays []float64
	for _, s := range rep.Scenarios {
		if s.Status != "timed" || s.LatencyUS == nil || s.Served == nil {
			t.Fatalf("scenario %+v: not timed, or no delay or served stats", s)
		}
		delays = append(delays, *s.LatencyUS)
		if *s.LatencyUS > 0 && (s.Served.Requests["READ"] == 0 || s.Served.DelayMeanUS < *s.LatencyUS*0.8) {
			t.Errorf("at %v µs the mount served %+v", *s.LatencyUS, s.Served)
		}
		for _, tr := range s.Tools {
			if tr.Tool == "urg-uring" || tr.Tool == "urg-pread" {
				t.Logf("%s at %v µs: io_latency %v, in flight %+v", tr.Tool, *s.LatencyUS, tr.Runs[0].IOLatency, tr.Runs[0].InFlight)
			}
		}
	}
	if !slices.Equal(delays, []float64{0, 1000}) {
		t.Errorf("delays in the JSON: %v, want 0 and 1000 µs", delays)
	}
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("<polyline")) {
		t.Errorf("no line in the chart")
	}
	points, err := mountPoints()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range points {
		if strings.HasPrefix(p, dir) {
			t.Errorf("%s is still mounted", p)
		}
	}
}

// sortedLines runs argv on dir and returns its output's lines sorted,
// with from replaced by to at the start of each.
func sortedLines(t *testing.T, argv []string, dir, from, to string) []string {
	t.Helper()
	r := testbin.Run(t, "", nil, nil, argv[0], append(slices.Clone(argv[1:]), dir)...)
	if r.Code != 0 {
		t.Fatalf("%q on %s: exit %d: %s", argv, dir, r.Code, r.Stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
	for i, l := range lines {
		if from != "" {
			if rest, ok := strings.CutPrefix(l, from); ok {
				lines[i] = to + rest
			}
		}
	}
	slices.Sort(lines)
	return lines
}

func TestParseUrgStats(t *testing.T) {
	const text = `urg: stats
  files:    2 walked, 2 searched, 0 binary
  latency:  openat: 12345 ops, p50 12.3µs, p90 30.1µs, p99 1.2ms, max 5.301ms
  latency:  read: 12000 ops, p50 8µs, p90 20µs, p99 900µs, max 3ms
  latency:  close: 12000 ops, p50 1µs, p90 2µs, p99 9µs, max 40µs
  latency:  nowait: 345 ops, p50 3µs, p90 5µs, p99 20µs, max 100µs
  in flight: p50 40, p90 63, p99 64, max 64
  cpu:      0.000 s user, 0.007 s system: 1.02 of 2 cores busy on average (51%)
`
	lat, fl, err := parseUrgStats([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]opLatency{
		"openat": {12345, 12300, 30100, 1200000, 5301000},
		"read":   {12000, 8000, 20000, 900000, 3000000},
		"close":  {12000, 1000, 2000, 9000, 40000},
		"nowait": {345, 3000, 5000, 20000, 100000},
	}
	if len(lat) != len(want) {
		t.Errorf("got %d operations, want %d: %v", len(lat), len(want), lat)
	}
	for op, w := range want {
		if lat[op] != w {
			t.Errorf("%s: got %+v, want %+v", op, lat[op], w)
		}
	}
	if fl == nil || *fl != (inFlight{40, 63, 64, 64}) {
		t.Errorf("in flight: got %+v", fl)
	}

	t.Run("subset", func(t *testing.T) {
		lat, fl, err := parseUrgStats([]byte("  latency:  read: 3 ops, p50 8µs, p90 20us, p99 900µs, max 3ms\n"))
		if err != nil || len(lat) != 1 || lat["read"].P90NS != 20000 || fl != nil {
			t.Errorf("got %v, %v, %v", lat, fl, err)
		}
	})
	t.Run("none", func(t *testing.T) {
		lat, fl, err := parseUrgStats([]byte("urg: stats\n  files:    2 walked\n"))
		if err != nil || lat != nil || fl != nil {
			t.Errorf("got %v, %v, %v", lat, fl, err)
		}
	})
	for _, bad := range []string{
		"  latency:  read: 3 ops, p50 8µs, p90 20µs, p99 900µs\n",             // no max
		"  latency:  read: 3 ops, p50 8 apples, p90 20µs, p99 9µs, max 3ms\n", // a field of three words
		"  latency:  read: x ops, p50 8µs, p90 20µs, p99 900µs, max 3ms\n",
		"  latency:  read: 3 ops, p50 8, p90 20µs, p99 900µs, max 3ms\n", // no unit
		"  latency:  3 ops\n",
		"  in flight: p50 40, p90 63, p99 64\n",
	} {
		if _, _, err := parseUrgStats([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseLatencies(t *testing.T) {
	got, err := parseLatencies("0, 200us,1ms,5ms")
	if err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{0, 200 * time.Microsecond, time.Millisecond, 5 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for _, bad := range []string{"-1ms", "fast", "1ms,1000us"} {
		if _, err := parseLatencies(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestLatencyFlags(t *testing.T) {
	var stderr bytes.Buffer
	o, err := parseFlags([]string{"-latency", "0,1ms"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.corpora, []string{"go"}) || !slices.Equal(o.cache, []string{"cold"}) {
		t.Errorf("-latency alone: corpora %q, cache %q; want go, cold", o.corpora, o.cache)
	}
	o, err = parseFlags([]string{"-latency", "1ms", "-corpora", "go,mix", "-warm"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.corpora, []string{"go", "mix"}) || !slices.Equal(o.cache, []string{"warm"}) {
		t.Errorf("corpora %q, cache %q; want go,mix and warm as asked", o.corpora, o.cache)
	}
	for _, bad := range [][]string{{"-latency", "1ms", "-quick"}, {"-latency", "1ms", "-soak", "2"}, {"-latency", "soon"}} {
		if _, err := parseFlags(bad, &stderr); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestUnescapeMountinfo(t *testing.T) {
	for in, want := range map[string]string{
		`/tmp/plain`:         "/tmp/plain",
		`/tmp/a\040b`:        "/tmp/a b",
		`/tmp/tab\011x\134y`: "/tmp/tab\tx\\y",
		`/tmp/end\`:          `/tmp/end\`,
		`/tmp/short\04`:      `/tmp/short\04`,
	} {
		if got := unescapeMountinfo(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// TestLatencyReport draws the summary and the chart of a made-up latency
// run: a table row and a line per tool, a point per delay, the SVG well
// formed.
func TestLatencyReport(t *testing.T) {
	rep := &report{Tools: []tool{{Name: "urg-uring"}, {Name: "grep"}}}
	for _, us := range []float64{0, 200, 1000, 5000} {
		s := &scenarioResult{Corpus: "go", Cache: "cold", Name: "absent literal", Pattern: absentLiteral, Status: "timed", LatencyUS: &us}
		for i, name := range []string{"urg-uring", "grep"} {
			secs := 0.5 + us/1e3*float64(i+1)
			s.Tools = append(s.Tools, toolResult{Tool: name, Summary: summary{N: 3, Min: secs * 0.9, Max: secs * 1.1, Median: secs}})
		}
		rep.Scenarios = append(rep.Scenarios, s)
	}
	var text bytes.Buffer
	printLatencySummary(&text, rep)
	t.Logf("\n%s", text.String())
	for _, want := range []string{"200µs", "5ms", "urg-uring", "grep", "10.5000"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("summary lacks %q", want)
		}
	}
	svg := renderLatencySVG(rep)
	dec := xml.NewDecoder(bytes.NewReader(svg))
	lines, points := 0, 0
	for {
		tok, err := dec.Token()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatalf("SVG does not parse: %v", err)
			}
			break
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "polyline":
				lines++
			case "circle":
				points++
			}
		}
	}
	if lines != 2 || points != 8 {
		t.Errorf("%d lines and %d points in the chart, want 2 and 8", lines, points)
	}
}
