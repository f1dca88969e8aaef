package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The latency mode (-latency D,...) times the searches on far storage:
// each corpus is served through the slow file system (slowfs_linux.go),
// a FUSE passthrough that delays every request by D, and the scenarios
// are timed on its mount, cold by default, once per D. A local disk
// answers in tens of microseconds and hides how many requests a tool keeps
// in flight; at a millisecond per request, a tool that waits for one file
// before asking for the next pays the delay once per file, and one that
// keeps many requests in flight pays it once per batch. urg's runs are
// given --stats, and the latencies and queue depth it saw go into the
// JSON beside each run.

// How the slow file system serves a tree (slowfs_linux.go).
const (
	// slowFSBackground is the number of the kernel's asynchronous
	// requests (readahead) the mount lets be in flight at once.
	slowFSBackground = 256
	// slowFSCacheTime is how long the kernel may keep a name's lookup
	// and a file's attributes before asking again, as an NFS client
	// does.
	slowFSCacheTime = time.Second
)

// servedStats is what the slow file system served during a scenario's
// timed runs.
type servedStats struct {
	Requests map[string]int64 `json:"requests"` // by FUSE opcode: every request delayed
	// The delay the requests got: on average, the median and 99th
	// percentile (to a hundredth of the delay asked) and the longest.
	DelayMeanUS  float64 `json:"delay_mean_us"`
	DelayP50US   float64 `json:"delay_p50_us"`
	DelayP99US   float64 `json:"delay_p99_us"`
	DelayMaxUS   float64 `json:"delay_max_us"`
	PeakInFlight int64   `json:"peak_in_flight"` // requests being delayed at once, at most
}

// opLatency is one operation's line of urg's --stats latencies: how many
// there were and how long they took, in nanoseconds.
type opLatency struct {
	N     int64 `json:"n"`
	P50NS int64 `json:"p50_ns"`
	P90NS int64 `json:"p90_ns"`
	P99NS int64 `json:"p99_ns"`
	MaxNS int64 `json:"max_ns"`
}

// inFlight is urg's --stats line of how many reads it had in flight.
type inFlight struct {
	P50 int64 `json:"p50"`
	P90 int64 `json:"p90"`
	P99 int64 `json:"p99"`
	Max int64 `json:"max"`
}

// parseLatencies reads -latency's comma-separated durations (0 is the
// passthrough with no delay).
func parseLatencies(s string) ([]time.Duration, error) {
	var out []time.Duration
	for _, f := range splitList(s) {
		d, err := time.ParseDuration(f)
		if err != nil || d < 0 {
			return nil, fmt.Errorf("bad delay %q (a duration such as 0, 200us, 1ms)", f)
		}
		if slices.Contains(out, d) {
			return nil, fmt.Errorf("delay %v given twice", d)
		}
		out = append(out, d)
	}
	return out, nil
}

// parseUrgStats reads the latency and in-flight lines of urg's --stats
// output and ignores the others:
//
//	latency:  OP: N ops, p50 D, p90 D, p99 D, max D
//	in flight: p50 N, p90 N, p99 N, max N
//
// (D a Go duration, N a count).
//
// A latency or in-flight line that does not parse is an error: a format
// that drifted would otherwise leave the figures out without a word.
func parseUrgStats(stderr []byte) (map[string]opLatency, *inFlight, error) {
	var lat map[string]opLatency
	var fl *inFlight
	for _, line := range strings.Split(string(stderr), "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "latency:"); ok {
			op, fields, ok := strings.Cut(strings.TrimSpace(rest), ":")
			if !ok || op == "" {
				return nil, nil, fmt.Errorf("urg --stats: no operation in %q", line)
			}
			vals, err := statFields(fields, true)
			if err != nil {
				return nil, nil, fmt.Errorf("urg --stats: %q: %v", line, err)
			}
			if lat == nil {
				lat = map[string]opLatency{}
			}
			lat[op] = opLatency{vals["ops"], vals["p50"], vals["p90"], vals["p99"], vals["max"]}
		} else if rest, ok := strings.CutPrefix(line, "in flight:"); ok {
			vals, err := statFields(rest, false)
			if err != nil {
				return nil, nil, fmt.Errorf("urg --stats: %q: %v", line, err)
			}
			fl = &inFlight{vals["p50"], vals["p90"], vals["p99"], vals["max"]}
		}
	}
	return lat, fl, nil
}

