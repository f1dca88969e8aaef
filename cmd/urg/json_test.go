package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// jsonMsg is one --json message, decoded loosely.
type jsonMsg struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// jsonText is ripgrep's text-or-bytes.
type jsonText struct {
	Text  *string `json:"text"`
	Bytes *string `json:"bytes"`
}

func (d jsonText) value(t *testing.T) string {
	switch {
	case d.Text != nil && d.Bytes == nil:
		return *d.Text
	case d.Bytes != nil && d.Text == nil:
		b, err := base64.StdEncoding.DecodeString(*d.Bytes)
		if err != nil {
			t.Fatalf("bytes %q: %v", *d.Bytes, err)
		}
		return string(b)
	}
	t.Fatalf("text and bytes: want exactly one, got %+v", d)
	return ""
}

type jsonLineMsg struct {
	Path           jsonText `json:"path"`
	Lines          jsonText `json:"lines"`
	LineNumber     *int64   `json:"line_number"`
	AbsoluteOffset *int64   `json:"absolute_offset"`
	Submatches     []struct {
		Match jsonText `json:"match"`
		Start *int     `json:"start"`
		End   *int     `json:"end"`
	} `json:"submatches"`
}

// checkJSON validates a --json stream against ripgrep's message types:
// every line an object of a known type with its fields, begin before a
// file's matches and end after them, submatches that are the bytes they
// say, a summary last. It returns the match and context messages in a
// canonical form, to compare with ripgrep's.
func checkJSON(t *testing.T, out string) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	open := map[string]bool{}
	var got []string
	for i, l := range lines {
		var m jsonMsg
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d %q: not JSON: %v", i+1, l, err)
		}
		switch m.Type {
		case "begin", "end":
			var d struct {
				Path  jsonText        `json:"path"`
				Stats json.RawMessage `json:"stats"`
			}
			if err := json.Unmarshal(m.Data, &d); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			p := d.Path.value(t)
			if (m.Type == "begin") == open[p] {
				t.Fatalf("line %d: %s for %q out of turn", i+1, m.Type, p)
			}
			open[p] = m.Type == "begin"
			if m.Type == "end" {
				var st map[string]any
				if err := json.Unmarshal(d.Stats, &st); err != nil {
					t.Fatalf("line %d: end stats: %v", i+1, err)
				}
				for _, k := range []string{"elapsed", "searches", "searches_with_match", "bytes_searched", "bytes_printed", "matched_lines", "matches"} {
					if _, ok := st[k]; !ok {
						t.Fatalf("line %d: end stats lack %q", i+1, k)
					}
				}
			}
		case "match", "context":
			var d jsonLineMsg
			if err := json.Unmarshal(m.Data, &d); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			p, text := d.Path.value(t), d.Lines.value(t)
			if !open[p] || d.LineNumber == nil || d.AbsoluteOffset == nil || d.Submatches == nil {
				t.Fatalf("line %d: %s without its begin or a field: %s", i+1, m.Type, l)
			}
			var subs []string
			for _, s := range d.Submatches {
				if s.Start == nil || s.End == nil || *s.Start < 0 || *s.End > len(text) || text[*s.Start:*s.End] != s.Match.value(t) {
					t.Fatalf("line %d: submatch %+v is not in %q", i+1, s, text)
				}
				subs = append(subs, fmt.Sprintf("%d-%d", *s.Start, *s.End))
			}
			got = append(got, fmt.Sprintf("%s %s:%d:%d:%q:%v", m.Type, p, *d.LineNumber, *d.AbsoluteOffset, text, subs))
		case "summary":
			if i != len(lines)-1 {
				t.Fatalf("line %d: summary before the end", i+1)
			}
		default:
			t.Fatalf("line %d: unknown type %q", i+1, m.Type)
		}
	}
	if len(lines) == 0 || !strings.Contains(lines[len(lines)-1], `"summary"`) {
		t.Fatalf("no summary at the end of %q", truncate(out))
	}
	slices.Sort(got)
	return got
}

// TestJSON checks --json's messages on a tree of source and bytes that
// are not UTF-8, under every engine, and compares the match and context
// messages with rg --json's where ripgrep is installed.
func TestJSON(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(runtime.GOROOT(), "src", "bufio")
	files := map[string]string{"bad/x": "one needle\n\xff\xfe needle here\nhay\nneedle needle\n",
		// A last line with no newline; '<', '>' and '&', which ripgrep
		// writes as themselves.
		"end/n": "a <b> & test\nhay\ntest", "end/m": "test"}
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		if b, err := os.ReadFile(filepath.Join(src, e.Name())); err == nil && !e.IsDir() {
			files["src/"+e.Name()] = string(b)
		}
	}
	writeTree(t, root, files)
	rg, rgErr := exec.LookPath("rg")
	if rgErr != nil {
		t.Log("rg is not installed: the messages are checked against the format only")
	}
	for _, args := range [][]string{
		{"needle", "bad"},
		{`func \w+\(`, "src"},
		{"-C1", "Reader", "src"},
		{"-i", "EOF", "src", "bad"},
		{"test", "end"},
		{"-C1", "hay", "end"},
		{"--replace=<$0>", "test", "end"},
		{"--replace=x", "-o", "<b>", "end"},
	} {
		var want []string
		if rgErr == nil {
			r := runCmd(t, root, nil, rg, append([]string{"--json", "--no-config", "-uuu"}, args...)...)
			want = checkJSON(t, r.stdout)
		}
		for _, io := range engines(t) {
			got := urg(t, root, append([]string{"--io=" + io, "--json"}, args...)...)
			if got.code != 0 || got.stderr != "" {
				t.Fatalf("urg --json %q: status %d, stderr %q", args, got.code, got.stderr)
			}
			msgs := checkJSON(t, got.stdout)
			if rgErr == nil && !slices.Equal(msgs, want) {
				for i := range min(len(msgs), len(want)) {
					if msgs[i] != want[i] {
						t.Fatalf("urg --io=%s --json %q: %d messages, rg %d; first difference:\n urg %s\n  rg %s", io, args, len(msgs), len(want), msgs[i], want[i])
					}
				}
				t.Fatalf("urg --io=%s --json %q: %d messages, rg %d", io, args, len(msgs), len(want))
			}
		}
	}
	if r := urg(t, root, "--json", "-c", "x", "src"); r.code != 2 || !strings.Contains(r.stderr, "--json") {
		t.Errorf("--json -c: status %d, stderr %q; want an error", r.code, r.stderr)
	}
}
