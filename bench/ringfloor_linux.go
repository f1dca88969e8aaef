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

	type slot struct {
		path, buf []byte
		name      string
		fd        int
		off       uint64
		noatime   bool
	}
	slots := make([]slot, ringFloorDepth)
	free := make([]int, 0, ringFloorDepth)
	for i := range slots {
		buf, _ := arena.Alloc(ringFloorBuf, 4096)
		path, _ := arena.Alloc(pathMax, 1)
		slots[i] = slot{path: path, buf: buf, fd: -1}
		free = append(free, i)
	}
	ud := func(i, op int) uint64 { return uint64(i)<<8 | uint64(op) }
	var failed error
	inflight := 0
	prep := func(e error) {
		if e == nil {
			inflight++
		} else if failed == nil {
			failed = e
		}
	}
	open := func(i int) {
		s := &slots[i]
		flags := unix.O_RDONLY | unix.O_CLOEXEC
		if s.noatime {
			flags |= unix.O_NOATIME
		}
		prep(u.Openat(s.path[:len(s.name)+1], flags, ud(i, floorOpen)))
	}
	done := func(i int) {
		slots[i].fd = -1
		free = append(free, i)
	}
	// After a failure no file starts, and the loop goes on until the
	// kernel is done with every buffer the arena lends it.
	more := true
	for failed == nil && more || inflight > 0 {
		for failed == nil && more && len(free) > 0 {
			k := next.Add(1) - 1
			if k >= int64(len(paths)) {
				more = false
				break
			}
			p := paths[k]
			if len(p) >= pathMax {
				failed = fmt.Errorf("%s: path too long", p)
				break
			}
			i := free[len(free)-1]
			free = free[:len(free)-1]
			s := &slots[i]
			copy(s.path, p)
			s.path[len(p)] = 0
			s.name, s.off, s.noatime = p, 0, true
			open(i)
		}
		if inflight == 0 {
			break // nothing started: the list was done, or failed at once
		}
		if _, err := u.Submit(1); err != nil && !errors.Is(err, unix.EBUSY) {
			return files, read, err // the ring is unusable; closing it cancels what is in flight
		}
		u.Completions(func(userData uint64, res int32) {
			inflight--
			i, op := int(userData>>8), int(userData&0xff)
			s := &slots[i]
			switch {
			case op == floorClose:
			case op == floorOpen && res == -int32(unix.EPERM) && s.noatime:
				s.noatime = false // O_NOATIME is for files one owns
				open(i)
			case res < 0:
				if op == floorRead {
					unix.Close(s.fd)
				}
				if failed == nil {
					failed = fmt.Errorf("%s: %w", s.name, unix.Errno(-res))
				}
				done(i)
			case op == floorOpen:
				s.fd = int(res)
				prep(u.Read(s.fd, s.buf, 0, ud(i, floorRead)))
			case int(res) == len(s.buf):
				read += int64(res)
				s.off += uint64(res)
				prep(u.Read(s.fd, s.buf, s.off, ud(i, floorRead)))
			default:
				read += int64(res)
				files++
				prep(u.CloseFD(s.fd, ud(i, floorClose)))
				done(i)
			}
		})
	}
	return files, read, failed
}