// statFields reads "N ops, p50 V, p90 V, p99 V, max V" (durations, in
// nanoseconds) or, without ops, "p50 N, p90 N, p99 N, max N" (counts).
// Each of them must be there.
func statFields(s string, durations bool) (map[string]int64, error) {
	vals := map[string]int64{}
	for _, part := range strings.Split(s, ", ") {
		f := strings.Fields(part)
		if len(f) != 2 {
			return nil, fmt.Errorf("field %q", strings.TrimSpace(part))
		}
		key, val := f[0], f[1]
		if val == "ops" || val == "op" {
			key, val = "ops", f[0]
		}
		var n int64
		var err error
		if durations && key != "ops" {
			var d time.Duration
			d, err = time.ParseDuration(val)
			n = int64(d)
		} else {
			n, err = strconv.ParseInt(strings.ReplaceAll(val, ",", ""), 10, 64)
		}
		if err != nil {
			return nil, fmt.Errorf("field %q: %v", strings.TrimSpace(part), err)
		}
		vals[key] = n
	}
	want := []string{"p50", "p90", "p99", "max"}
	if durations {
		want = append(want, "ops")
	}
	for _, k := range want {
		if _, ok := vals[k]; !ok {
			return nil, fmt.Errorf("no %s", k)
		}
	}
	return vals, nil
}

// latencyLabel writes a delay as -latency takes it.
func latencyLabel(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	return d.String()
}

// runLatency is the latency mode: the tool lines and corpora as for the
// timings, then for each delay each corpus mounted through the slow file
// system, its scenarios checked (once, at the first delay: the tree and
// its path are the same under every delay, and every timed run must print
// what the check did) and timed on the mount, and the mount taken away;
// at the end a table of medians against the delay and the chart.
func runLatency(o *options, args []string, stdout io.Writer) (*report, error) {
	w := stdout
	rep := &report{Started: time.Now(), Args: args, Machine: describeMachine()}
	o.outputPaths(rep.Started)
	dropper := cacheDropper{path: o.dropCachesPath, settle: o.coldSettle, fillOn: o.coldFill}
	if slices.Contains(o.cache, "cold") {
		if err := dropper.check(); err != nil {
			return nil, fmt.Errorf("cold mode needs to drop the page cache (root, writable %s) and cannot: %v (run as root, or -cache warm)", o.dropCachesPath, err)
		}
	}
	tools, err := reportTools(o, rep, w)
	if err != nil {
		return nil, err
	}
	for _, name := range o.corpora {
		if _, err := addCorpus(o, rep, name, w); err != nil {
			return nil, err
		}
	}
	// The mounts' paths as mountinfo shows them: absolute, no links.
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(o.dir)
	if err == nil {
		dir, err = filepath.EvalSymlinks(dir)
	}
	if err != nil {
		return nil, err
	}
	if err := cleanStaleMounts(dir, w); err != nil {
		return nil, err
	}
	mountRoot := filepath.Join(dir, "fuse-latency")
	if err := os.MkdirAll(mountRoot, 0o755); err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "\nfar storage: each corpus served read only at %s/NAME by a FUSE passthrough in this process, every LOOKUP, GETATTR, OPEN, READ, OPENDIR, READDIR and READLINK answered after the delay (concurrently, up to %d background requests; names and attributes cached %v; no READDIRPLUS, no kernel passthrough; cold runs drop the page cache, then read the served tree back into it, so that the server answers from memory)\n\n",
		mountRoot, slowFSBackground, slowFSCacheTime)

	checks := map[string]map[string]*checked{} // by corpus, then scenario
	stopped := 0
	for _, d := range o.latency {
		fmt.Fprintf(w, "=== latency %s\n\n", latencyLabel(d))
		for _, c := range rep.Corpora {
			if checks[c.Name] == nil {
				checks[c.Name] = map[string]*checked{}
			}
			n, err := latencyCorpus(o, rep, tools, c, d, filepath.Join(mountRoot, c.Name), checks[c.Name], dropper, w)
			stopped += n
			if err != nil {
				return rep, err
			}
		}
	}
	printLatencySummary(w, rep)
	if err := finishReport(o, rep, renderLatencySVG, w); err != nil {
		return rep, err
	}
	if stopped > 0 {
		return rep, errStopped
	}
	return rep, nil
}

