// Command bench times urg beside its peers (GNU grep, ripgrep, ugrep, ag),
// on corpora it builds once and reuses: a copy of the Go toolchain's tree
// (go), copies of /usr/share, /usr/include, /usr/lib and ~/.rustup (mix),
// and one large file of real text with needles planted across page, MiB and
// GiB boundaries (big).
//
// Before any timing, every search line's output is sorted and compared
// with urg's; a line that does different work is not timed (and urg's and GNU
// grep's lines disagreeing stops the scenario), since a faster tool doing
// different work proves nothing. Runs are interleaved (A B C A B C ...) so
// that drift on a shared machine hits all alike; warm mode does warm-up
// rounds first, cold mode drops the page cache before every run (root
// only: without root it refuses rather than print warm figures as cold).
// Each scenario gets a ministat-style table; every run goes to a JSON file
// with the machine's description, and the medians to an SVG chart. fio's
// time to read each corpus at queue depth 64 is printed as the floor; on
// the big corpus, dd reading the file (bs=4M, to /dev/null) is also timed
// as a line of its own, interleaved with the searches and shown with its
// ratio to urg's (-dd=false leaves it out), and on the trees the ring
// floor: every file, listed beforehand, read whole through io_uring
// rings as urg's rings read, one per CPU, and nothing else
// (-ring-floor=false leaves it out).
//
//	go run ./bench -urg bin/urg                  # go and mix, warm and cold
//	go run ./bench -urg bin/urg -quick           # CI smoke run on tiny corpora
//	go run ./bench -urg bin/urg -corpora big -big-size 2GiB -warm
//	go run ./bench -urg bin/urg -latency 0,1ms,5ms  # the go corpus on simulated far storage, cold
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command with its streams, returning the exit status: 0 when
// every scenario was timed, 1 when some were stopped by their output
// check, 2 on an error.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	if o.readFloor != "" {
		return runReadFloor(o.readFloor, stderr)
	}
	if len(o.latency) > 0 {
		_, err = runLatency(o, args, stdout)
	} else {
		_, err = runBench(o, args, stdout)
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errStopped):
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	default:
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
}
