package main

import (
	"cmp"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"urg/uring"
)

// pathMax is the longest path the floor reads, as in urg's rings.
const pathMax = 4096

// The floor's operations, in the low byte of a completion's user_data
// (the slot is above it).
const (
	floorOpen = iota + 1
	floorRead
	floorClose
)

// ringFloorAvailable says whether this kernel gives the floor a ring.
func ringFloorAvailable() error {
	u, err := uring.NewShared(8)
	if err != nil {
		return err
	}
	u.Close()
	return nil
}

// readFloor reads every file of paths whole through rings io_uring rings,
// ringFloorDepth files in flight on each, the rings taking the files in
// turn from the one list: each file opened, read in ringFloorBuf reads
// until one comes back short, and closed, the bytes dropped. It is what
// urg's own reading of a tree costs with urg's rings but no walk (the
// list is made before), no search and no output. It returns the files and
// bytes read, or the first file it could not read.
func readFloor(paths []string, rings int) (files int, read int64, err error) {
	var next, nfiles, nread atomic.Int64
	var mu sync.Mutex
	var failed error
	var wg sync.WaitGroup
	for range max(1, rings) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, r, err := readRing(paths, &next)
			nfiles.Add(int64(f))
			nread.Add(r)
			if err != nil {
				mu.Lock()
				failed = cmp.Or(failed, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return int(nfiles.Load()), nread.Load(), failed
}

// readRing is one of readFloor's rings: it takes the paths from next on,
// one at a time, until none is left or one fails.
func readRing(paths []string, next *atomic.Int64) (files int, read int64, err error) {
	u, err := uring.New(4 * ringFloorDepth)
	if err != nil {
		return 0, 0, err
	}
	defer u.Close()
	_ = u.MaxWorkers(ringFloorDepth, 0)
	arena, err := uring.NewHugeArena(ringFloorDepth * (pathMax + ringFloorBuf))
	if err != nil {
		return 0, 0, err
	}
	defer arena.Free()

	r := &floorRing{u: u, paths: paths, next: next,
		slots: make([]floorSlot, ringFloorDepth), free: make([]int, 0, ringFloorDepth)}
	for i := range r.slots {
		buf, _ := arena.Alloc(ringFloorBuf, 4096)
		path, _ := arena.Alloc(pathMax, 1)
		r.slots[i] = floorSlot{path: path, buf: buf, fd: -1}
		r.free = append(r.free, i)
	}
	complete := r.complete
	// After a failure no file starts, and the loop goes on until the
	// kernel is done with every buffer the arena lends it.
	more := true
	for r.failed == nil && more || r.inflight > 0 {
		more = r.startFiles(more)
		if r.inflight == 0 {
			break // nothing started: the list was done, or failed at once
		}
		if _, err := u.Submit(1); err != nil && !errors.Is(err, unix.EBUSY) {
			return r.files, r.read, err // the ring is unusable; closing it cancels what is in flight
		}
		u.Completions(complete)
	}
	return r.files, r.read, r.failed
}

// floorSlot is one file in flight on a floor ring: its path (NUL-ended,
// in the arena), its read buffer, its descriptor once open and the offset
// of its next read.
type floorSlot struct {
	path, buf []byte
	name      string
	fd        int
	off       uint64
	noatime   bool
}

// floorRing is the state of one of readFloor's rings, changed only by its
// own loop and completions: the slots, those free, how many operations
// are in flight, the first failure, and what has been read.
type floorRing struct {
	u        *uring.Ring
	paths    []string
	next     *atomic.Int64
	slots    []floorSlot
	free     []int
	inflight int
	failed   error
	files    int
	read     int64
}

// floorUserData names slot i's operation op in a completion.
func floorUserData(i, op int) uint64 { return uint64(i)<<8 | uint64(op) }

// prep counts an operation queued, or keeps the first failure to queue.
func (r *floorRing) prep(e error) {
	if e == nil {
		r.inflight++
	} else if r.failed == nil {
		r.failed = e
	}
}

// open queues the opening of slot i's file.
func (r *floorRing) open(i int) {
	s := &r.slots[i]
	flags := unix.O_RDONLY | unix.O_CLOEXEC
	if s.noatime {
		flags |= unix.O_NOATIME
	}
	r.prep(r.u.Openat(s.path[:len(s.name)+1], flags, floorUserData(i, floorOpen)))
}

// done frees slot i.
func (r *floorRing) done(i int) {
	r.slots[i].fd = -1
	r.free = append(r.free, i)
}

// startFiles opens the next paths in the free slots, while more says the
// list may have some left and nothing has failed. It returns whether the
// list may still have more.
func (r *floorRing) startFiles(more bool) bool {
	for r.failed == nil && more && len(r.free) > 0 {
		k := r.next.Add(1) - 1
		if k >= int64(len(r.paths)) {
			return false
		}
		p := r.paths[k]
		if len(p) >= pathMax {
			r.failed = fmt.Errorf("%s: path too long", p)
			break
		}
		i := r.free[len(r.free)-1]
		r.free = r.free[:len(r.free)-1]
		s := &r.slots[i]
		copy(s.path, p)
		s.path[len(p)] = 0
		s.name, s.off, s.noatime = p, 0, true
		r.open(i)
	}
	return more
}

// complete takes one completion: an open is followed by a read, a full
// read by the next, a short one by the close, and a failure ends the file
// (and, but for O_NOATIME refused, the run).
func (r *floorRing) complete(userData uint64, res int32) {
	r.inflight--
	i, op := int(userData>>8), int(userData&0xff)
	s := &r.slots[i]
	switch {
	case op == floorClose:
	case op == floorOpen && res == -int32(unix.EPERM) && s.noatime:
		s.noatime = false // O_NOATIME is for files one owns
		r.open(i)
	case res < 0:
		if op == floorRead {
			unix.Close(s.fd)
		}
		if r.failed == nil {
			r.failed = fmt.Errorf("%s: %w", s.name, unix.Errno(-res))
		}
		r.done(i)
	case op == floorOpen:
		s.fd = int(res)
		r.prep(r.u.Read(s.fd, s.buf, 0, floorUserData(i, floorRead)))
	case int(res) == len(s.buf):
		r.read += int64(res)
		s.off += uint64(res)
		r.prep(r.u.Read(s.fd, s.buf, s.off, floorUserData(i, floorRead)))
	default:
		r.read += int64(res)
		r.files++
		r.prep(r.u.CloseFD(s.fd, floorUserData(i, floorClose)))
		r.done(i)
	}
}
