package main

import (
	"errors"

	"golang.org/x/sys/windows"
)

// isPipe reports a write to a reader that has gone (spot | head): not an
// error to report, as for find. Windows says so with its own codes, not
// EPIPE (Go's syscall package defines one there, but no call returns
// it): ERROR_NO_DATA while the pipe is being closed, ERROR_BROKEN_PIPE
// once it is.
func isPipe(err error) bool {
	return errors.Is(err, windows.ERROR_NO_DATA) || errors.Is(err, windows.ERROR_BROKEN_PIPE)
}
