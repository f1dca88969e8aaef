package main

import (
	"math"
	"os"
	"path/filepath"
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
