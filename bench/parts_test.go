package main

import (
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSummarize(t *testing.T) {
	s := summarize([]float64{3, 1, 2, 10})
	if s.N != 4 || s.Min != 1 || s.Max != 10 || s.Median != 2.5 || s.Mean != 4 {
		t.Errorf("summary %+v", s)
	}
	// Sample standard deviation of 1 2 3 10: sqrt(50/3).
	if math.Abs(s.Stddev-math.Sqrt(50.0/3)) > 1e-12 {
		t.Errorf("stddev %v", s.Stddev)
	}
	if s := summarize([]float64{0.5}); s.Median != 0.5 || s.Stddev != 0 {
		t.Errorf("one run: %+v", s)
	}
}

func TestFirstDiff(t *testing.T) {
	a := sortedOutput{lines: [][]byte{[]byte("a:1\n"), []byte("b:2\n")}, size: 8}
	b := sortedOutput{lines: [][]byte{[]byte("a:1\n"), []byte("c:3\n"), []byte("d:4\n")}, size: 12}
	if a.equal(b) {
		t.Fatal("different outputs equal")
	}
	got := firstDiff("urg", a, "peer", b)
	for _, want := range []string{"urg printed 2 lines, peer 3; they part at sorted line 2:", `urg   "b:2\n"`, `peer  "c:3\n"`, `peer  "d:4\n"`} {
		if !strings.Contains(got, want) {
			t.Errorf("firstDiff lacks %q:\n%s", want, got)
		}
	}
	short := sortedOutput{lines: a.lines[:1], size: 4}
	if got := firstDiff("urg", a, "peer", short); !strings.Contains(got, "peer  (no more lines)") {
		t.Errorf("prefix case:\n%s", got)
	}
}

// fio writes notices before its JSON, even into --output.
func TestParseFioJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fio.json")
	doc := "fio: file /x/empty may be ignored\n{\n\"jobs\": [{\"error\": 0, \"read\": {\"io_bytes\": 305003, \"runtime\": 6}}]}\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	n, secs, err := parseFioJSON(path)
	if err != nil || n != 305003 || secs != 0.006 {
		t.Errorf("got %d bytes, %v s, %v", n, secs, err)
	}
}

