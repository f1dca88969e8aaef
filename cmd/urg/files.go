package main

import (
	"bufio"
	"fmt"
	"io"
	"sync"

	"urg/walk"
)

// listFiles is --files: the files a search would read, one per line (or
// NUL-ended under -Z), none opened; exit 0 when there is one, 1 when
// there is none, 2 after an error, as rg --files.
func listFiles(o *options, stdout, stderr io.Writer) int {
	cfg := o.config(nil)
	if o.index.use {
		if l := openListings(o, stderr); l != nil {
			cfg.IO.Walk.Listings = l
		}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	end := byte('\n')
	if o.null {
		end = 0
	}
	var listed, failed bool
	var outErr error
	cfg.IO.Report = func(path string, err error) {
		failed = true
		if !o.noMessages {
			fmt.Fprintf(stderr, "urg: %s: %s\n", path, message(err))
		}
	}
	cfg.IO.Warn = func(path string, err error) {
		if !o.noMessages {
			fmt.Fprintf(stderr, "urg: %s: %s\n", path, message(err))
		}
	}
	var mu sync.Mutex
	walk.Files(cfg.IO.Paths, cfg.IO.Walk, walk.Handler{
		File: func(f walk.File) bool {
			mu.Lock()
			defer mu.Unlock()
			listed = true
			if o.quiet {
				return false // one file decides the exit status; -q prints none
			}
			if _, outErr = out.WriteString(f.Path); outErr == nil {
				outErr = out.WriteByte(end)
			}
			return outErr == nil
		},
		Report: cfg.IO.Report,
		Warn:   cfg.IO.Warn,
	})
	if err := out.Flush(); outErr == nil {
		outErr = err
	}
	switch {
	case outErr != nil:
		if !isBrokenPipe(outErr) {
			fmt.Fprintf(stderr, "urg: write error: %s\n", message(outErr))
		}
		return exitTrouble
	case o.quiet && listed:
		return exitMatch // as -q's search: a file found outweighs an error
	case failed:
		return exitTrouble
	case listed:
		return exitMatch
	}
	return exitNoMatch
}
