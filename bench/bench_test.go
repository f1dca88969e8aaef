package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"urg/internal/testbin"
)

// urgBin is the urg binary the harness times, built once by TestMain.
var urgBin string

func TestMain(m *testing.M) {
	// The ring floor line runs this program as -read-floor FILE; under
	// test, this program is the test binary.
	if len(os.Args) == 3 && os.Args[1] == "-read-floor" {
		os.Exit(runReadFloor(os.Args[2], os.Stderr))
	}
	testbin.Main(m, "urg/cmd/urg", &urgBin)
}

// bench runs the harness in-process and returns its exit status and
// output. The page-cache file is pointed at a path that cannot exist, so
// no test can drop the machine's cache whatever it asks for.
func bench(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	o, err := parseFlags(args, &stderr)
	if err != nil {
		t.Fatalf("flags %q: %v", args, err)
	}
	o.dropCachesPath = filepath.Join(t.TempDir(), "no", "drop_caches")
	code := 0
	if _, err := runBench(o, args, &stdout); err != nil {
		fmt.Fprintln(&stderr, "bench:", err)
		code = 2
		if err == errStopped {
			code = 1
		}
	}
	out := stdout.String() + stderr.String()
	t.Logf("bench %s (exit %d):\n%s", strings.Join(args, " "), code, out)
	return code, out
}

func readReport(t *testing.T, path string) *report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep := &report{}
	if err := json.Unmarshal(data, rep); err != nil {
		t.Fatalf("%s does not parse: %v", path, err)
	}
	return rep
}

// TestQuick is CI's smoke run: tiny generated corpora, warm, two runs per
// line, with every detected peer. The table, the JSON and the SVG must be
// there and well formed, and hold every run. The test's time is the
// searches', so it runs no warm-up round and makes the big file 2 MiB, not
// -quick's 4 MiB (one 1 MiB boundary is enough to cross).
func TestQuick(t *testing.T) {
	dir := t.TempDir()
	jsonPath, svgPath := filepath.Join(dir, "out.json"), filepath.Join(dir, "out.svg")
	code, out := bench(t, "-urg", urgBin, "-quick", "-big-size", "2MiB", "-warmup", "0", "-dir", dir, "-n", "2",
		"-json", jsonPath, "-svg", svgPath)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, peer := range []string{"rg", "ugrep", "ag", "fio", "dd"} {
		if _, err := exec.LookPath(peer); err != nil {
			t.Logf("%s is not installed: its lines are skipped (%v)", peer, err)
			if !strings.Contains(out, peer+": not on PATH") {
				t.Errorf("%s missing but not reported as skipped", peer)
			}
		}
	}
	if !strings.Contains(out, "quick check: tables printed, JSON parses") {
		t.Errorf("no quick check line")
	}

	rep := readReport(t, jsonPath)
	if rep.Machine.CPUs < 1 || rep.Machine.Kernel == "" || rep.Machine.MemoryKiB == 0 {
		t.Errorf("machine not described: %+v", rep.Machine)
	}
	if len(rep.Scenarios) != 8 {
		t.Fatalf("%d scenarios in the JSON, want 4 on quick and 4 on big", len(rep.Scenarios))
	}
	searchLines, dd, ring := countToolLines(t, rep)
	wantBars := map[string][]string{} // scenario title -> tool lines timed
	runs, wantRuns := 0, 0
	for _, s := range rep.Scenarios {
		lines := searchLines
		if s.Corpus == "big" {
			lines += dd
		} else {
			lines += ring
		}
		wantRuns += 2 * lines
		runs += checkQuickScenario(t, s, out, lines, dd, ring, wantBars)
	}
	if runs != rep.runCount() || runs != wantRuns && !hasExcluded(rep) {
		t.Errorf("%d runs in the JSON for %d tool lines", runs, len(rep.Tools))
	}
	checkSVGBars(t, svgPath, wantBars)
}

