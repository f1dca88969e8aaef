// Command testlog runs go test and prints what it prints without -v, and
// also, at least once a minute, the packages still being tested and how
// many tests each has passed, so that a long run shows it is working.
//
//	go run ./internal/testlog [-every DURATION] -- [go test flags and packages]
//
// It runs `go test -json` with the arguments given and exits with its
// status. A test's output is held until the test ends and printed only
// when it fails, as go test prints it; the package lines (ok, FAIL, build
// errors) go out as they come.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	every := flag.Duration("every", 30*time.Second, "how often to say which packages are still being tested")
	flag.Parse()
	cmd := exec.Command("go", append([]string{"test", "-json"}, flag.Args()...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "testlog: go test: %v\n", err)
		os.Exit(2)
	}
	l := &log{w: os.Stdout, held: map[string][]string{}, running: map[string]*pkgRun{}}
	stop := make(chan struct{})
	go l.tick(*every, stop)
	l.read(out)
	close(stop)
	if err := cmd.Wait(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			os.Exit(ee.ExitCode())
		}
		fmt.Fprintf(os.Stderr, "testlog: go test: %v\n", err)
		os.Exit(2)
	}
}

// log is what has been seen of the run: the held output of the tests
// still running, and the packages being tested.
type log struct {
	mu      sync.Mutex
	w       io.Writer
	held    map[string][]string // package and test: output so far
	running map[string]*pkgRun
}

type pkgRun struct {
	start  time.Time
	passed int
}

// read prints the run as events come; a line that is not an event
// (go test's own words before the tests start) is printed as it is.
func (l *log) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Action == "" {
			l.print(sc.Text() + "\n")
			continue
		}
		l.event(e)
	}
}

// event takes in one event.
func (l *log) event(e event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	key := e.Package + "\x00" + e.Test
	switch {
	case e.Action == "start" && e.Test == "":
		l.running[e.Package] = &pkgRun{start: time.Now()}
	case e.Action == "output" && e.Test == "" && e.Output == "PASS\n":
		// go test without -v says only "ok" of a package that passed.
	case e.Action == "build-output" || e.Action == "output" && e.Test == "":
		fmt.Fprint(l.w, e.Output)
	case e.Action == "output" && strings.HasPrefix(e.Output, "=== "):
		// RUN, PAUSE and CONT: -v's, which go test alone leaves out.
	case e.Action == "output":
		l.held[key] = append(l.held[key], e.Output)
	case e.Action == "fail" && e.Test != "":
		fmt.Fprint(l.w, strings.Join(l.held[key], ""))
		delete(l.held, key)
	case (e.Action == "pass" || e.Action == "skip") && e.Test != "":
		delete(l.held, key)
		if p := l.running[e.Package]; p != nil && e.Action == "pass" {
			p.passed++
		}
	case e.Action == "pass" || e.Action == "fail" || e.Action == "skip":
		delete(l.running, e.Package)
		l.flush(e.Package, e.Action == "fail")
	}
}

// flush drops the output held for pkg's tests, printing it first when
// the package failed: a test binary that panicked or timed out ends
// without a word on the tests it was running, and what they said is
// where the cause is.
func (l *log) flush(pkg string, print bool) {
	var keys []string
	for key := range l.held {
		if strings.HasPrefix(key, pkg+"\x00") {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	for _, key := range keys {
		if print {
			fmt.Fprint(l.w, strings.Join(l.held[key], ""))
		}
		delete(l.held, key)
	}
}

func (l *log) print(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprint(l.w, s)
}

// tick says, every interval, which packages are still being tested.
func (l *log) tick(every time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			l.still()
		}
	}
}

func (l *log) still() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.running) == 0 {
		return
	}
	var names []string
	for name := range l.running {
		names = append(names, name)
	}
	sort.Strings(names)
	var parts []string
	for _, name := range names {
		p := l.running[name]
		tests := "tests"
		if p.passed == 1 {
			tests = "test"
		}
		parts = append(parts, fmt.Sprintf("%s (%d %s passed, %.0f s)", name, p.passed, tests, time.Since(p.start).Seconds()))
	}
	fmt.Fprintf(l.w, "... still testing: %s\n", strings.Join(parts, ", "))
}
