package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"urg/internal/testbin"
)

// urgBin is the binary under test, built once by TestMain.
var urgBin string

func TestMain(m *testing.M) { testbin.Main(m, "urg/cmd/urg", &urgBin) }

// result is what one command did.
type result struct {
	stdout, stderr string
	code           int
}

// runCmd runs a command with LC_ALL=C and no terminal on stdin, under
// testbin.Run's generous deadline.
func runCmd(t testing.TB, dir string, stdin []byte, name string, args ...string) result {
	t.Helper()
	return fromBin(testbin.Run(t, dir, stdin, nil, name, args...))
}

// fromBin is r as a result.
func fromBin(r testbin.Result) result { return result{r.Stdout, r.Stderr, r.Code} }

// grepOnce runs grep once for each directory and argument list: the
// engines are each compared with the same output, and grep's runs were
// two thirds of the differential tests' time.
func grepOnce(t testing.TB, dir, grep string, args ...string) result {
	t.Helper()
	v, _ := grepRuns.LoadOrStore(dir+"\x00"+strings.Join(args, "\x00"), &grepRun{})
	r := v.(*grepRun)
	r.once.Do(func() { r.res = runCmd(t, dir, nil, grep, args...) })
	return r.res
}

// grepRuns holds grepOnce's results.
var grepRuns sync.Map

type grepRun struct {
	once sync.Once
	res  result
}

func urg(t testing.TB, dir string, args ...string) result {
	t.Helper()
	return runCmd(t, dir, nil, urgBin, args...)
}

// needGrep finds GNU grep, the oracle of the differential tests: GNU grep
// 3.12 where ../shared/peers.sh installed it (grep312), whose -P has
// PCRE2's Unicode words, else the system's; its absence fails the test
// loudly instead of passing it silently.
func needGrep(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(grep312); err == nil {
		return grep312
	}
	return needSystemGrep(t)
}

// grep312 is where ../shared/peers.sh installs GNU grep 3.12.
const grep312 = "/opt/peers/bin/grep312"

// needSystemGrep is needGrep's system grep, for a test that holds urg to
// a behaviour of the grep every machine has.
func needSystemGrep(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("grep")
	if err != nil {
		t.Fatalf("GNU grep is needed as the oracle of this test and is not on PATH: %v", err)
	}
	if out, err := exec.Command(p, "--version").Output(); err != nil || !bytes.Contains(out, []byte("GNU grep")) {
		t.Fatalf("%s is not GNU grep, the oracle of this test", p)
	}
	return p
}

// engines lists the I/O engines every differential test runs under: pread,
// mmap, and io_uring where the kernel gives it (said in the log when it
// does not).
func engines(t testing.TB) []string {
	t.Helper()
	r := runCmd(t, "", nil, urgBin, "--io=uring", "-q", "x", os.DevNull)
	if r.code == 2 {
		t.Logf("io_uring unavailable here, uring engine not tested: %s", r.stderr)
		return []string{"pread", "mmap", "auto"}
	}
	return []string{"pread", "mmap", "uring", "auto"}
}
