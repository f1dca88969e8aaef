// Package wording words errors as grep and find print them after a path:
// the system's message alone, capitalised ("No such file or directory",
// "Permission denied").
package wording

import (
	"errors"
	"io/fs"
	"strings"
)

// Of is err's message without the path a *fs.PathError carries, its
// first letter capitalised.
func Of(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	if msg != "" && 'a' <= msg[0] && msg[0] <= 'z' {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}