// Patterns and reasons with XML's special characters still make a
// document that parses, with its bars.
func TestSVGEscapes(t *testing.T) {
	rep := &report{
		Started: time.Now(),
		Tools:   []tool{{Name: "urg-uring"}, {Name: "a<b&c"}},
		Scenarios: []*scenarioResult{
			{Corpus: "go", Cache: "warm", Name: "odd", Pattern: `<x a="&">\w+`, Status: "timed", Tools: []toolResult{
				{Tool: "urg-uring", Summary: summary{N: 2, Min: 1, Max: 2, Median: 1.5}, Ratio: 1},
				{Tool: "a<b&c", Summary: summary{N: 2, Min: 0.001, Max: 0.002, Median: 0.0015}, Ratio: 0.001},
			}},
			{Corpus: "go", Cache: "warm", Name: "stopped", Pattern: "x", Status: "stopped", Reason: "grep: output differs <&>\x00"},
		},
	}
	bars, err := countSVGBars(renderSVG(rep))
	if err != nil || bars != 2 {
		t.Errorf("%d bars, %v", bars, err)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"8GiB": 8 << 30, "4MiB": 4 << 20, "512K": 512 << 10, "1000": 1000} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1GiB", "8TB"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) took it", in)
		}
	}
	if sizeLabel(8<<30) != "8GiB" || sizeLabel(4<<20) != "4MiB" || sizeLabel(1000) != "1000B" {
		t.Errorf("sizeLabel")
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 228722: "228,722", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// A scenario's flags go after the tool's own and before -e PATTERN, or
// before "--" for a tool that takes its pattern by position (ag); a floor
// line gets neither flags nor pattern nor path.
func TestToolArgsFlags(t *testing.T) {
	flags := []string{"-c", "-v"}
	urg := tool{Name: "urg-pread", Family: "urg", Argv: []string{"urg", "-a", "--io=pread"}}
	if got, want := urg.args(flags, `^\s+//`, "/c"), []string{"-a", "--io=pread", "-c", "-v", "-e", `^\s+//`, "/c"}; !slices.Equal(got, want) {
		t.Errorf("urg args %q, want %q", got, want)
	}
	if got, want := urg.args(nil, "x", "/c"), []string{"-a", "--io=pread", "-e", "x", "/c"}; !slices.Equal(got, want) {
		t.Errorf("urg args without flags %q, want %q", got, want)
	}
	ag := tool{Name: "ag", Family: "ag", positional: true, Argv: []string{"ag", "-u", "-s"}}
	if got, want := ag.args(flags, "x", "/c"), []string{"-u", "-s", "-c", "-v", "--", "x", "/c"}; !slices.Equal(got, want) {
		t.Errorf("ag args %q, want %q", got, want)
	}
	// The command is built from the same list, and args leaves Argv alone.
	if cmd := ag.command(flags, "x", "/c"); !slices.Equal(cmd.Args[1:], ag.args(flags, "x", "/c")) || len(ag.Argv) != 3 {
		t.Errorf("ag command %q, Argv %q", cmd.Args, ag.Argv)
	}
	dd := tool{Name: "dd", Family: "floor", Argv: []string{"dd", "if=/c/big.txt", "of=/dev/null", "bs=4M", "status=none"}}
	if got := dd.args(flags, "x", "/c"); !slices.Equal(got, dd.Argv[1:]) {
		t.Errorf("dd args %q, want its own %q", got, dd.Argv[1:])
	}
}

// The big corpus's scenarios carry their flags into the header; the trees'
// have none; -only finds a scenario by name or by pattern.
func TestScenarioFlags(t *testing.T) {
	big := scenariosFor(&corpus{big: &bigManifest{}}, false, false)
	if len(big) != 4 || !slices.Equal(big[2].flags, []string{"-c", "-v"}) || !slices.Equal(big[3].flags, []string{"-c"}) {
		t.Fatalf("big scenarios %v", big)
	}
	for _, sc := range scenariosFor(&corpus{}, false, false) {
		if sc.flags != nil {
			t.Errorf("tree scenario %q has flags %q", sc.name, sc.flags)
		}
	}
	var b strings.Builder
	printScenarioHeader(&b, &corpus{Name: "big"}, big[2], "warm")
	if want := "== big, warm: heavy regex, inverted count  `-c -v '^\\s+//'`\n"; b.String() != want {
		t.Errorf("header %q, want %q", b.String(), want)
	}
	if got := searchLabel([]string{"-c"}, "it's"); got != `-c 'it'\''s'` {
		t.Errorf("label %s", got)
	}
	if got := searchLabel(nil, `(?i)copyright`); got != `(?i)copyright` {
		t.Errorf("label without flags %s", got)
	}
	for only, want := range map[string]string{"inverted": big[2].name, "deadline": big[3].name} {
		o := &options{only: only, coldOnly: []string{"all"}}
		var got []string
		for _, sc := range big {
			if selected(o, sc, "warm") {
				got = append(got, sc.name)
			}
		}
		if !slices.Equal(got, []string{want}) {
			t.Errorf("-only %s selects %q, want %q", only, got, want)
		}
	}
}

// The dd floor line is the big corpus's alone, never a reference, and
// passes the output check without being compared: dd prints nothing where
// the searches print counts, and would refuse a pattern appended to it.
func TestFloorLine(t *testing.T) {
	if _, err := exec.LookPath("dd"); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, bigFileName), []byte("a\n  // b\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &corpus{Name: "big", Path: dir, big: &bigManifest{}}
	o := &options{dd: true}
	if _, ok := ddLine(o, &corpus{Name: "go", Path: dir}, io.Discard); ok {
		t.Errorf("a tree got a dd line")
	}
	if _, ok := ddLine(&options{dd: false}, c, io.Discard); ok {
		t.Errorf("-dd=false left a dd line")
	}
	if _, ok := ddLine(&options{dd: true, skip: []string{"dd"}}, c, io.Discard); ok {
		t.Errorf("-skip dd left a dd line")
	}
	dd, ok := ddLine(o, c, io.Discard)
	if !ok || dd.Reference || !dd.floor() || !slices.Contains(dd.Argv, "if="+filepath.Join(dir, bigFileName)) {
		t.Fatalf("dd line %+v", dd)
	}
	tools := []tool{
		{Name: "urg-pread", Family: "urg", Reference: true, Argv: []string{urgBin, "-a", "--io=pread"}},
		{Name: "grep", Family: "grep", Reference: true, Argv: []string{"grep", "-r", "-a", "-P"}},
		dd,
	}
	sc := scenario{"heavy regex, inverted count", `^\s+//`, []string{"-c", "-v"}, nil}
	var log strings.Builder
	ch := check(c, sc, tools, "stop", &log)
	if ch.stop != "" || len(ch.excluded) != 0 || len(ch.timed) != 3 || ch.timed[2].Name != "dd" {
		t.Fatalf("check: %+v\n%s", ch, log.String())
	}
	if want := filepath.Join(dir, bigFileName) + ":2\n"; ch.bytes != len(want) {
		t.Errorf("agreed output is %d bytes, want %q", ch.bytes, want)
	}
	res, err := timeScenario(c, sc, ch.timed, ch.bytes, timing{runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r := res[2]; r.Tool != "dd" || len(r.Runs) != 1 || r.Runs[0].OutputBytes != 0 || r.Ratio <= 0 {
		t.Errorf("dd timed %+v", r)
	}
}

// -io takes urg's four engines and nothing else; each is a line of its
// own, named after it. The default stays uring and pread.
func TestIOEngines(t *testing.T) {
	o, err := parseFlags(nil, io.Discard)
	if err != nil || !slices.Equal(o.io, []string{"uring", "pread"}) || !o.dd {
		t.Fatalf("defaults: io %q, dd %v, %v", o.io, o.dd, err)
	}
	o, err = parseFlags([]string{"-urg", urgBin, "-io", "auto,mmap", "-tools", "urg", "-dd=false"}, io.Discard)
	if err != nil || !slices.Equal(o.io, []string{"auto", "mmap"}) || o.dd {
		t.Fatalf("-io auto,mmap -dd=false: io %q, dd %v, %v", o.io, o.dd, err)
	}
	tools, err := buildTools(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	if !slices.Equal(names, []string{"urg-auto", "urg-mmap"}) || !slices.Contains(tools[1].Argv, "--io=mmap") {
		t.Errorf("lines %q, argv %q", names, tools[1].Argv)
	}
	if _, err := parseFlags([]string{"-io", "mmap,splice"}, io.Discard); err == nil || !strings.Contains(err.Error(), `"splice"`) {
		t.Errorf("-io splice: %v", err)
	}
}

// -patterns gives trees the matcher set (the big file keeps its own) and
// adds an rg -P line where rg is installed.
func TestPatternSet(t *testing.T) {
	o, err := parseFlags([]string{"-urg", urgBin, "-patterns", "-tools", "urg,rg", "-io", "pread"}, io.Discard)
	if err != nil || !o.patterns {
		t.Fatalf("-patterns: %v, %v", o.patterns, err)
	}
	tree := scenariosFor(&corpus{}, true, false)
	if len(tree) != 8 || tree[3].name != "word" || !slices.Equal(tree[3].flags, []string{"-w"}) {
		t.Errorf("tree scenarios with -patterns: %v", tree)
	}
	if big := scenariosFor(&corpus{big: &bigManifest{}}, true, false); len(big) != 4 {
		t.Errorf("big scenarios with -patterns: %v", big)
	}
	if _, err := exec.LookPath("rg"); err != nil {
		t.Skip("rg not installed: the rg -P line is not built (apt-get install ripgrep)")
	}
	tools, err := buildTools(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if last := tools[len(tools)-1]; last.Name != "rg-pcre2" || !slices.Contains(last.Argv, "-P") {
		t.Errorf("last line %q %q, want rg-pcre2 with -P", last.Name, last.Argv)
	}
}

// TestColdSettle: -cold-settle reaches the dropper, which waits that long
// after a drop.
func TestColdSettle(t *testing.T) {
	o, err := parseFlags([]string{"-cold-settle", "500ms"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.coldSettle != 500*time.Millisecond {
		t.Fatalf("-cold-settle 500ms gave %v", o.coldSettle)
	}
	path := filepath.Join(t.TempDir(), "drop_caches")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := (cacheDropper{path: path, settle: o.coldSettle}).drop(); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < o.coldSettle {
		t.Fatalf("drop returned after %v, before its settle of %v", waited, o.coldSettle)
	}
}

// TestColdFillFlags: -cold-fill reaches the dropper of each corpus, and is
// refused with -cold-settle, which would hand the filled memory back.
func TestColdFillFlags(t *testing.T) {
	o, err := parseFlags([]string{"-cold-fill"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !o.coldFill {
		t.Fatal("-cold-fill not set")
	}
	d := cacheDropper{fillOn: o.coldFill}.of(&corpus{Path: "/some/corpus"})
	if d.fill != "/some/corpus" {
		t.Fatalf("dropper fills %q, want the corpus", d.fill)
	}
	if d := (cacheDropper{}).of(&corpus{Path: "/some/corpus"}); d.fill != "" {
		t.Fatalf("without -cold-fill the dropper fills %q", d.fill)
	}
	if _, err := parseFlags([]string{"-cold-fill", "-cold-settle", "1s"}, io.Discard); err == nil {
		t.Fatal("-cold-fill with -cold-settle accepted")
	}
	// A corpus that is gone is an error that names it, before any drop.
	missing := filepath.Join(t.TempDir(), "gone")
	err = cacheDropper{path: filepath.Join(t.TempDir(), "drop_caches"), fill: missing}.drop()
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("drop with a missing corpus: %v", err)
	}
}
