package main

import (
	"errors"

	"golang.org/x/sys/windows"
)

// readerGone says whether err is a write to a pipe nobody reads any more.
// Windows has no SIGPIPE to end urg there, and none of its words for it
// is "broken pipe": an anonymous pipe's WriteFile says ERROR_NO_DATA ("The
// pipe is being closed"); ERROR_BROKEN_PIPE and ERROR_PIPE_NOT_CONNECTED
// are what a pipe whose other end is gone or disconnected may say (Wine
// says the last for a pipe from a unix shell).
func readerGone(err error) bool {
	for _, e := range []error{windows.ERROR_NO_DATA, windows.ERROR_BROKEN_PIPE, windows.ERROR_PIPE_NOT_CONNECTED} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
