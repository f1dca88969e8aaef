// Command bench times urg beside its peers, side by side in one run, on a
// copy of the Go toolchain's tree with a warm page cache.
//
// Before any timing, every tool's output is sorted and compared with urg's;
// a mismatch stops that scenario and shows the first differing line, since a
// faster tool doing different work proves nothing. Runs are interleaved
// (urg, rg, grep, urg, rg, grep, ...) so that drift on a shared machine hits
// all alike, and the table gives N, min, median, max, mean and stddev per
// tool with its median as a ratio to urg's.
package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// scenario is one pattern searched by every tool.
type scenario struct {
	name    string
	pattern string
}

var scenarios = []scenario{
	{"absent literal", "zqxjkvbwtrh"},
	{"regex", `func \w+Error\(`},
	{"regex, common literal", `\w+Error\(`},
	{"case-insensitive literal", `(?i)copyright`},
}

// tool is a command line with the pattern and corpus appended.
type tool struct {
	name string
	argv []string
}

func main() {
	urg := flag.String("urg", "bin/urg", "urg binary to measure")
	dir := flag.String("corpus", filepath.Join(os.TempDir(), "urg-bench", "go"), "where the copy of GOROOT lives (made if missing)")
	runs := flag.Int("n", 7, "timed runs per tool and scenario")
	cold := flag.Bool("cold", false, "drop the page cache before every run (root only)")
	only := flag.String("only", "", "run only the scenarios whose name contains this")
	engines := flag.Bool("engines", false, "also time urg --io=pread and rg -j16")
	skip := flag.String("skip", "", "comma-separated tools not to run (urg-pread, rg, rg-j16, grep)")
	flag.Parse()
	if *cold {
		if err := dropCaches(); err != nil {
			fatal(fmt.Errorf("cold mode needs to drop the page cache, and cannot (%v): refusing to print warm figures as cold", err))
		}
	}
	if err := copyGoroot(*dir); err != nil {
		fatal(err)
	}
	tools := []tool{{"urg", []string{*urg, "-a"}}}
	if *engines {
		tools = append(tools, tool{"urg-pread", []string{*urg, "-a", "--io=pread"}})
	}
	if _, err := exec.LookPath("rg"); err == nil {
		tools = append(tools, tool{"rg", []string{"rg", "-uuu", "-a", "--no-unicode"}})
		if *engines {
			tools = append(tools, tool{"rg-j16", []string{"rg", "-j16", "-uuu", "-a", "--no-unicode"}})
		}
	} else {
		fmt.Println("rg: not on PATH, skipped (apt-get install ripgrep)")
	}
	tools = append(tools, tool{"grep", []string{"grep", "-r", "-a", "-P"}})
	tools = slices.DeleteFunc(tools, func(t tool) bool {
		return t.name != "urg" && slices.Contains(strings.Split(*skip, ","), t.name)
	})
	files, bytes := treeSize(*dir)
	cache := "warm cache"
	if *cold {
		cache = "cold cache (dropped before every run)"
	}
	fmt.Printf("corpus %s: %d files, %.0f MB; %s; %d runs each, interleaved\n\n", *dir, files, float64(bytes)/1e6, cache, *runs)
	for _, sc := range scenarios {
		if strings.Contains(sc.name, *only) {
			measure(sc, tools, *dir, *runs, *cold)
		}
	}
}

