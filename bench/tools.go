package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// tool is one command line timed beside the others. The scenario's flags,
// the pattern and the corpus path are appended to Argv when it runs, except
// on a floor line, which runs as it is.
type tool struct {
	Name    string   `json:"name"`
	Family  string   `json:"family"` // urg, grep, rg, ugrep, ag, custom, or floor (dd)
	Argv    []string `json:"argv"`
	Version string   `json:"version,omitempty"`
	// Reference lines (urg's and GNU grep's) are the yardstick: when they
	// disagree the scenario stops, whatever -mismatch says.
	Reference bool `json:"reference"`

	positional bool // the pattern goes after "--", not after -e (ag has no -e)
	// patternFile is a list scenario's file of patterns, given as -f FILE
	// in place of -e PATTERN (set on the line as the scenario runs it).
	patternFile string
}

// args is the tool's full argument list for one search: its own flags,
// the scenario's (-c, -v: the same letters in every peer), then the
// pattern (or -f and a list scenario's file) and the path. The scenario's
// flags go before the pattern, where every tool takes an option; after
// "--" ag would take them for a pattern. A floor line's list is its own:
// it searches nothing.
func (t tool) args(flags []string, pattern, path string) []string {
	if t.finder() {
		return t.finderArgs(flags, path)
	}
	args := slices.Clone(t.Argv[1:])
	if t.floor() {
		return args
	}
	args = append(args, flags...)
	if t.patternFile != "" {
		return append(args, "-f", t.patternFile, path)
	}
	if t.positional {
		return append(args, "--", pattern, path)
	}
	return append(args, "-e", pattern, path)
}

// command is the process for one search, in the C locale so that every
// tool matches bytes (grep -P in a UTF-8 locale would match characters),
// with no configuration from the environment.
func (t tool) command(flags []string, pattern, path string) *exec.Cmd {
	cmd := exec.Command(t.Argv[0], t.args(flags, pattern, path)...)
	cmd.Env = toolEnv()
	return cmd
}

// floor says whether the line is a floor, not a search: it reads the
// corpus's bytes and does nothing with them, so it takes no flags, pattern
// or path, prints nothing to check, and is never a reference line.
func (t tool) floor() bool { return t.Family == "floor" }

func toolEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "LANG" || strings.HasPrefix(k, "LC_") || k == "GREP_OPTIONS" || k == "GREP_COLORS" || k == "RIPGREP_CONFIG_PATH" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C")
}

// The flags that make each peer do grep -r -a -P's work, found by running
// them on a small tree and comparing their sorted output with grep's and
// urg's (see quick.go for what that tree holds):
//
//   - grep -r -a -P: the oracle. It never follows links met while walking,
//     and searches hidden and ignored files; -a prints binary files' lines.
//   - rg --no-config -uuu -a --no-unicode --encoding=none: -uuu searches
//     hidden, ignored and binary files; -a prints binary files' lines;
//     --no-unicode makes \w and (?i) ASCII, as grep -P in the C locale;
//     --encoding=none stops rg transcoding a file that starts with a UTF-16
//     byte-order mark (FF FE), whose lines it would otherwise print
//     differently or not at all; --no-config ignores RIPGREP_CONFIG_PATH.
//   - ugrep -r -a -P -U -p -.: -r recursive; -P Perl syntax (ugrep's own
//     dialect differs); -U matches bytes, not UTF-8 characters (without
//     it \w matches the two bytes of é and . no lone byte over 0x7f, where
//     grep -P in the C locale does the opposite); -p follows no links
//     (ugrep -r follows links to files); -. searches hidden files.
//     ugrep 3.11 always decodes files with a UTF-16 byte-order mark and has
//     no flag to stop it, so on corpora holding such files its output
//     differs and the check leaves it out.
//   - ag -u -a -s --nogroup --nonumbers --nocolor -m 0 --depth -1
//     --print-long-lines: -u searches hidden, ignored and binary files;
//     -s turns off smart case (ag folds case for an all-lowercase pattern);
//     --nogroup and --nonumbers print path:line; --depth -1 lifts the
//     limit of 25 directories. -m 0 and --print-long-lines lift the limits
//     ag's help names (10,000 matches per file, lines over 2,000 bytes);
//     ag 2.2.0 applied neither on the test trees (30,000 matches, 200 KB
//     lines), but another version might cut its output there. ag
//     prints only "Binary file X matches." for a file it takes as binary
//     (a NUL or much non-UTF-8 near its start), with no flag to print the
//     lines, so where such a file matches its output differs.

