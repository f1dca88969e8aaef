package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// absentLiteral is in no corpus: the search reads every byte and prints
// nothing, which times reading and scanning alone.
const absentLiteral = "zqxjkvbwtrh"

// scenario is one pattern searched by every tool line on a corpus, with
// the flags (if any) that every search line of it is given before the
// pattern: -c and -v make a tool read and match every line yet print
// little, so that the figures are of matching, not of printing. A list
// scenario (-patterns) has no pattern but a list of them, in a file each
// line is given as -f FILE (lists.go).
type scenario struct {
	name    string
	pattern string
	flags   []string
	list    *patternList
}

// scenariosFor lists a corpus's scenarios: the big file has its needles
// and two counts that put every line through a regex (a plain literal
// search of one file is mostly reading); trees have a literal, two regexes
// (one whose literal is rare, one whose literal is common) and a
// case-insensitive literal.
//
// With -patterns, trees get the matcher set instead: one pattern of each
// kind the matcher has a path for, each printing its lines.
func scenariosFor(c *corpus, patterns, spot bool) []scenario {
	if spot {
		return spotScenarios
	}
	if patterns && c.big == nil {
		return patternScenarios
	}
	if c.big != nil {
		return []scenario{
			{"absent literal", absentLiteral, nil, nil},
			{"needles", needlePattern, nil, nil},
			// The lines that are not indented comments: the regex has no
			// literal to skip ahead to, so every line is matched.
			{"heavy regex, inverted count", `^\s+//`, []string{"-c", "-v"}, nil},
			{"case-insensitive alternation, count", `(?i)(panic|fatal|deadline|unreachable)`, []string{"-c"}, nil},
		}
	}
	return []scenario{
		{"absent literal", absentLiteral, nil, nil},
		{"regex", `func \w+Error\(`, nil, nil},
		{"regex, common literal", `\w+Error\(`, nil, nil},
		{"case-insensitive literal", `(?i)copyright`, nil, nil},
	}
}

// patternScenarios are the matcher set (-patterns): warm, they time the
// matcher's paths one by one against ripgrep and GNU grep.
var patternScenarios = []scenario{
	{"absent literal", absentLiteral, nil, nil},
	{"common literal", "return nil", nil, nil},
	{"case-insensitive literal", `(?i)copyright`, nil, nil},
	{"word", "ctx", []string{"-w"}, nil},
	{"alternation of 5 words", `panic|fatal|deadline|unreachable|overflow`, nil, nil},
	{"regex, common literal", `\w+Error\(`, nil, nil},
	{"regex without a literal", `\b[A-Z][A-Z0-9_]{15,}\b`, nil, nil},
	{"lookaround", `\w+(?=Error\()`, nil, nil},
}

// label is the scenario's search as the header and the chart show it: the
// pattern alone, or the flags and the pattern quoted for a shell.
func (sc scenario) label() string {
	if sc.list != nil {
		return strings.Join(sc.flags, " ") + " -f " + filepath.Base(sc.list.file)
	}
	return searchLabel(sc.flags, sc.pattern)
}

func searchLabel(flags []string, pattern string) string {
	if len(flags) == 0 {
		return pattern
	}
	if pattern == "" {
		// A finder's primaries (-spot): no pattern, values quoted.
		q := make([]string, len(flags))
		for i, f := range flags {
			q[i] = f
			if strings.ContainsAny(f, "*?[ '") {
				q[i] = shellQuote(f)
			}
		}
		return strings.Join(q, " ")
	}
	return strings.Join(flags, " ") + " " + shellQuote(pattern)
}

// shellQuote quotes s in single quotes, as a shell takes it back.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// checked is what the output check decided for a scenario: which lines
// do the same work and are timed, which are left out and why, or why the
// scenario stops. It holds the agreed output's size, not the output.
type checked struct {
	timed    []tool
	excluded []excluded
	stop     string
	lines    int
	bytes    int
	digest   string
	needles  *needleCount
}

