//go:build !linux

package main

import (
	"errors"
	"io"
	"time"
)

// slowMount is the slow file system's mount, which needs Linux's FUSE.
type slowMount struct{}

// mountSlow refuses: the FUSE passthrough needs Linux.
func mountSlow(root, dir string, delay time.Duration) (*slowMount, error) {
	return nil, errors.New("FUSE passthrough needs Linux")
}

func (m *slowMount) unmount() error { return nil }

func (m *slowMount) served() servedStats { return servedStats{} }

// cleanStaleMounts has nothing to clean where nothing is mounted.
func cleanStaleMounts(dir string, log io.Writer) error { return nil }
