package walk

import (
	"os"
	"syscall"
	"time"
	"unsafe"

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
	one   *syncStatter // for what the ring does not take
}

// newStatter returns statx(2) relative to the directory, or, with ring,
// the ring statter (statx(2) where the kernel refuses a ring). Call it
// on the goroutine that will use it: a ring locks it to its thread until
// close.
//
// statx(2) is the default because it measured faster: the kernel runs
// an io_uring statx on a worker thread of its own (it has no
// non-blocking path), and that hand-off costs more than the system call
// it saves: warm, a size search of a large tree measured faster with
// statx(2), and cold the two were within the noise (see
// docs/decisions.md#newstatter-statx2-not-the-ring-by-default-walkstatx_linuxgo-was-schedstatx_linuxgo).
func newStatter(ring bool) statter {
	if !ring {
		return &syncStatter{}
	}
	r, err := uring.New(statBatch)
	if err != nil {
		return &syncStatter{}
	}
	a, err := uring.NewArena(statBatch * (statPathMax + uring.StatxSize + 8))
	if err != nil {
		r.Close()
		return &syncStatter{}
	}
	s := &ringStatter{ring: r, arena: a, one: &syncStatter{}}
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

func (s *ringStatter) stat(dirfd int, dir string, names []string, out []Stat, errs []error) {
	for lo := 0; lo < len(names); lo += statBatch {
		hi := min(len(names), lo+statBatch)
		n := 0
		for i := lo; i < hi; i++ {
			if len(names[i]) >= statPathMax || s.prepare(dirfd, names[i], i-lo, i) != nil {
				s.one.statOne(dirfd, dir, names[i], &out[i], &errs[i])
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
			s.one.stat(dirfd, dir, names[lo:hi], out[lo:hi], errs[lo:hi])
			continue
		}
		for done := 0; done < n; {
			done += s.ring.Completions(func(ud uint64, res int32) {
				i := int(ud)
				if res < 0 {
					errs[i] = &os.PathError{Op: "lstat", Path: joinPath(dir, names[i]), Err: syscall.Errno(-res)}
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

// prepare queues the statx of name, relative to dirfd, into slot, with
// user data i.
func (s *ringStatter) prepare(dirfd int, name string, slot, i int) error {
	buf := s.paths[slot]
	copy(buf, name)
	buf[len(name)] = 0
	return s.ring.Statx(dirfd, buf[:len(name)+1], unix.AT_SYMLINK_NOFOLLOW, unix.STATX_BASIC_STATS, s.sts[slot], uint64(i))
}

// syncStatter calls statx(2) for each name, relative to the directory.
type syncStatter struct {
	path []byte // the name being stat'ed, NUL-terminated
}

func (s *syncStatter) stat(dirfd int, dir string, names []string, out []Stat, errs []error) {
	for i, name := range names {
		s.statOne(dirfd, dir, name, &out[i], &errs[i])
	}
}

func (*syncStatter) close() {}

// statOne stats one name relative to dirfd. It makes the C string itself,
// in a buffer kept from call to call: unix.Statx allocates one per call,
// and so one per file, a measurable share of a warm size search (see
// docs/decisions.md#syncstatterstatone-one-c-string-kept-from-call-to-call-walkstatx_linuxgo-was-schedstatx_linuxgo).
func (s *syncStatter) statOne(dirfd int, dir, name string, out *Stat, errp *error) {
	s.path = append(append(s.path[:0], name...), 0)
	var x unix.Statx_t
	_, _, errno := unix.Syscall6(unix.SYS_STATX, uintptr(dirfd), uintptr(unsafe.Pointer(&s.path[0])),
		unix.AT_SYMLINK_NOFOLLOW, unix.STATX_BASIC_STATS, uintptr(unsafe.Pointer(&x)), 0)
	if errno != 0 {
		*errp = &os.PathError{Op: "lstat", Path: joinPath(dir, name), Err: errno}
		return
	}
	*out = fromStatx(&x)
}

func fromStatx(x *unix.Statx_t) Stat {
	return Stat{Mode: uint32(x.Mode), Uid: x.Uid, Gid: x.Gid, Size: int64(x.Size),
		Mtime: time.Unix(x.Mtime.Sec, int64(x.Mtime.Nsec))}
}
