package main

import (
	"errors"
	"io/fs"
	"strings"

	"urg/walk"
	"urg/worker"
)

// message renders an error as grep does after "urg: path: ", with the
// system's wording capitalised ("No such file or directory").
func message(err error) string {
	var pre *worker.PreError
	if errors.As(err, &pre) {
		return pre.Error() // ripgrep's wording, already made
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch err {
	case walk.ErrInputIsOutput:
		return err.Error() // grep's own wording, not the system's
	case walk.ErrLoop:
		return "warning: " + err.Error()
	}
	if msg, ok := posixWording(err); ok {
		return msg
	}
	msg := err.Error()
	if len(msg) > 0 && 'a' <= msg[0] && msg[0] <= 'z' {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}
