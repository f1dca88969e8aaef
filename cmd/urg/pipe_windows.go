package main

import (
	"errors"

	"golang.org/x/sys/windows"
)

// readerGone says whether err is a write to a pipe nobody reads any more.
// Windows has no SIGPIPE to end urg there, and its WriteFile fails with
// ERROR_NO_DATA ("The pipe is being closed") or ERROR_BROKEN_PIPE, whose
// wording is not "broken pipe".
func readerGone(err error) bool {
	return errors.Is(err, windows.ERROR_NO_DATA) || errors.Is(err, windows.ERROR_BROKEN_PIPE)
}