// countToolLines counts the JSON's search lines and its dd and ring
// floor lines, checking that each floor is listed once where it can run.
func countToolLines(t *testing.T, rep *report) (searchLines, dd, ring int) {
	t.Helper()
	// The dd floor line is listed once and run on the big corpus only;
	// the ring floor's, where the kernel gives a ring, on the tree only.
	for _, tl := range rep.Tools {
		switch {
		case tl.Family != "floor":
			searchLines++
		case tl.Name == "dd" && !tl.Reference && slices.Contains(tl.Argv, "status=none"):
			dd++
		case tl.Name == ringFloorName && !tl.Reference && slices.Contains(tl.Argv, "-read-floor"):
			ring++
		default:
			t.Errorf("floor line %+v", tl)
		}
	}
	if _, err := exec.LookPath("dd"); err == nil && dd != 1 {
		t.Errorf("%d dd lines in the JSON, want 1", dd)
	}
	if err := ringFloorAvailable(); (err == nil) != (ring == 1) {
		t.Errorf("%d ring floor lines in the JSON, with the ring %v", ring, err)
	}
	return searchLines, dd, ring
}

// checkQuickScenario checks one scenario of the JSON against the tables
// printed, lines being its tool lines, and adds to wantBars the bars its
// SVG panel must have. It returns the number of runs the scenario holds.
func checkQuickScenario(t *testing.T, s *scenarioResult, out string, lines, dd, ring int, wantBars map[string][]string) int {
	t.Helper()
	runs := 0
	if s.Name == "heavy regex, inverted count" && !slices.Equal(s.Flags, []string{"-c", "-v"}) {
		t.Errorf("%s: flags %q in the JSON, want -c -v", s.Name, s.Flags)
	}
	if s.Status != "timed" {
		t.Errorf("%s/%s %s: %s", s.Corpus, s.Cache, s.Name, s.Reason)
		return 0
	}
	for _, e := range s.Excluded {
		// A peer version whose output differs on the quick corpus is
		// reported, not failed: the check did its job.
		t.Logf("%s/%s: %s left out: %s", s.Corpus, s.Name, e.Tool, e.Reason)
	}
	if len(s.Tools)+len(s.Excluded) != lines {
		t.Errorf("%s/%s: %d timed and %d left out, of %d tool lines", s.Corpus, s.Name, len(s.Tools), len(s.Excluded), lines)
	}
	if dd > 0 && (s.Corpus == "big") != slices.ContainsFunc(s.Tools, func(tr toolResult) bool { return tr.Tool == "dd" }) {
		t.Errorf("%s/%s: dd timed %v, want on the big corpus only", s.Corpus, s.Name, s.Corpus != "big")
	}
	if ring > 0 && (s.Corpus != "big") != slices.ContainsFunc(s.Tools, func(tr toolResult) bool { return tr.Tool == ringFloorName }) {
		t.Errorf("%s/%s: the ring floor timed %v, want on the tree only", s.Corpus, s.Name, s.Corpus == "big")
	}
	header := fmt.Sprintf("== %s, %s: %s  `%s`", s.Corpus, s.Cache, s.Name, searchLabel(s.Flags, s.Pattern))
	if !strings.Contains(out, header) {
		t.Errorf("no table header %q", header)
	}
	for _, tr := range s.Tools {
		if len(tr.Runs) != 2 || tr.Summary.N != 2 {
			t.Errorf("%s %s: %d runs (N %d), want 2", s.Name, tr.Tool, len(tr.Runs), tr.Summary.N)
		}
		want := int64(s.OutputBytes)
		if tr.Tool == "dd" || tr.Tool == ringFloorName {
			want = 0 // a floor prints nothing
		}
		for _, r := range tr.Runs {
			if r.Seconds <= 0 || r.OutputBytes != want {
				t.Errorf("%s %s: run %+v", s.Name, tr.Tool, r)
			}
		}
		runs += len(tr.Runs)
		if !strings.Contains(out, "\n   "+tr.Tool+" ") {
			t.Errorf("no table row for %s", tr.Tool)
		}
		wantBars[s.Corpus+", "+s.Cache+": "+s.Name] = append(wantBars[s.Corpus+", "+s.Cache+": "+s.Name], tr.Tool)
	}
	if s.Name == "needles" && (s.Needles == nil || s.Needles.Found != s.Needles.Planted || s.Needles.Planted == 0) {
		t.Errorf("needles: %+v", s.Needles)
	}
	return runs
}

