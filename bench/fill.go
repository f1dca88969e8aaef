package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// fillCache reads every regular file under root into the page cache.
// With -cold-fill the bench does this before each cold run's drop, so
// that every run refills the cache from memory just freed, whatever the
// line before it did. On a virtual machine that reports free pages to
// its host, memory freed a few seconds ago has gone back to the host and
// faults there on its next use: a run after a line that cached nothing
// (fio, urg --io=direct) would otherwise start on that memory while the
// others start on what the run before them had cached.
func fillCache(root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("filling the cache: %w", err)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("filling the cache: %w", err)
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return fmt.Errorf("filling the cache: %w", err)
		}
		if err := fillFile(f, st.Size()); err != nil {
			return fmt.Errorf("filling the cache: %s: %w", path, err)
		}
		return nil
	})
}

// fillByRead reads f to its end into a small buffer and drops the bytes.
func fillByRead(f *os.File) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	buf := make([]byte, 1<<20)
	for {
		_, err := f.Read(buf)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