// latencyCorpus mounts one corpus with delay d at dir, runs its scenarios
// there, and unmounts it whatever happened. It returns how many
// scenarios were stopped.
func latencyCorpus(o *options, rep *report, tools []tool, c *corpus, d time.Duration, dir string,
	checks map[string]*checked, dropper cacheDropper, w io.Writer) (stopped int, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	m, err := mountSlow(c.Path, dir, d)
	if err != nil {
		return 0, err
	}
	defer func() {
		if uerr := m.unmount(); uerr != nil && err == nil {
			err = uerr
		}
		os.Remove(dir)
	}()
	mc := *c
	mc.Path = dir
	fmt.Fprintf(w, "corpus %s mounted at %s, every request delayed by %s\n", c.Name, dir, latencyLabel(d))
	lines := tools
	if dd, ok := ddLine(o, &mc, io.Discard); ok {
		printFloorLine(w, dd)
		lines = append(slices.Clone(tools), dd)
		if !slices.ContainsFunc(rep.Tools, func(t tool) bool { return t.Name == dd.Name }) {
			rep.Tools = append(rep.Tools, dd)
		}
	}
	fmt.Fprintln(w)
	for _, cache := range o.cache {
		for _, sc := range scenariosFor(c, false, false) {
			if !selected(o, sc, cache) {
				continue
			}
			dw := dropper.of(c)
			dw.warm = c.Path // the server's cache, not its disk (cacheDropper.warm)
			s, err := rep.record(o.jsonPath, runScenario(o, &mc, sc, cache, lines, checks, dw, &farRun{mount: m, delay: d}, w))
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

// farRun is a scenario's slow mount and its delay, for runScenario.
type farRun struct {
	mount *slowMount
	delay time.Duration
}

// printServed says what the mount served during the timed runs.
func printServed(w io.Writer, s servedStats, d time.Duration) {
	var parts []string
	for _, op := range sortedKeys(s.Requests) {
		parts = append(parts, op+" "+thousands(s.Requests[op]))
	}
	fmt.Fprintf(w, "   the mount served (timed runs): %s\n", strings.Join(parts, ", "))
	if d > 0 {
		fmt.Fprintf(w, "   delay given (asked %s): mean %.0f µs, median %.0f, 99th percentile %.0f, longest %.0f; at most %d requests delayed at once\n",
			latencyLabel(d), s.DelayMeanUS, s.DelayP50US, s.DelayP99US, s.DelayMaxUS, s.PeakInFlight)
	}
}

// printUrgLatency prints, for each urg line, the latencies its median run
// reported with --stats.
func printUrgLatency(w io.Writer, tools []tool, results []toolResult) {
	for i, r := range results {
		if i >= len(tools) || tools[i].Family != "urg" || len(r.Runs) == 0 {
			continue
		}
		runs := slices.Clone(r.Runs)
		slices.SortFunc(runs, func(a, b sample) int { return compareFloat(a.Seconds, b.Seconds) })
		rn := runs[len(runs)/2]
		var parts []string
		for _, op := range sortedKeys(rn.IOLatency) {
			l := rn.IOLatency[op]
			parts = append(parts, fmt.Sprintf("%s %s ops p50 %v p99 %v", op, thousands(l.N),
				time.Duration(l.P50NS), time.Duration(l.P99NS)))
		}
		if rn.InFlight != nil {
			parts = append(parts, fmt.Sprintf("in flight p50 %d max %d", rn.InFlight.P50, rn.InFlight.Max))
		}
		if len(parts) == 0 {
			parts = []string{"no latency lines in --stats"}
		}
		fmt.Fprintf(w, "   %s, its median run's --stats: %s\n", r.Tool, strings.Join(parts, "; "))
	}
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// latencyGroup is one scenario on one corpus in one cache mode, across
// the delays.
type latencyGroup struct {
	corpus, cache, name, label string
	delays                     []float64          // µs, ascending
	medians                    map[string][]point // by tool line
}

// point is a tool line's time at one delay.
type point struct {
	us               float64
	median, min, max float64
	n                int
}

// latencyGroups gathers the report's timed scenarios by corpus, cache
// mode and scenario, in the order they first ran.
func latencyGroups(rep *report) ([]*latencyGroup, []string) {
	var groups []*latencyGroup
	byKey := map[string]*latencyGroup{}
	var toolOrder []string
	for _, t := range rep.Tools {
		toolOrder = append(toolOrder, t.Name)
	}
	for _, s := range rep.Scenarios {
		if s.LatencyUS == nil {
			continue
		}
		key := s.Corpus + "\x00" + s.Cache + "\x00" + s.Name
		g := byKey[key]
		if g == nil {
			g = &latencyGroup{corpus: s.Corpus, cache: s.Cache, name: s.Name, label: searchLabel(s.Flags, s.Pattern),
				medians: map[string][]point{}}
			byKey[key] = g
			groups = append(groups, g)
		}
		if !slices.Contains(g.delays, *s.LatencyUS) {
			g.delays = append(g.delays, *s.LatencyUS)
		}
		for _, t := range s.Tools {
			g.medians[t.Tool] = append(g.medians[t.Tool], point{*s.LatencyUS, t.Summary.Median, t.Summary.Min, t.Summary.Max, t.Summary.N})
		}
	}
	for _, g := range groups {
		slices.Sort(g.delays)
		for _, pts := range g.medians {
			slices.SortFunc(pts, func(a, b point) int { return compareFloat(a.us, b.us) })
		}
	}
	return groups, toolOrder
}

// printLatencySummary prints, per scenario, each tool line's median
// against the delay.
func printLatencySummary(w io.Writer, rep *report) {
	groups, toolOrder := latencyGroups(rep)
	for _, g := range groups {
		fmt.Fprintf(w, "== %s, %s: %s  `%s`: median seconds against the delay per request\n", g.corpus, g.cache, g.name, g.label)
		name := 4
		for t := range g.medians {
			name = max(name, len(t))
		}
		fmt.Fprintf(w, "   %-*s", name, "tool")
		for _, us := range g.delays {
			fmt.Fprintf(w, " %9s", latencyLabel(time.Duration(us*float64(time.Microsecond))))
		}
		fmt.Fprintln(w)
		for _, t := range toolOrder {
			pts, ok := g.medians[t]
			if !ok {
				continue
			}
			fmt.Fprintf(w, "   %-*s", name, t)
			for _, us := range g.delays {
				i := slices.IndexFunc(pts, func(p point) bool { return p.us == us })
				if i < 0 {
					fmt.Fprintf(w, " %9s", "-")
					continue
				}
				fmt.Fprintf(w, " %9.4f", pts[i].median)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
	}
}

// The latency chart is one panel per scenario, each with its own seconds
// axis, the delay per request across (linear: a tool's time grows about
// linearly with the delay, and the slope is how many round trips it waits
// for one after another), and a line per tool line through its medians,
// each point with a whisker from the fastest run to the slowest.
const (
	latPanelW = 460
	latPlotW  = 360
	latPlotH  = 220
	latTop    = 44
	latLeft   = 62
	latBottom = 40
)

// renderLatencySVG draws the latency mode's medians against the delay.
func renderLatencySVG(rep *report) []byte {
	groups, toolOrder := latencyGroups(rep)
	colour := map[string]string{}
	for i, t := range toolOrder {
		colour[t] = palette[i%len(palette)]
	}
	var body bytes.Buffer
	x, y := 16, 64
	for _, t := range toolOrder {
		w := 30 + 7*len(t)
		if x+w > svgMaxWidth-16 {
			x, y = 16, y+18
		}
		fmt.Fprintf(&body, `<rect class="swatch" x="%d" y="%d" width="12" height="12" fill="%s"/>`+"\n", x, y-10, colour[t])
		fmt.Fprintf(&body, `<text x="%d" y="%d">%s</text>`+"\n", x+16, y, esc(t))
		x += w
	}
	ph := latTop + latPlotH + latBottom
	px, py, width := 0, y+20, 0
	for _, g := range groups {
		if px > 0 && px+latPanelW > svgMaxWidth {
			px, py = 0, py+ph+12
		}
		drawLatencyPanel(&body, g, toolOrder, colour, px, py)
		px += latPanelW + 12
		width = max(width, px)
	}
	height := py + ph + 16
	if len(groups) == 0 {
		height = py + 16
	}
	title := fmt.Sprintf("urg bench, far storage (FUSE passthrough, every request delayed), %s: %d CPUs (%s), kernel %s",
		rep.Started.Format("2006-01-02 15:04"), rep.Machine.CPUs, rep.Machine.CPUModel, rep.Machine.Kernel)
	const subtitle = "median wall time, seconds, against the delay per request; whiskers: fastest to slowest run; each panel has its own scale"
	width = max(width, 16+9*len(title), 16+13*len(subtitle)/2, 480)

	return svgPage(width, height, title, subtitle, body.Bytes())
}

// drawLatencyPanel draws one scenario's lines at (x0, y0).
func drawLatencyPanel(b *bytes.Buffer, g *latencyGroup, toolOrder []string, colour map[string]string, x0, y0 int) {
	ph := latTop + latPlotH + latBottom
	fmt.Fprintf(b, `<g class="latency-scenario" transform="translate(%d,%d)">`+"\n", x0, y0)
	fmt.Fprintf(b, `<title>%s</title>`+"\n", esc(g.corpus+", "+g.cache+": "+g.name+" "+g.label))
	fmt.Fprintf(b, `<rect x="0" y="0" width="%d" height="%d" fill="#fafafa" stroke="#dddddd"/>`+"\n", latPanelW, ph)
	fmt.Fprintf(b, `<text x="8" y="16" font-weight="bold">%s</text>`+"\n", esc(g.corpus+", "+g.cache+": "+g.name))
	fmt.Fprintf(b, `<text x="8" y="32" font-family="monospace">%s</text>`+"\n", esc(clip(g.label, (latPanelW-16)/7)))
	topS := 0.0
	for _, pts := range g.medians {
		for _, p := range pts {
			topS = math.Max(topS, p.max)
		}
	}
	stepS := niceStep(topS / 4)
	topS = math.Max(stepS*math.Ceil(topS/stepS), stepS)
	topMS := g.delays[len(g.delays)-1] / 1e3
	stepMS := niceStep(topMS / 5)
	topMS = math.Max(stepMS*math.Ceil(topMS/stepMS), stepMS)
	xOf := func(us float64) float64 { return float64(latLeft) + float64(latPlotW)*us/1e3/topMS }
	yOf := func(s float64) float64 { return float64(latTop) + float64(latPlotH)*(1-s/topS) }
	for k := 0.0; k <= math.Round(topS/stepS); k++ {
		y := yOf(k * stepS)
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e4e4e4"/>`+"\n", latLeft, y, latLeft+latPlotW, y)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", latLeft-4, y+4, formatSeconds(k*stepS))
	}
	for k := 0.0; k <= math.Round(topMS/stepMS); k++ {
		x := xOf(k * stepMS * 1e3)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#555555"/>`+"\n", x, latTop+latPlotH, x, latTop+latPlotH+4)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x, latTop+latPlotH+16, formatSeconds(k*stepMS))
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">delay per request, ms</text>`+"\n", latLeft+latPlotW/2, latTop+latPlotH+32)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555555"/>`+"\n", latLeft, latTop, latLeft, latTop+latPlotH)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555555"/>`+"\n", latLeft, latTop+latPlotH, latLeft+latPlotW, latTop+latPlotH)
	for _, t := range toolOrder {
		pts, ok := g.medians[t]
		if !ok {
			continue
		}
		var coords []string
		for _, p := range pts {
			coords = append(coords, fmt.Sprintf("%.1f,%.1f", xOf(p.us), yOf(p.median)))
		}
		fmt.Fprintf(b, `<polyline class="line" data-tool="%s" points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n",
			esc(t), strings.Join(coords, " "), colour[t])
		for _, p := range pts {
			cx := xOf(p.us)
			fmt.Fprintf(b, `<line class="whisker" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", cx, yOf(p.min), cx, yOf(p.max), colour[t])
			fmt.Fprintf(b, `<circle class="point" data-tool="%s" cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s</title></circle>`+"\n",
				esc(t), cx, yOf(p.median), colour[t],
				esc(fmt.Sprintf("%s at %s: median %s s, min %s, max %s, %d runs", t,
					latencyLabel(time.Duration(p.us*float64(time.Microsecond))),
					formatSeconds(p.median), formatSeconds(p.min), formatSeconds(p.max), p.n)))
		}
	}
	b.WriteString("</g>\n")
}

// mountPoints lists the mount points in /proc/self/mountinfo, in its
// order (a mount after the ones it is mounted on).
func mountPoints() ([]string, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var points []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// Fields: ID, parent ID, major:minor, root, mount point, ...
		fields := strings.Fields(sc.Text())
		if len(fields) >= 5 {
			points = append(points, unescapeMountinfo(fields[4]))
		}
	}
	return points, sc.Err()
}

// unescapeMountinfo undoes mountinfo's escapes of space, tab, newline
// and backslash as \ooo.
func unescapeMountinfo(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
