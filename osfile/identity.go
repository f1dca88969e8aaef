package osfile

import "errors"

// Identity is what tells that a file's bytes may have changed without
// reading them: the file (device, inode), its size and its two times. A
// write moves the modification time and the change time, and nothing but
// the clock moves the change time back, so two equal identities read at
// two moments say the bytes are those of the first, unless a write came
// within one tick of the file system's clock of the first (see the
// index's racy files).
type Identity struct {
	Dev, Ino     uint64
	Size         int64
	Mtime, Ctime int64 // nanoseconds since the epoch
}

// ErrNoIdentity is the error of Identify and IdentifyPath where the
// platform gives no change time: every file is then taken as changed.
var ErrNoIdentity = errors.New("no file identity on this platform")