// checkSVGBars: each panel of the SVG has a bar for each tool line timed,
// in order, and there is no other panel with bars.
func checkSVGBars(t *testing.T, svgPath string, wantBars map[string][]string) {
	t.Helper()
	gotBars := svgBars(t, svgPath)
	for title, tools := range wantBars {
		if !slices.Equal(gotBars[title], tools) {
			t.Errorf("SVG panel %q has bars %q, want %q", title, gotBars[title], tools)
		}
	}
	if len(gotBars) != len(wantBars) {
		t.Errorf("SVG has %d panels with bars, want %d", len(gotBars), len(wantBars))
	}
}

func hasExcluded(rep *report) bool {
	return slices.ContainsFunc(rep.Scenarios, func(s *scenarioResult) bool { return len(s.Excluded) > 0 })
}

// svgBars parses the chart as XML and returns, per panel (by the first
// line of its title), the tool of each bar in order.
func svgBars(t *testing.T, path string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name `xml:"http://www.w3.org/2000/svg svg"`
		Groups  []struct {
			Texts []string `xml:"text"`
			Rects []struct {
				Class string `xml:"class,attr"`
				Tool  string `xml:"data-tool,attr"`
				Title string `xml:"title"`
			} `xml:"rect"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s is not XML an SVG viewer takes: %v", path, err)
	}
	bars := map[string][]string{}
	for _, g := range doc.Groups {
		for _, r := range g.Rects {
			if r.Class != "bar" {
				continue
			}
			if len(g.Texts) == 0 || !strings.HasPrefix(r.Title, r.Tool+": median ") {
				t.Errorf("bar %+v: no panel title or tooltip", r)
				continue
			}
			bars[g.Texts[0]] = append(bars[g.Texts[0]], r.Tool)
		}
	}
	return bars
}

// A tool line that does different work (urg -v selects the other lines)
// must be refused before any timing, with the first differing lines shown:
// left out under -mismatch=drop, stopping the scenario under stop.
func TestMismatchRefused(t *testing.T) {
	dir := t.TempDir()
	liar := "liar=" + urgBin + " -a -v"
	common := []string{"-urg", urgBin, "-dir", dir, "-corpora", "quick", "-cache", "warm", "-only", "func",
		"-tools", "grep", "-io", "pread", "-fio=false", "-n", "1", "-warmup", "0", "-tool", liar}

	t.Run("drop", func(t *testing.T) {
		jsonPath := filepath.Join(dir, "drop.json")
		code, out := bench(t, append(common, "-json", jsonPath, "-svg", filepath.Join(dir, "drop.svg"))...)
		if code != 0 {
			t.Fatalf("exit %d, want 0: the others are timed", code)
		}
		mustContain(t, out,
			"OUTPUT MISMATCH: liar's output differs from urg-pread's",
			"they part at sorted line 1:",
			`liar       "`, // its first differing lines, quoted
			`urg-pread  "`,
			"not timed: liar (output differs from urg-pread)")
		rep := readReport(t, jsonPath)
		s := rep.Scenarios[0]
		if s.Status != "timed" || len(s.Excluded) != 1 || s.Excluded[0].Tool != "liar" {
			t.Fatalf("scenario %+v", s)
		}
		for _, tr := range s.Tools {
			if tr.Tool == "liar" {
				t.Errorf("liar was timed")
			}
		}
	})

	t.Run("stop", func(t *testing.T) {
		jsonPath := filepath.Join(dir, "stop.json")
		code, out := bench(t, append(common, "-mismatch", "stop", "-json", jsonPath, "-svg", filepath.Join(dir, "stop.svg"))...)
		if code != 1 {
			t.Fatalf("exit %d, want 1 (a scenario stopped)", code)
		}
		mustContain(t, out, "OUTPUT MISMATCH: liar", `liar       "`, "scenario stopped: nothing timed (-mismatch=stop)")
		rep := readReport(t, jsonPath)
		if s := rep.Scenarios[0]; s.Status != "stopped" || len(s.Tools) != 0 || rep.runCount() != 0 {
			t.Errorf("stopped scenario timed something: %+v", s)
		}
	})

	// The reference lines are urg's and grep's: when they disagree no
	// policy keeps the scenario going. A grep that inverts its match
	// stands in for a urg bug.
	t.Run("reference", func(t *testing.T) {
		realGrep, err := exec.LookPath("grep")
		if err != nil {
			t.Skip("no grep")
		}
		fake := t.TempDir()
		script := "#!/bin/sh\nexec " + realGrep + " -v \"$@\"\n"
		if err := os.WriteFile(filepath.Join(fake, "grep"), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("PATH", fake+string(os.PathListSeparator)+os.Getenv("PATH"))
		args := []string{"-urg", urgBin, "-dir", dir, "-corpora", "quick", "-cache", "warm", "-only", "func",
			"-tools", "grep", "-io", "pread", "-fio=false", "-n", "1", "-warmup", "0",
			"-json", filepath.Join(dir, "ref.json"), "-svg", filepath.Join(dir, "ref.svg")}
		code, out := bench(t, args...)
		if code != 1 {
			t.Fatalf("exit %d, want 1", code)
		}
		mustContain(t, out, "OUTPUT MISMATCH: grep", "grep is a reference line")
	})
}