// buildTools makes the tool lines the options ask for, reporting (to log)
// each peer that is missing and each urg engine the kernel refuses; those
// are skipped, never stood in for.
func buildTools(o *options, log io.Writer) ([]tool, error) {
	if o.spot {
		return spotTools(o, log)
	}
	if _, err := os.Stat(o.urg); err != nil {
		return nil, fmt.Errorf("urg binary %s: %w (make build, or -urg PATH)", o.urg, err)
	}
	l := &toolLines{skip: o.skip}
	urgLines(o, l, log)
	if !slices.ContainsFunc(l.tools, func(t tool) bool { return t.Family == "urg" }) {
		return nil, fmt.Errorf("no urg line left to time (-io %s, -skip %s): urg is the yardstick",
			strings.Join(o.io, ","), strings.Join(o.skip, ","))
	}
	peerLines(o, l, log)
	if err := extraLines(o, l); err != nil {
		return nil, err
	}
	tools := l.tools
	for i := range tools {
		tools[i].Version, _ = version(tools[i].Argv[0])
	}
	return tools, nil
}

// toolLines gathers tool lines, leaving out those named in skip.
type toolLines struct {
	skip  []string
	tools []tool
}

// add keeps t unless it is skipped.
func (l *toolLines) add(t tool) {
	if !slices.Contains(l.skip, t.Name) {
		l.tools = append(l.tools, t)
	}
}

// urgLines adds urg's lines: one per engine the kernel takes (each one
// refused said to log) and thread count.
func urgLines(o *options, l *toolLines, log io.Writer) {
	for _, engine := range o.io {
		if err := probeEngine(o.urg, engine); err != nil {
			fmt.Fprintf(log, "urg --io=%s: refused here, skipped (%v)\n", engine, err)
			continue
		}
		for _, j := range o.threads {
			l.add(tool{Name: "urg-" + engine + jSuffix(j), Family: "urg", Reference: true,
				Argv: append([]string{o.urg, "-a", "--io=" + engine}, jFlag("-j", j)...)})
		}
	}
}

// peerLines adds the lines of the peers o.tools asks for that are here
// (each one missing said to log): grep, rg (per read mode and thread
// count, and with PCRE2 under -patterns), ugrep and ag.
func peerLines(o *options, l *toolLines, log io.Writer) {
	want := func(family string) bool { return family == "urg" || slices.Contains(o.tools, family) }
	if want("grep") {
		if v, err := version("grep"); err != nil {
			fmt.Fprintln(log, "grep: not on PATH, skipped")
		} else if !strings.Contains(v, "GNU grep") {
			fmt.Fprintf(log, "grep: %q is not GNU grep (no -P), skipped\n", v)
		} else {
			l.add(tool{Name: "grep", Family: "grep", Reference: true, Argv: []string{"grep", "-r", "-a", "-P"}})
		}
	}
	if want("rg") && found("rg", "ripgrep", log) {
		for _, m := range o.rgMmap {
			for _, j := range o.threads {
				argv := []string{"rg", "--no-config", "-uuu", "-a", "--no-unicode", "--encoding=none"}
				name := "rg"
				switch m {
				case "mmap":
					argv, name = append(argv, "--mmap"), name+"-mmap"
				case "nommap":
					argv, name = append(argv, "--no-mmap"), name+"-nommap"
				}
				l.add(tool{Name: name + jSuffix(j), Family: "rg", Argv: append(argv, jFlag("-j", j)...)})
			}
		}
		if o.patterns {
			// PCRE2, for the lookaround pattern that rg's own engine
			// refuses; timed on the others too, for scale.
			l.add(tool{Name: "rg-pcre2", Family: "rg", Argv: []string{"rg", "--no-config", "-uuu", "-a", "--no-unicode", "--encoding=none", "-P"}})
		}
	}
	if want("ugrep") && found("ugrep", "ugrep", log) {
		l.add(tool{Name: "ugrep", Family: "ugrep", Argv: []string{"ugrep", "-r", "-a", "-P", "-U", "-p", "-."}})
	}
	if want("ag") && found("ag", "silversearcher-ag", log) {
		l.add(tool{Name: "ag", Family: "ag", positional: true, Argv: []string{"ag", "-u", "-a", "-s",
			"--nogroup", "--nonumbers", "--nocolor", "-m", "0", "--depth", "-1", "--print-long-lines"}})
	}
}

