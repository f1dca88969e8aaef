//go:build !linux

package osfile

import "errors"

// ErrWouldBlock says a file cannot be opened or read without waiting for
// the disk.
var ErrWouldBlock = errors.New("would block")

// Nowait is Linux's: here no file is opened or read without blocking.
const Nowait = false

// ErrNoNowait says the kernel has no non-blocking open or read: here, none
// is known, and every file goes the blocking way.
var ErrNoNowait = errors.New("no non-blocking open or read")

// Cached is the non-blocking path of Linux; elsewhere it opens nothing.
type Cached struct{}

// Open always fails with ErrNoNowait.
func (*Cached) Open(string) (Handle, error) { return NoHandle, ErrNoNowait }

// ErrDontcacheRefused says a read with RWF_DONTCACHE was refused.
var ErrDontcacheRefused = errors.New("RWF_DONTCACHE refused")

// Read always fails with ErrNoNowait.
func (*Cached) Read(Handle, []byte, bool) (int, bool, error) { return 0, false, ErrNoNowait }

// Close does nothing: Open opens nothing.
func (*Cached) Close(Handle) {}
