package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// printToolLines lists every tool line once, with its full command, so
// that the short names in the tables mean something exact.
func printToolLines(w io.Writer, tools []tool) {
	fmt.Fprintln(w, "tool lines (a scenario's FLAGS, its PATTERN and the corpus's PATH appended; LC_ALL=C):")
	for _, t := range tools {
		fmt.Fprintf(w, "  %s\n", toolLine(t))
	}
	fmt.Fprintln(w)
}

// toolLine is a tool line's name and full command, with placeholders for
// what each search appends.
func toolLine(t tool) string {
	v := ""
	if t.Version != "" {
		v = "  [" + t.Version + "]"
	}
	args := t.args([]string{"[FLAGS]"}, "PATTERN", "PATH")
	if t.Family == "fd" {
		args = append(slices.Clone(t.Argv[1:]), "[FLAGS as fd's options]", "PATTERN", "PATH")
	}
	return fmt.Sprintf("%-14s %s %s%s", t.Name, t.Argv[0], strings.Join(args, " "), v)
}

func printCorpus(w io.Writer, c *corpus) {
	how := "reused"
	if c.Built {
		how = "built now"
	}
	fmt.Fprintf(w, "corpus %s: %s, %s files, %s (%s)\n", c.Name, c.Path, thousands(int64(c.Files)), humanBytes(c.Bytes), how)
	if c.big != nil {
		fmt.Fprintf(w, "  %d needles planted (listed in %s), text from %s\n", len(c.big.Needles), c.Needles, c.big.Source)
	}
}

// printFloorLine lists a corpus's floor line under the corpus, as the
// search lines are listed at the start: it exists only for that corpus.
func printFloorLine(w io.Writer, t tool) {
	fmt.Fprintf(w, "  floor line, timed among the tools (nothing appended, output not checked):\n    %s\n", toolLine(t))
}

func printScenarioHeader(w io.Writer, c *corpus, sc scenario, cache string) {
	fmt.Fprintf(w, "== %s, %s: %s  `%s`\n", c.Name, cache, sc.name, sc.label())
}

// printChecked says what the output check found.
func printChecked(w io.Writer, ch *checked, reused bool) {
	if ch.stop != "" {
		return // check printed why as it went
	}
	again := ""
	if reused {
		again = " (checked above)"
	}
	fmt.Fprintf(w, "   outputs equal across %d lines%s: %s lines, %s, sha256 %s\n",
		len(ch.timed), again, thousands(int64(ch.lines)), humanBytes(int64(ch.bytes)), ch.digest)
	if ch.needles != nil {
		fmt.Fprintf(w, "   needles found: %d of %d planted\n", ch.needles.Found, ch.needles.Planted)
	}
	for _, e := range ch.excluded {
		fmt.Fprintf(w, "   not timed: %s (%s)\n", e.Tool, e.Reason)
	}
}

// printTable prints ministat's summary, one line per tool line, with each
// median as a ratio to the reference (first) line's.
func printTable(w io.Writer, tm timing, results []toolResult) {
	if len(results) == 0 {
		return
	}
	mode := fmt.Sprintf("%d timed runs per line, interleaved, after %d warm-up round(s)", tm.runs, tm.warmup)
	if tm.cold {
		mode = fmt.Sprintf("%d timed runs per line, interleaved, page cache dropped before each", tm.runs)
	}
	fmt.Fprintf(w, "   %s; seconds:\n", mode)
	prec := 3
	if results[0].Summary.Min < 0.1 {
		prec = 4
	}
	name := 4
	for _, r := range results {
		name = max(name, len(r.Tool))
	}
	vs := "vs " + results[0].Tool
	ratio := max(len(vs), 9)
	fmt.Fprintf(w, "   %-*s %4s %9s %9s %9s %9s %9s %*s\n", name, "tool", "N", "min", "max", "median", "avg", "stddev", ratio, vs)
	for _, r := range results {
		s := r.Summary
		fmt.Fprintf(w, "   %-*s %4d %9.*f %9.*f %9.*f %9.*f %9.*f %*.2fx\n", name, r.Tool, s.N,
			prec, s.Min, prec, s.Max, prec, s.Median, prec, s.Mean, prec, s.Stddev, ratio-1, r.Ratio)
	}
}

func printFio(w io.Writer, r fioResult) {
	rate := 0.0
	if r.Seconds > 0 {
		rate = float64(r.Bytes) / r.Seconds
	}
	fmt.Fprintf(w, "fio floor (%s, %s; io_uring, queue depth 64, buffered): %.3f s wall (fio's runtime %.3f s), read %s of %s, %s/s\n",
		r.Corpus, r.Cache, r.Seconds, r.RuntimeSeconds, humanBytes(r.Bytes), humanBytes(r.CorpusBytes), humanBytes(int64(rate)))
	if r.Bytes < r.CorpusBytes {
		fmt.Fprintf(w, "   fio stopped after %v, at a rate that would need %.0f s for the whole tree: it opens files one at a time, so it is no floor for a tree of small files\n",
			fioLimit, float64(r.CorpusBytes)/max(rate, 1))
	}
}

// humanBytes writes a byte count in decimal units, as disks are sold.
func humanBytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}

// thousands writes n with commas: 228,722.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 && r != '-' && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
