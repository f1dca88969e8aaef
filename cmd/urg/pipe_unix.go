//go:build unix

package main

import (
	"errors"
	"syscall"
)

// readerGone says whether err is a write to a pipe nobody reads any more
// (EPIPE, for a descriptor other than 1 and 2: on those SIGPIPE ends urg
// first, as it ends grep).
func readerGone(err error) bool { return errors.Is(err, syscall.EPIPE) }
