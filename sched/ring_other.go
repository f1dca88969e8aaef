//go:build !linux

package sched

import (
	"errors"

	"urg/osfile"
	"urg/walk"
)

// ringReq is a file for a ring to read; without io_uring there are none.
type ringReq struct {
	f  walk.File
	fd osfile.Handle
}

// ringJob is a file the ring hands to a searcher; without io_uring there
// are none.
type ringJob struct {
	f       walk.File
	rd      *readDone
	release func()
}

// UringStats are empty where there is no io_uring.
type UringStats struct {
	Rings, Depth, MaxFlight  int
	Mode                     string
	Submitted, Enters, Waits uint64
}

type rings struct {
	jobs  chan ringJob
	stats UringStats
}

func (*rings) waiting() bool { return false }

func startRings(*run, <-chan ringReq, chan ringJob, func(<-chan ringJob)) (*rings, error) {
	return nil, errors.New("io_uring is Linux's")
}
