package osfile

import (
	"os"
	"time"
)

// Racy margins. A file written again within one tick of its file
// system's clock of when it was last written keeps the times it had, so
// a file whose times are that close to the start of a build that reads
// it, or after it, may change after the read without its identity
// changing (git's racy files); such a file must be read again, always.
const (
	// FineRacy is the margin on a file system whose clock gives
	// nanoseconds: several ticks of the kernel's coarse clock, which
	// stamps files there.
	FineRacy = 50 * time.Millisecond
	// CoarseRacy is the margin where the file system's clock is not
	// known: times in whole seconds, or two (FAT), and a system clock
	// that may stand apart from a remote file system's.
	CoarseRacy = 3 * time.Second
)

// Start is when a build began, as the system's clock tells it and as the
// clock of one file system does, for judging which files it reads are
// racy.
type Start struct {
	Now    time.Time     // the system's clock
	dev    uint64        // the file system whose clock was read (0: none)
	margin time.Duration // on dev, FineRacy or CoarseRacy
	near   int64         // on dev, times from here on are racy
	far    int64         // elsewhere, times from here on are racy
}

// StartBy is a start judged by the system's clock alone, with
// CoarseRacy: where no file system's clock can be read.
func StartBy(now time.Time) Start {
	return Start{Now: now, far: now.Add(-CoarseRacy).UnixNano()}
}

// StartAt reads the clock of the file system that dir is on, by making
// a file there (and removing it): the times a new file gets are that
// clock's now, which is the server's on a remote file system, so files on
// it are judged by its own clock and a fine one's margin. Files elsewhere,
// or all of them when dir takes no file, are judged by the system's clock
// and CoarseRacy.
func StartAt(dir string, now time.Time) Start {
	s := StartBy(now)
	f, err := os.CreateTemp(dir, ".clock-*")
	if err != nil {
		return s
	}
	defer os.Remove(f.Name())
	defer f.Close()
	id, err := Identify(Handle(f.Fd()))
	if err != nil || id.Dev == 0 {
		return s
	}
	margin := FineRacy
	if id.Mtime%int64(time.Second) == 0 && id.Ctime%int64(time.Second) == 0 {
		margin = CoarseRacy // a clock of whole seconds, or coarser
	}
	s.dev, s.margin, s.near = id.Dev, margin, min(id.Mtime, id.Ctime)-int64(margin)
	return s
}

// Margin is how close to the start a file on the file system whose clock
// was read may have been written for it to be racy (CoarseRacy where no
// clock was read): how long a writer waits before what it wrote is
// trusted.
func (s Start) Margin() time.Duration {
	if s.dev == 0 {
		return CoarseRacy
	}
	return s.margin
}

// Racy says the file whose identity, taken once its bytes were read, is
// id may have been written since without id changing.
func (s Start) Racy(id Identity) bool {
	cut := s.far
	if s.dev != 0 && id.Dev == s.dev {
		cut = s.near
	}
	return id.Mtime >= cut || id.Ctime >= cut
}