// extraLines adds the -tool lines, each NAME=COMMAND with a name of its
// own.
func extraLines(o *options, l *toolLines) error {
	for _, e := range o.extra {
		name, cmdline, ok := strings.Cut(e, "=")
		argv := strings.Fields(cmdline)
		if !ok || name == "" || len(argv) == 0 {
			return fmt.Errorf("-tool %q: want NAME=COMMAND", e)
		}
		if slices.ContainsFunc(l.tools, func(t tool) bool { return t.Name == name }) {
			return fmt.Errorf("-tool %q: a line named %s exists already", e, name)
		}
		if name == "dd" && o.dd && slices.Contains(o.corpora, "big") {
			return fmt.Errorf("-tool %q: dd is the big corpus's floor line (-dd=false frees the name)", e)
		}
		l.add(tool{Name: name, Family: "custom", Argv: argv})
	}
	return nil
}

// ddLine is the big corpus's floor line, timed interleaved with the
// searches: dd reading the big file to /dev/null in 4 MiB blocks through
// the page cache, one read at a time. fio's floor is run once, before the
// tables; this one shares every round with the searches, so drift on the
// machine falls on it as on them, and its ratio to urg's line is in the
// same table. It is left out under -dd=false or -skip dd, and where dd is
// not on PATH (reported to log). Trees get none: dd reads one file.
func ddLine(o *options, c *corpus, log io.Writer) (tool, bool) {
	if c.big == nil || !o.dd || slices.Contains(o.skip, "dd") {
		return tool{}, false
	}
	if !found("dd", "coreutils", log) {
		return tool{}, false
	}
	t := tool{Name: "dd", Family: "floor",
		Argv: []string{"dd", "if=" + filepath.Join(c.Path, bigFileName), "of=/dev/null", "bs=4M", "status=none"}}
	t.Version, _ = version("dd")
	return t, true
}

func jSuffix(j int) string {
	if j == 0 {
		return ""
	}
	return "-j" + strconv.Itoa(j)
}

func jFlag(flag string, j int) []string {
	if j == 0 {
		return nil
	}
	return []string{flag + strconv.Itoa(j)}
}

// found says whether a peer is on PATH, and reports it skipped if not.
func found(name, pkg string, log io.Writer) bool {
	if _, err := exec.LookPath(name); err != nil {
		fmt.Fprintf(log, "%s: not on PATH, skipped (apt-get install %s)\n", name, pkg)
		return false
	}
	return true
}

// version is the first line of a tool's --version.
func version(bin string) (string, error) {
	out, err := exec.Command(bin, "--version").Output()
	if err != nil && len(out) == 0 {
		return "", err
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(line), nil
}

// probeEngine runs urg with an engine on a small file; --io=uring fails
// (exit 2) where the kernel refuses io_uring, and that line is skipped
// (auto falls back to pread there, and pread and mmap always run).
func probeEngine(urg, engine string) error {
	f, err := os.CreateTemp("", "urg-bench-probe")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	f.WriteString("probe\n")
	f.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(urg, "--io="+engine, "-q", "-e", "probe", f.Name())
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}
