package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
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
func scaleMerge(t *testing.T) string { return scaleBlock(t, "sort shard-*.out") }

// TestScaleSlurm runs docs/scale.md's Slurm job array on a one-node
// cluster the test starts as an administrator would (munged, slurmctld
// and slurmd from Debian's packages, installed where missing), and stops
// after: the array's script as the page gives it, with this test's tree,
// pattern and a smaller array, its outputs merged by the page's merge,
// equal line for line to one search, with its status.
func TestScaleSlurm(t *testing.T) {
	t.Parallel() // mostly waiting on Slurm's daemons: beside the other tests
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("a Slurm cluster is started here as root on Linux")
	}
	for _, tool := range []string{"sbatch", "slurmctld", "slurmd", "munged"} {
		if _, err := exec.LookPath(tool); err == nil {
			continue
		}
		apt, err := exec.LookPath("apt-get")
		if err != nil {
			t.Skipf("%s is not installed, and cannot be here (apt-get install slurm-wlm munge)", tool)
		}
		if out, err := exec.Command(apt, "install", "-y", "-q", "slurm-wlm", "munge").CombinedOutput(); err != nil {
			t.Skipf("apt-get install slurm-wlm munge failed: %v: %.500s", err, out)
		}
	}
	dir := t.TempDir()
	startMunge(t)
	conf := startSlurm(t, dir)
	env := append(os.Environ(), "SLURM_CONF="+conf, "LC_ALL=C")

	tree := makeTree(t)
	script := scaleBlock(t, "#SBATCH --array")
	script = strings.NewReplacer("--array=1-16", "--array=1-3", "--cpus-per-task=2", "--cpus-per-task=1",
		"urg -n", urgBin+" -n", "'needle' /scratch/tree", "foo "+tree).Replace(script)
	work := filepath.Join(dir, "job")
	os.MkdirAll(filepath.Join(work, "out"), 0o755)
	os.WriteFile(filepath.Join(work, "shards.sh"), []byte(script), 0o755)
	sbatch := exec.Command("sbatch", "--wait", "shards.sh")
	sbatch.Dir, sbatch.Env = work, env
	if out, err := sbatch.CombinedOutput(); err != nil {
		t.Fatalf("sbatch --wait: %v: %s", err, out)
	}
	merge := exec.Command("sh", "-c", scaleMerge(t))
	merge.Dir = filepath.Join(work, "out")
	err := merge.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	}
	got, _ := os.ReadFile(filepath.Join(work, "out", "all.out"))
	whole := runCtx(t, tree, nil, []string{"LC_ALL=C"}, urgBin, "-n", "foo", tree)
	if strings.Join(sortedLines(string(got)), "\n") != strings.Join(sortedLines(whole.stdout), "\n") || status != whole.code {
		t.Errorf("3 Slurm shards: %d lines, merged status %d; one search: %d lines, status %d",
			len(sortedLines(string(got))), status, len(sortedLines(whole.stdout)), whole.code)
	}
}

// scaleBlock is the sh block of docs/scale.md that holds marker.
func scaleBlock(t *testing.T, marker string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "scale.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(doc), "```sh\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.Contains(block, marker) {
			return block
		}
	}
	t.Fatalf("docs/scale.md has no sh block with %q", marker)
	return ""
}

// startMunge starts munged as its user, unless one runs, and stops it
// after the test.
func startMunge(t *testing.T) {
	t.Helper()
	// A munged that answers (a dead one may linger as a zombie, which
	// pgrep would still find).
	if err := exec.Command("munge", "-n").Run(); err == nil {
		return
	}
	os.MkdirAll("/run/munge", 0o755)
	exec.Command("chown", "munge:munge", "/run/munge").Run()
	if out, err := exec.Command("runuser", "-u", "munge", "--", "munged").CombinedOutput(); err != nil {
		t.Skipf("munged would not start: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("pkill", "-x", "munged").Run() })
}

// startSlurm writes a one-node cluster's slurm.conf in dir, starts
// slurmctld and slurmd on it, waits for the node to be idle, and stops
// them after the test; it returns the configuration's path.
func startSlurm(t *testing.T, dir string) string {
	t.Helper()
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"state", "spool"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	conf := filepath.Join(dir, "slurm.conf")
	// Ports free now: a cluster stopped a moment ago may still hold
	// its own.
	ports := freePorts(t, 2)
	text := strings.NewReplacer("HOST", host, "DIR", dir, "CTLDPORT", ports[0], "SLURMDPORT", ports[1]).Replace(`ClusterName=urgtest
SlurmctldHost=HOST
SlurmUser=root
SlurmdUser=root
StateSaveLocation=DIR/state
SlurmdSpoolDir=DIR/spool
SlurmctldPidFile=DIR/slurmctld.pid
SlurmdPidFile=DIR/slurmd.pid
SlurmctldPort=CTLDPORT
SlurmdPort=SLURMDPORT
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SlurmctldLogFile=DIR/slurmctld.log
SlurmdLogFile=DIR/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=HOST CPUs=` + fmt.Sprint(runtime.NumCPU()) + ` State=UNKNOWN
PartitionName=debug Nodes=HOST Default=YES MaxTime=INFINITE State=UP
`)
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"slurmctld", "slurmd"} {
		if out, err := exec.Command(d, "-f", conf).CombinedOutput(); err != nil {
			t.Skipf("%s would not start: %v: %s", d, err, out)
		}
	}
	t.Cleanup(func() {
		// Stopped, and waited for: slurmctld writes its state as it
		// ends, into the directory the test removes next.
		for _, d := range []string{"slurmd", "slurmctld"} {
			pid, err := os.ReadFile(filepath.Join(dir, d+".pid"))
			if err != nil {
				continue
			}
			p := strings.TrimSpace(string(pid))
			exec.Command("kill", p).Run()
			for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && running(p); {
				time.Sleep(50 * time.Millisecond)
			}
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		cmd := exec.Command("sinfo", "-h", "-o", "%t")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		out, _ := cmd.Output()
		if strings.Contains(string(out), "idle") {
			return conf
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "slurmctld.log"))
			t.Skipf("the node is not idle after 30 s (sinfo: %q): %.1000s", out, log)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// running says whether process pid is alive: not gone, and not a zombie
// (a daemon's parent, init here, may be slow to reap it).
func running(pid string) bool {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// freePorts returns n TCP ports that nothing listens on now.
func freePorts(t *testing.T, n int) []string {
	t.Helper()
	var ports []string
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Skipf("no free port: %v", err)
		}
		ls = append(ls, l)
		ports = append(ports, fmt.Sprint(l.Addr().(*net.TCPAddr).Port))
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}
