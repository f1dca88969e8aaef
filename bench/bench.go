package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// errStopped is returned when every scenario ran but some were stopped by
// their output check or a failed run: the figures printed are good, the
// set is not whole.
var errStopped = errors.New("some scenarios were stopped (see above)")

// runBench does one bench invocation: tool lines, corpora (the big one
// with its dd floor line), fio floors, then each scenario checked and
// timed, the table printed and the JSON rewritten after each; the SVG at
// the end. It returns the report, and errStopped when a scenario was
// stopped.
func runBench(o *options, args []string, stdout io.Writer) (*report, error) {
	if o.wordList > 0 {
		return nil, writeWordList(o, stdout)
	}
	var text bytes.Buffer
	w := stdout
	if o.quick {
		w = io.MultiWriter(stdout, &text)
	}
	rep := &report{Started: time.Now(), Args: args, Machine: describeMachine()}
	fmt.Fprintln(w, rep.Machine)
	o.outputPaths(rep.Started)
	dropper := cacheDropper{path: o.dropCachesPath, settle: o.coldSettle, fillOn: o.coldFill}
	if err := checkCold(o, rep, dropper, w); err != nil {
		return nil, err
	}
	tools, err := reportTools(o, rep, w)
	if err != nil {
		return nil, err
	}
	lines, err := addCorpora(o, rep, tools, w)
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(w)

	if o.soak > 0 {
		for _, c := range rep.Corpora {
			for _, cache := range o.cache {
				if err := runSoak(o, c, o.soak, cache == "cold", dropper.of(c), w); err != nil {
					return rep, err
				}
			}
		}
		return rep, nil
	}

	_, fioErr := exec.LookPath("fio")
	if o.fio && fioErr != nil {
		fmt.Fprintln(w, "fio: not on PATH, no floor printed (apt-get install fio)")
		rep.Skipped = append(rep.Skipped, "fio: not on PATH")
	}
	stopped := 0
	for _, c := range rep.Corpora {
		n, err := runCorpus(o, rep, c, lines[c], fioErr == nil, dropper, w)
		stopped += n
		if err != nil {
			return rep, err
		}
	}
	if err := finishReport(o, rep, renderSVG, w); err != nil {
		return rep, err
	}
	if o.quick {
		if err := quickCheck(o, rep, text.String(), w); err != nil {
			return rep, err
		}
	}
	if stopped > 0 {
		return rep, errStopped
	}
	return rep, nil
}

// checkCold makes sure the page cache can be dropped when a cold mode is
// asked for. When it cannot, a cold mode the user asked for is an error;
// the default one is dropped from o.cache, said to w and kept in rep.
func checkCold(o *options, rep *report, dropper cacheDropper, w io.Writer) error {
	if slices.Contains(o.cache, "cold") {
		if err := dropper.check(); err != nil {
			msg := fmt.Sprintf("cold mode needs to drop the page cache (root, writable %s) and cannot: %v", o.dropCachesPath, err)
			if o.cacheSet {
				return fmt.Errorf("%s; refusing cold mode rather than printing warm figures as cold (run as root, or -cache warm)", msg)
			}
			fmt.Fprintf(w, "%s; cold mode refused, warm only\n", msg)
			rep.Skipped = append(rep.Skipped, "cold: "+msg)
			o.cache = slices.DeleteFunc(o.cache, func(c string) bool { return c == "cold" })
		}
	}
	if len(o.cache) == 0 {
		return errors.New("no cache mode left to run")
	}
	return nil
}

// addCorpora prepares the corpora o names and returns each one's lines:
// the search lines tools, and the floor lines that corpus gets (the big
// corpus's dd, the trees' ring floor), kept in rep with those skipped.
func addCorpora(o *options, rep *report, tools []tool, w io.Writer) (map[*corpus][]tool, error) {
	lines := map[*corpus][]tool{}
	for _, name := range o.corpora {
		c, err := addCorpus(o, rep, name, w)
		if err != nil {
			return nil, err
		}
		lines[c] = tools
		for _, line := range []func(*options, *corpus, io.Writer) (tool, bool){ddLine, ringFloorLine} {
			var skipped bytes.Buffer
			if fl, ok := line(o, c, io.MultiWriter(w, &skipped)); ok {
				printFloorLine(w, fl)
				lines[c] = append(slices.Clone(lines[c]), fl)
				if !slices.ContainsFunc(rep.Tools, func(t tool) bool { return t.Name == fl.Name }) {
					rep.Tools = append(rep.Tools, fl)
				}
			} else if l := strings.TrimSpace(skipped.String()); l != "" && !slices.Contains(rep.Skipped, l) {
				rep.Skipped = append(rep.Skipped, l)
			}
		}
	}
	return lines, nil
}

// runCorpus runs c's scenarios with its lines in each cache mode, after
// that mode's fio floor (when o asks for it and withFio says fio is
// there), adding each result to rep and rewriting the JSON after each. It
// returns how many scenarios were stopped.
func runCorpus(o *options, rep *report, c *corpus, lines []tool, withFio bool, dropper cacheDropper, w io.Writer) (int, error) {
	stopped := 0
	checks := map[string]*checked{}
	scs := scenariosFor(c, o.patterns, o.spot)
	if o.patterns && c.big == nil && !o.spot {
		lists, skippedLists, err := listScenarios(o, c, w)
		if err != nil {
			return stopped, err
		}
		scs = append(scs, lists...)
		rep.Skipped = append(rep.Skipped, skippedLists...)
	}
	for _, cache := range o.cache {
		if o.fio && withFio {
			if r, err := runFio(c, cache, dropper.of(c)); err != nil {
				fmt.Fprintf(w, "fio floor (%s, %s): %v\n", c.Name, cache, err)
			} else {
				printFio(w, r)
				rep.Fio = append(rep.Fio, r)
			}
			fmt.Fprintln(w)
		}
		for _, sc := range scs {
			if !selected(o, sc, cache) {
				continue
			}
			s, err := rep.record(o.jsonPath, runScenario(o, c, sc, cache, lines, checks, dropper.of(c), nil, w))
			if s {
				stopped++
			}
			if err != nil {
				return stopped, err
			}
		}
	}
	return stopped, nil
}