// check runs every tool line once and compares the sorted outputs with the
// first line's (urg's). Reference lines that disagree, or fail, stop the
// scenario; a peer that disagrees or fails is left out (-mismatch=drop) or
// stops it (-mismatch=stop). Each difference is printed with the first
// differing lines. A floor line (dd) searches nothing and prints nothing,
// so there is nothing of it to compare: it is timed as it is.
func check(c *corpus, sc scenario, tools []tool, policy string, w io.Writer) *checked {
	res := &checked{}
	var want sortedOutput
	ref := tools[0]
	for i, t := range tools {
		if t.floor() {
			res.timed = append(res.timed, t)
			continue
		}
		if sc.list != nil {
			lt, why := sc.lineFor(t)
			if why != "" {
				res.excluded = append(res.excluded, excluded{t.Name, why}) // printed with the check's verdict
				continue
			}
			if !slices.Equal(lt.Argv, t.Argv) {
				fmt.Fprintf(w, "   %s runs as: %s %s\n", t.Name, lt.Argv[0], strings.Join(lt.args(sc.flags, "", "PATH"), " "))
			}
			t = lt
		}
		got, err := captureSorted(t, sc.flags, sc.pattern, c.Path)
		if i == 0 {
			if err != nil {
				res.stop = err.Error()
				fmt.Fprintf(w, "   %s failed, scenario stopped: %v\n", t.Name, err)
				return res
			}
			want = got
			res.timed = append(res.timed, t)
			continue
		}
		var why string
		if err != nil {
			why = fmt.Sprintf("failed: %v", err)
			fmt.Fprintf(w, "   %s failed: %v\n", t.Name, err)
		} else if !got.equal(want) {
			why = fmt.Sprintf("output differs from %s", ref.Name)
			fmt.Fprintf(w, "   OUTPUT MISMATCH: %s's output differs from %s's\n%s\n", t.Name, ref.Name,
				indent(firstDiff(ref.Name, want, t.Name, got), "     "))
		}
		switch {
		case why == "":
			res.timed = append(res.timed, t)
		case t.Reference || policy == "stop":
			res.stop = t.Name + ": " + why
			fmt.Fprintf(w, "   scenario stopped: nothing timed (%s)\n", stopWhy(t, policy))
			return res
		default:
			res.excluded = append(res.excluded, excluded{t.Name, why})
			fmt.Fprintf(w, "   %s left out of this scenario (-mismatch=drop); the others are timed\n", t.Name)
		}
	}
	res.lines, res.bytes, res.digest = len(want.lines), want.size, want.digest()
	if c.big != nil && sc.pattern == needlePattern {
		res.needles = countNeedles(c.big, want)
	}
	return res
}

func stopWhy(t tool, policy string) string {
	if t.Reference {
		return t.Name + " is a reference line: urg's lines and grep's must agree"
	}
	return "-mismatch=" + policy
}

// countNeedles says how many planted needles the agreed output shows.
func countNeedles(m *bigManifest, out sortedOutput) *needleCount {
	seen := map[string]bool{}
	for _, l := range out.lines {
		for rest := l; ; {
			i := bytes.Index(rest, []byte(needlePrefix))
			if i < 0 || i+len(needlePrefix)+6 > len(rest) {
				break
			}
			seen[string(rest[i:i+len(needlePrefix)+6])] = true
			rest = rest[i+len(needlePrefix):]
		}
	}
	n := &needleCount{Planted: len(m.Needles)}
	for _, nd := range m.Needles {
		if seen[nd.Text] {
			n.Found++
		}
	}
	return n
}

// timing is how one scenario is timed.
type timing struct {
	cold    bool
	runs    int
	warmup  int
	dropper cacheDropper
	// stats runs urg's lines with --stats and keeps its I/O latency in
	// each run (-latency).
	stats bool
}

