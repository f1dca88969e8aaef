//go:build !linux

package sched

import "errors"

// ringJob is a file the ring hands to a searcher; without io_uring there
// are none.
type ringJob struct {
	e       Entry
	rd      *readDone
	release func()
}

// UringStats are empty where there is no io_uring.
type UringStats struct {
	Rings, Depth, MaxFlight  int
	Mode                     string
	Submitted, Enters, Waits uint64
}

type uringEngine struct {
	jobs  chan ringJob
	stats UringStats
}

func startUring(*run, <-chan Entry, int, int, int, func(<-chan ringJob)) (*uringEngine, error) {
	return nil, errors.New("io_uring is Linux's")
}

const ringBufSize = 64 << 10