// quickCheck is -quick's check of its own outputs: the tables printed
// (text), the JSON and the SVG written.
func quickCheck(o *options, rep *report, text string, w io.Writer) error {
	runs, bars, err := verifyOutputs(o.jsonPath, o.svgPath, rep)
	if err == nil {
		err = tableLooksRight(text, rep)
	}
	if err != nil {
		return fmt.Errorf("quick check: %w", err)
	}
	fmt.Fprintf(w, "quick check: tables printed, JSON parses with all %d runs, SVG parses as XML with %d bars\n", runs, bars)
	return nil
}

// finishReport stamps the report's end, writes its JSON and its chart
// (drawn by render) and says where they are.
func finishReport(o *options, rep *report, render func(*report) []byte, w io.Writer) error {
	rep.Finished = time.Now()
	if err := writeJSON(o.jsonPath, rep); err != nil {
		return err
	}
	if err := writeFileAtomic(o.svgPath, render(rep)); err != nil {
		return err
	}
	fmt.Fprintf(w, "every run: %s\nchart:     %s\n", o.jsonPath, o.svgPath)
	return nil
}

// addCorpus prepares the corpus name, adds it to the report and prints
// its line.
func addCorpus(o *options, rep *report, name string, w io.Writer) (*corpus, error) {
	c, err := prepareCorpus(o, name, w)
	if err != nil {
		return nil, err
	}
	rep.Corpora = append(rep.Corpora, c)
	printCorpus(w, c)
	return c, nil
}

// reportTools builds the run's tool lines, keeps them and the lines
// left out (with why) in rep, and prints them.
func reportTools(o *options, rep *report, w io.Writer) ([]tool, error) {
	var skipped bytes.Buffer
	tools, err := buildTools(o, io.MultiWriter(w, &skipped))
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(strings.TrimSpace(skipped.String()), "\n") {
		if l != "" {
			rep.Skipped = append(rep.Skipped, l)
		}
	}
	rep.Tools = tools
	printToolLines(w, tools)
	return tools, nil
}

// runScenario checks one scenario's outputs (once per corpus and pattern:
// the cold pass reuses the warm pass's check), times it, and prints its
// table. far, when not nil, is the slow mount c is served from
// (-latency): urg's lines then run with --stats, and what the mount
// served and what urg saw are printed and kept.
func runScenario(o *options, c *corpus, sc scenario, cache string, tools []tool,
	checks map[string]*checked, dropper cacheDropper, far *farRun, w io.Writer) *scenarioResult {
	label := cache
	if far != nil {
		label += ", latency " + latencyLabel(far.delay)
	}
	printScenarioHeader(w, c, sc, label)
	res := &scenarioResult{Corpus: c.Name, Cache: cache, Name: sc.name, Pattern: sc.pattern, Flags: sc.flags,
		Reference: tools[0].Name}
	if far != nil {
		us := float64(far.delay) / float64(time.Microsecond)
		res.LatencyUS = &us
	}
	if sc.list != nil {
		res.PatternFile = sc.list.file
	}
	ch, reused := checks[sc.name]
	if !reused {
		ch = check(c, sc, tools, o.mismatch, w)
		checks[sc.name] = ch
	}
	res.Excluded = ch.excluded
	if ch.stop != "" {
		res.Status, res.Reason = "stopped", ch.stop
		if reused {
			fmt.Fprintf(w, "   stopped (see the check above): %s\n", ch.stop)
		}
		fmt.Fprintln(w)
		return res
	}
	res.Lines, res.OutputBytes, res.Digest, res.Needles = ch.lines, ch.bytes, ch.digest, ch.needles
	printChecked(w, ch, reused)
	tm := timing{cold: cache == "cold", runs: o.runs, warmup: o.warmup, dropper: dropper, stats: far != nil}
	if tm.cold {
		tm.runs, tm.warmup = o.coldRuns, 0
	}
	if far != nil {
		far.mount.served() // the check's requests are not the timed runs'
	}
	results, err := timeScenario(c, sc, ch.timed, ch.bytes, tm)
	if far != nil {
		served := far.mount.served()
		res.Served = &served
	}
	if err != nil {
		res.Status, res.Reason = "stopped", err.Error()
		fmt.Fprintf(w, "   timing failed, scenario stopped: %v\n\n", err)
		return res
	}
	res.Status, res.Tools = "timed", results
	printTable(w, tm, results)
	if far != nil {
		printServed(w, *res.Served, far.delay)
		printUrgLatency(w, ch.timed, results)
	}
	fmt.Fprintln(w)
	return res
}

// record adds a scenario's result to the report and writes the JSON again,
// so that a run stopped part way keeps what it measured; stopped says the
// scenario was stopped rather than timed.
func (rep *report) record(jsonPath string, res *scenarioResult) (stopped bool, err error) {
	rep.Scenarios = append(rep.Scenarios, res)
	return res.Status != "timed", writeJSON(jsonPath, rep)
}