// timeScenario runs the tool lines interleaved, A B C A B C ..., so that
// drift on the machine (other load, thermal state, the cache) falls on all
// alike: first tm.warmup untimed rounds (warm mode), then tm.runs timed
// rounds, dropping the cache before every run in cold mode. A timed run
// must print as many bytes as the check did, or the scenario fails: the
// figures would be of different work. A floor line prints nothing and is
// not held to that.
func timeScenario(c *corpus, sc scenario, tools []tool, wantBytes int, tm timing) ([]toolResult, error) {
	for range tm.warmup {
		for _, t := range tools {
			if _, err := timedRun(t, sc.flags, sc.pattern, c.Path, tm.stats); err != nil {
				return nil, err
			}
		}
	}
	results := make([]toolResult, len(tools))
	for r := range tm.runs {
		for i, t := range tools {
			if tm.cold {
				if err := tm.dropper.drop(); err != nil {
					return nil, err
				}
			}
			rn, err := timedRun(t, sc.flags, sc.pattern, c.Path, tm.stats)
			if err != nil {
				return nil, err
			}
			if !t.floor() && rn.OutputBytes != int64(wantBytes) {
				return nil, fmt.Errorf("%s printed %d bytes in timed run %d, %d in the check", t.Name, rn.OutputBytes, r+1, wantBytes)
			}
			rn.Round = r + 1
			results[i].Tool = t.Name
			results[i].Runs = append(results[i].Runs, rn)
		}
	}
	var ref float64
	for i := range results {
		secs := make([]float64, len(results[i].Runs))
		for j, rn := range results[i].Runs {
			secs[j] = rn.Seconds
		}
		results[i].Summary = summarize(secs)
		if i == 0 {
			ref = results[i].Summary.Median
		}
		if ref > 0 {
			results[i].Ratio = results[i].Summary.Median / ref
		}
	}
	return results, nil
}

// timedRun runs one search with its output read through a pipe and
// counted. Not /dev/null: GNU grep notices an output of /dev/null and
// stops at the first match, as with -q, which would time less work. With
// stats, a urg line runs with --stats (which prints to stderr only: the
// output counted is the same), and its latency and in-flight lines go
// into the sample.
func timedRun(t tool, flags []string, pattern, path string, stats bool) (sample, error) {
	stats = stats && t.Family == "urg"
	if stats {
		t.Argv = append([]string{t.Argv[0], "--stats"}, t.Argv[1:]...)
	}
	cmd := t.command(flags, pattern, path)
	out := &countingWriter{}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &limitedBuffer{buf: &stderr, max: 64 << 10}
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if err := exitOK(err); err != nil {
		return sample{}, fmt.Errorf("%s: %v: %s", t.Name, err, firstLines(stderr.Bytes(), 5))
	}
	rn := sample{Seconds: elapsed.Seconds(), OutputBytes: out.n}
	if ps := cmd.ProcessState; ps != nil {
		rn.UserSeconds = ps.UserTime().Seconds()
		rn.SysSeconds = ps.SystemTime().Seconds()
		rn.MaxRSSKiB = maxRSSKiB(ps)
	}
	if stats {
		if rn.IOLatency, rn.InFlight, err = parseUrgStats(stderr.Bytes()); err != nil {
			return sample{}, fmt.Errorf("%s: %v", t.Name, err)
		}
	}
	return rn, nil
}

// countingWriter counts and drops what a tool prints.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// selected says whether a scenario runs under the -only filter and, cold,
// under -cold-scenarios.
func selected(o *options, sc scenario, cache string) bool {
	if o.only != "" && !strings.Contains(sc.name, o.only) && !strings.Contains(sc.pattern, o.only) {
		return false
	}
	if cache != "cold" || slices.Contains(o.coldOnly, "all") {
		return true
	}
	return slices.ContainsFunc(o.coldOnly, func(s string) bool { return strings.Contains(sc.name, s) })
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
