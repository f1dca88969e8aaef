//go:build !windows

package main

import (
	"errors"
	"syscall"
)

// isPipe reports a write to a reader that has gone (spot | head): not an
// error to report, as for find.
func isPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }
