package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// needParallel finds GNU parallel, installing it from Debian's packages
// where it is missing and this is a Debian machine the test may change
// (root); else the test is skipped with the reason.
func needParallel(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("parallel"); err == nil {
		return p
	}
	apt, err := exec.LookPath("apt-get")
	if err != nil || os.Geteuid() != 0 || runtime.GOOS != "linux" {
		t.Skip("GNU parallel is not installed, and cannot be here (apt-get install parallel)")
	}
	if out, err := exec.Command(apt, "install", "-y", "-q", "parallel").CombinedOutput(); err != nil {
		t.Skipf("apt-get install parallel failed: %v: %.500s", err, out)
	}
	p, err := exec.LookPath("parallel")
	if err != nil {
		t.Skipf("parallel still not found after apt-get: %v", err)
	}
	return p
}

// TestScaleGNUParallel runs docs/scale.md's GNU parallel recipes, on this
// host (the docs spread the jobs over hosts with -S; here they share
// one): N shards, each writing its output and its status to files, merged
// as the docs merge them; and parallel gathering the outputs itself. The
// merged output is, line for line, the sorted output of one search, and
// the merged status grep's over the jobs: 0 when one selected a line, 1
// when none did, 2 when one had an error (a missing file here).
func TestScaleGNUParallel(t *testing.T) {
	parallel := needParallel(t)
	tree := makeTree(t)
	out := t.TempDir()
	merge := scaleMerge(t)
	env := append(os.Environ(), "LC_ALL=C")
	for _, c := range []struct {
		pattern string
		extra   string // more operands
		status  int
	}{{"foo", "", 0}, {"no-such-text-anywhere", "", 1}, {"no-such-text-anywhere", " missing-file", 2}} {
		os.RemoveAll(out)
		os.MkdirAll(out, 0o755)
		const n = 4
		job := urgBin + " -n --shard={}/4 '" + c.pattern + "' ." + c.extra + " > " + out + "/shard-{}.out; echo \\$? > " + out + "/shard-{}.code"
		cmd := exec.Command("sh", "-c", "seq 1 4 | "+parallel+" -j 4 --tag \""+job+"\"")
		cmd.Dir, cmd.Env = tree, env
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("parallel: %v: %s", err, b)
		}
		mergeCmd := exec.Command("sh", "-c", merge)
		mergeCmd.Dir = out
		err := mergeCmd.Run()
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		}
		got, _ := os.ReadFile(filepath.Join(out, "all.out"))
		whole := runCtx(t, tree, nil, []string{"LC_ALL=C"}, urgBin, append([]string{"-n", c.pattern, "."}, strings.Fields(c.extra)...)...)
		if want := strings.Join(sortedLines(whole.stdout), "\n"); strings.Join(sortedLines(string(got)), "\n") != want || status != c.status || whole.code != c.status {
			t.Errorf("%d shards of -n %q%s: %d lines, merged status %d; one search: %d lines, status %d; want status %d",
				n, c.pattern, c.extra, len(sortedLines(string(got))), status, len(sortedLines(whole.stdout)), whole.code, c.status)
		}
	}
	// parallel gathering the outputs itself.
	cmd := exec.Command("sh", "-c", "seq 1 8 | "+parallel+" \""+urgBin+" -n --shard={}/8 foo .\" | sort")
	cmd.Dir, cmd.Env = tree, env
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("parallel, gathered: %v", err)
	}
	whole := runCtx(t, tree, nil, []string{"LC_ALL=C"}, urgBin, "-n", "foo", ".")
	if strings.Join(sortedLines(string(got)), "\n") != strings.Join(sortedLines(whole.stdout), "\n") {
		t.Errorf("8 shards gathered by parallel: %d lines, one search %d", len(sortedLines(string(got))), len(sortedLines(whole.stdout)))
	}
}

// scaleMerge is docs/scale.md's merge of the shards' outputs and
// statuses, run as the docs give it: the sh block that sorts shard-*.out.
func scaleMerge(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "scale.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(doc), "```sh\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.Contains(block, "sort shard-*.out") {
			return block
		}
	}
	t.Fatal("docs/scale.md has no merge of shard-*.out")
	return ""
}
