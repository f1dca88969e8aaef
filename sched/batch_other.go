//go:build !linux

package sched

import (
	"errors"

	"urg/walk"
)

// batch is the Linux non-blocking path's way to try several cached files
// in one io_uring submission; elsewhere there is none, and every file is
// tried one at a time.
type batch struct{ files []walk.File }

func newBatch() (*batch, error) { return nil, errors.ErrUnsupported }

func (b *batch) close() {}

// flush has nothing to do where no batch is made.
func (w *reader) flush() {}
