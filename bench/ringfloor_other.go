//go:build !linux

package main

import "errors"

var errNoRing = errors.New("the ring floor needs Linux's io_uring")

// ringFloorAvailable says whether this system gives the floor a ring:
// only Linux has io_uring.
func ringFloorAvailable() error { return errNoRing }

// readFloor is the ring floor, which only Linux has.
func readFloor([]string, int) (int, int64, error) { return 0, 0, errNoRing }
