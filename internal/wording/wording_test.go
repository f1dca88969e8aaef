package wording

import (
	"errors"
	"io/fs"
	"syscall"
	"testing"
)

func TestOf(t *testing.T) {
	for err, want := range map[error]string{
		&fs.PathError{Op: "open", Path: "x", Err: syscall.ENOENT}: "No such file or directory",
		syscall.EACCES:                "Permission denied",
		errors.New("Already capital"): "Already capital",
		errors.New(""):                "",
	} {
		if got := Of(err); got != want {
			t.Errorf("Of(%v) = %q, want %q", err, got, want)
		}
	}
}