// Cold mode asked for without the right to drop the cache is refused
// before anything runs; asked for by default, it is dropped with a notice
// and the warm tables are printed as warm.
func TestColdRefused(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-urg", urgBin, "-dir", dir, "-corpora", "quick", "-only", "absent",
		"-tools", "grep", "-io", "pread", "-fio=false", "-n", "1", "-warmup", "0",
		"-json", filepath.Join(dir, "c.json"), "-svg", filepath.Join(dir, "c.svg")}
	code, out := bench(t, append(base, "-cold")...)
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	mustContain(t, out, "refusing cold mode rather than printing warm figures as cold")
	if strings.Contains(out, "==") {
		t.Errorf("a scenario ran in refused cold mode")
	}

	code, out = bench(t, base...) // default: warm and cold
	if code != 0 {
		t.Fatalf("exit %d, want 0", code)
	}
	mustContain(t, out, "cold mode refused, warm only", "== quick, warm: absent literal")
	if strings.Contains(out, "== quick, cold") {
		t.Errorf("cold table printed without dropping the cache")
	}
}

func mustContain(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q", w)
		}
	}
}

// TestSpotLines checks -spot's command lines: spot and find get the path
// and then the primaries; fd gets them translated, a pattern and the path.
func TestSpotLines(t *testing.T) {
	spot := tool{Name: "spot", Family: "spot", Argv: []string{"bin/spot", "-j16"}}
	find := tool{Name: "find", Family: "find", Argv: []string{"find"}}
	fd := tool{Name: "fd", Family: "fd", Argv: []string{"fdfind", "-uu"}}
	for _, c := range []struct {
		t    tool
		sc   scenario
		want string
	}{
		{spot, spotScenarios[0], "-j16 /m -type f -size +1M"},
		{find, spotScenarios[1], "/m -name *.h"},
		{fd, spotScenarios[0], "-uu -t f -S +1mi . /m"},
		{fd, spotScenarios[1], "-uu -g *.h /m"},
	} {
		if got := strings.Join(c.t.args(c.sc.flags, c.sc.pattern, "/m"), " "); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.t.Name, c.sc.name, got, c.want)
		}
	}
	if got := spotScenarios[1].label(); got != "-name '*.h'" {
		t.Errorf("label %q", got)
	}
}
