package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"
)

// soakPattern is the soak's search: a regex with matches in every corpus,
// so that the outputs compared are not empty.
const soakPattern = `func \w+Error\(`

// soakRun is one of the searches started at once.
type soakRun struct {
	digest string
	wall   time.Duration
	rssKiB int64
	err    error
}

// runSoak (-soak N) starts N searches of the corpus at once, after the
// page cache is dropped when cold, each with urg's default queue depth,
// and reports whether their outputs agree, how long they took and the
// memory they held: a load test, not a timing against peers.
func runSoak(o *options, c *corpus, n int, cold bool, dropper cacheDropper, w io.Writer) error {
	if cold {
		if err := dropper.drop(); err != nil {
			return err
		}
	}
	runs := make([]soakRun, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &runs[i]
			cmd := exec.Command(o.urg, "-a", "-c", "-e", soakPattern, c.Path)
			cmd.Env = toolEnv()
			var out bytes.Buffer
			cmd.Stdout = &out
			began := time.Now()
			r.err = cmd.Run()
			r.wall = time.Since(began)
			// Files come out as they finish: compare the lines sorted.
			lines := strings.SplitAfter(out.String(), "\n")
			slices.Sort(lines)
			r.digest = fmt.Sprintf("%x", sha256.Sum256([]byte(strings.Join(lines, ""))))[:16]
			r.rssKiB = maxRSSKiB(cmd.ProcessState)
			if r.err != nil && cmd.ProcessState.ExitCode() == 1 {
				r.err = nil // no line selected is an answer, not a failure
			}
		}()
	}
	wg.Wait()
	total := time.Since(start)
	cache := "warm"
	if cold {
		cache = "cold"
	}
	fmt.Fprintf(w, "== soak: %d searches at once, %s, %s: urg -a -c %s\n", n, c.Name, cache, shellQuote(soakPattern))
	var walls []time.Duration
	var rssSum, rssMax int64
	digests := map[string]int{}
	failed := 0
	for _, r := range runs {
		walls = append(walls, r.wall)
		rssSum += r.rssKiB
		rssMax = max(rssMax, r.rssKiB)
		digests[r.digest]++
		if r.err != nil {
			failed++
			fmt.Fprintf(w, "   failed: %v\n", r.err)
		}
	}
	slices.Sort(walls)
	fmt.Fprintf(w, "   all done in %.2f s; each %.2f to %.2f s (median %.2f)\n", total.Seconds(),
		walls[0].Seconds(), walls[len(walls)-1].Seconds(), walls[len(walls)/2].Seconds())
	fmt.Fprintf(w, "   outputs, lines sorted: %d distinct (%v); failures: %d\n", len(digests), digests, failed)
	fmt.Fprintf(w, "   peak RSS: largest %d MiB, sum of all %d MiB\n", rssMax>>10, rssSum>>10)
	if len(digests) != 1 || failed > 0 {
		return fmt.Errorf("soak: %d distinct outputs, %d failures", len(digests), failed)
	}
	return nil
}