func measure(sc scenario, tools []tool, dir string, runs int, cold bool) {
	fmt.Printf("## %s: %q\n", sc.name, sc.pattern)
	// Equal output first (sorted, as the tools print files in different
	// orders); this also warms the cache.
	var want []byte
	for i, t := range tools {
		out, err := output(t, sc.pattern, dir)
		if err != nil {
			fmt.Printf("%s failed: %v; scenario skipped\n\n", t.name, err)
			return
		}
		if i == 0 {
			want = out
			continue
		}
		if !bytes.Equal(out, want) {
			fmt.Printf("OUTPUT MISMATCH, %s vs urg; scenario skipped\n%s\n\n", t.name, firstDiff(want, out))
			return
		}
	}
	fmt.Printf("outputs equal: %d lines, sha256 %x\n", bytes.Count(want, []byte("\n")), sha256.Sum256(want))
	times := make([][]float64, len(tools))
	for range runs {
		for i, t := range tools {
			if cold {
				if err := dropCaches(); err != nil {
					fatal(err)
				}
			}
			d, err := timeRun(t, sc.pattern, dir)
			if err != nil {
				fatal(err)
			}
			times[i] = append(times[i], d.Seconds())
		}
	}
	base := median(times[0])
	fmt.Printf("%-10s %3s %8s %8s %8s %8s %8s %9s\n", "tool", "N", "min", "median", "max", "avg", "stddev", "vs urg")
	for i, t := range tools {
		s := times[i]
		fmt.Printf("%-10s %3d %8.3f %8.3f %8.3f %8.3f %8.3f %8.2fx\n", t.name, len(s), slices.Min(s), median(s), slices.Max(s), mean(s), stddev(s), median(s)/base)
	}
	fmt.Println()
}

func command(t tool, pattern, dir string) *exec.Cmd {
	args := append(append([]string{}, t.argv[1:]...), "-e", pattern, dir)
	cmd := exec.Command(t.argv[0], args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	return cmd
}

// output runs a tool and returns its output, lines sorted.
func output(t tool, pattern, dir string) ([]byte, error) {
	out, err := command(t, pattern, dir).Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return nil, err
	}
	lines := strings.SplitAfter(string(out), "\n")
	sort.Strings(lines)
	return []byte(strings.Join(lines, "")), nil
}

// timeRun times one run with output discarded, as the tools would write to
// a pipe or file in real use.
func timeRun(t tool, pattern, dir string) (time.Duration, error) {
	cmd := command(t, pattern, dir)
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return 0, err
	}
	defer null.Close()
	cmd.Stdout = null
	start := time.Now()
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return 0, fmt.Errorf("%s: %v", t.name, err)
	}
	return time.Since(start), nil
}

// dropCaches empties the page cache, dentries and inodes, so that the next
// run reads from the disk.
func dropCaches() error {
	if err := exec.Command("sync").Run(); err != nil {
		return err
	}
	return os.WriteFile("/proc/sys/vm/drop_caches", []byte("3\n"), 0)
}

// copyGoroot makes dir a copy of $(go env GOROOT) unless dir exists.
func copyGoroot(dir string) error {
	if _, err := os.Stat(dir); err == nil {
		return nil // made before, or a corpus of the user's own
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	src := strings.TrimSpace(string(out))
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	fmt.Printf("copying %s to %s\n", src, dir)
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)
	if out, err := exec.Command("cp", "-a", src, tmp).CombinedOutput(); err != nil {
		return fmt.Errorf("cp: %v: %s", err, out)
	}
	return os.Rename(tmp, dir)
}

func treeSize(dir string) (files int, size int64) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				files++
				size += fi.Size()
			}
		}
		return nil
	})
	return files, size
}

func median(s []float64) float64 {
	c := slices.Clone(s)
	slices.Sort(c)
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}

func mean(s []float64) float64 {
	sum := 0.0
	for _, v := range s {
		sum += v
	}
	return sum / float64(len(s))
}

func stddev(s []float64) float64 {
	if len(s) < 2 {
		return 0
	}
	m, sum := mean(s), 0.0
	for _, v := range s {
		sum += (v - m) * (v - m)
	}
	return math.Sqrt(sum / float64(len(s)-1))
}

func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("first difference at sorted line %d:\n  urg:  %.200q\n  peer: %.200q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("one output is a prefix of the other (%d vs %d lines)", len(al), len(bl))
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(2)
}
