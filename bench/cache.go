package main

import (
	"fmt"
	"os"
	"os/exec"
	"time"
)

// cacheDropper empties the page cache before each cold run.
type cacheDropper struct {
	path   string // /proc/sys/vm/drop_caches, or a stand-in in tests
	settle time.Duration
	fillOn bool   // -cold-fill: fill the cache from the corpus before each drop
	fill   string // the corpus to fill from (set by of)
	// warm is a tree read back into the cache after each drop: under
	// -latency, the tree the slow mount serves, so that the simulated
	// server answers from its memory, as a file server's cache does,
	// and what is timed is the mount's latency and the tool, not this
	// machine's disk a second time (the mount's own pages stay dropped).
	warm string
}

// of returns the dropper for runs over c.
func (c cacheDropper) of(cp *corpus) cacheDropper {
	if c.fillOn {
		c.fill = cp.Path
	}
	return c
}

// check says whether the cache can be dropped, without dropping it:
// opening the file for writing needs root (and a writable /proc/sys, which
// containers often lack), and only a write drops anything.
func (c cacheDropper) check() error {
	f, err := os.OpenFile(c.path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// drop writes back dirty pages, then drops clean pages, dentries and
// inodes (3), so that the next run reads from the disk, as a search of
// files not touched for a while does; then it waits c.settle (not
// after a failure, which ends the bench). With -cold-fill it first reads
// the corpus into the cache, so that what the drop frees is the memory
// the next run refills.
func (c cacheDropper) drop() error {
	if c.fill != "" {
		if err := fillCache(c.fill); err != nil {
			return err
		}
	}
	if out, err := exec.Command("sync").CombinedOutput(); err != nil {
		return fmt.Errorf("sync: %v: %s", err, out)
	}
	if err := os.WriteFile(c.path, []byte("3\n"), 0); err != nil {
		return fmt.Errorf("dropping the page cache: %w", err)
	}
	if c.warm != "" {
		if err := fillCache(c.warm); err != nil {
			return err
		}
	}
	time.Sleep(c.settle)
	return nil
}
