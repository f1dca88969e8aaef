package sched

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"urg/uring"
)

// statBatch is how many statx calls go to the kernel in one submission:
// a directory's listing is stat'ed in batches of this many.
const statBatch = 64

// statPathMax is the longest path a batched statx takes; longer ones go
// through lstat (which then fails as find does, ENAMETOOLONG).
const statPathMax = 4096

// ringStatter submits a directory's statx calls through an io_uring in
// batches, one system call for many files instead of one each. Paths and
// results live in an Arena while the kernel uses them.
type ringStatter struct {
	ring  *uring.Ring
	arena *uring.Arena
	paths [][]byte
	sts   []*unix.Statx_t
}

// newStatter returns the ring statter, or lstat one at a time where the
// kernel refuses a ring. Call it on the goroutine that will use it: the
// ring locks it to its thread until close.
func newStatter() statter {
	r, err := uring.New(statBatch)
	if err != nil {
		return lstatter{}
	}
	a, err := uring.NewArena(statBatch * (statPathMax + uring.StatxSize + 8))
	if err != nil {
		r.Close()
		return lstatter{}
	}
	s := &ringStatter{ring: r, arena: a}
	for range statBatch {
		p, _ := a.Alloc(statPathMax, 8)
		st, _ := a.Alloc(uring.StatxSize, 8)
		s.paths, s.sts = append(s.paths, p), append(s.sts, uring.StatxAt(st))
	}
	return s
}

func (s *ringStatter) close() {
	s.ring.Close()
	_ = s.arena.Free()
}

func (s *ringStatter) stat(paths []string, out []Stat, errs []error) {
	for lo := 0; lo < len(paths); lo += statBatch {
		hi := min(len(paths), lo+statBatch)
		n := 0
		for i := lo; i < hi; i++ {
			p, slot := paths[i], i-lo
			if len(p) >= statPathMax || s.prepare(p, slot, i) != nil {
				lstatter{}.stat(paths[i:i+1], out[i:i+1], errs[i:i+1])
				continue
			}
			n++
		}
		if n == 0 {
			continue
		}
		if _, err := s.ring.Submit(uint32(n)); err != nil {
			// Nothing is known of the batch: stat it again by hand,
			// after draining what did complete.
			s.ring.Completions(func(uint64, int32) {})
			lstatter{}.stat(paths[lo:hi], out[lo:hi], errs[lo:hi])
			continue
		}
		for done := 0; done < n; {
			done += s.ring.Completions(func(ud uint64, res int32) {
				i := int(ud)
				if res < 0 {
					errs[i] = &os.PathError{Op: "lstat", Path: paths[i], Err: syscall.Errno(-res)}
					return
				}
				out[i] = fromStatx(s.sts[i-lo])
			})
			if done < n {
				if _, err := s.ring.Submit(uint32(n - done)); err != nil {
					break
				}
			}
		}
	}
}

// prepare queues the statx of path p into slot, with user data i.
func (s *ringStatter) prepare(p string, slot, i int) error {
	buf := s.paths[slot]
	copy(buf, p)
	buf[len(p)] = 0
	return s.ring.Statx(buf[:len(p)+1], unix.AT_SYMLINK_NOFOLLOW, unix.STATX_BASIC_STATS, s.sts[slot], uint64(i))
}

func fromStatx(x *unix.Statx_t) Stat {
	return Stat{Mode: uint32(x.Mode), Uid: x.Uid, Gid: x.Gid, Size: int64(x.Size),
		Mtime: time.Unix(x.Mtime.Sec, int64(x.Mtime.Nsec))}
}
