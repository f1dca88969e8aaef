package sched

import (
	"errors"
	"sync"

	"golang.org/x/sys/unix"

	"urg/uring"
)

// The io_uring engine: one ring per thread, each on its own locked OS
// thread, keeps up to depth files in flight. For each file it submits an
// openat, then on its completion a read into the file's slot buffer, then a
// close; all of a batch go to the kernel in one io_uring_enter, so a small
// file costs no system call of its own, and cold opens and reads of many
// files overlap. A filled buffer goes to a searcher through a bounded
// channel and its slot comes back when the search is done: a ring never
// has more files than slots, so memory stays bounded.

// pathMax is the room for one path in a slot; a longer path is read with
// pread instead.
const pathMax = 4096

// ringJob is a file the ring hands to a searcher.
type ringJob struct {
	e       Entry
	rd      *readDone // nil: the searcher reads the file itself
	release func()    // gives the slot back; nil when there is none
}

// slot is the state of one file in flight.
type slot struct {
	path    []byte // NUL-terminated, in the arena
	buf     []byte // registered buffer number idx, in the arena
	e       Entry
	fd      int
	noatime bool
}

// user_data of a completion: the slot number and the operation.
const (
	opOpen = iota + 1
	opRead
	opClose
)

func userData(i, op int) uint64         { return uint64(i)<<8 | uint64(op) }
func splitUserData(u uint64) (int, int) { return int(u >> 8), int(u & 0xff) }

// uringEngine runs the rings of one search.
type uringEngine struct {
	r       *run
	depth   int
	bufSize int
	jobs    chan ringJob
	mode    string
	mu      sync.Mutex
	stats   UringStats
}

// UringStats count what the rings did, for --stats.
type UringStats struct {
	Rings     int
	Mode      string // setup flags the kernel took
	Depth     int    // files in flight allowed per ring
	MaxFlight int    // the most files in flight at once in one ring
	Submitted uint64 // operations submitted
	Enters    uint64 // io_uring_enter calls
}

// startUring sets up one ring per thread and starts them on entries;
// searchers read ringJobs from the returned engine's jobs channel, which
// is closed when every ring is done. It fails, leaving nothing running,
// when the kernel refuses io_uring.
func startUring(r *run, entries <-chan Entry, threads, depth, bufSize int) (*uringEngine, error) {
	g := &uringEngine{r: r, depth: depth, bufSize: bufSize, jobs: make(chan ringJob, threads*depth)}
	g.stats.Depth = depth
	var wg sync.WaitGroup
	for i := range threads {
		ready := make(chan error)
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.ringLoop(entries, ready)
		}()
		if err := <-ready; err != nil {
			if i == 0 {
				wg.Wait()
				return nil, err
			}
			break // fewer rings than threads is still fine
		}
		g.stats.Rings++
	}
	go func() {
		wg.Wait()
		close(g.jobs)
	}()
	return g, nil
}

// ringLoop owns one ring for its whole life, on one OS thread.
func (g *uringEngine) ringLoop(entries <-chan Entry, ready chan<- error) {
	ring, err := uring.New(uint32(2 * g.depth))
	if err != nil {
		ready <- err
		return
	}
	defer ring.Close()
	arena, err := uring.NewArena(g.depth * (pathMax + g.bufSize))
	if err != nil {
		ready <- err
		return
	}
	defer arena.Free()
	slots := make([]slot, g.depth)
	bufs := make([][]byte, g.depth)
	free := make([]int, 0, g.depth)
	for i := range slots {
		buf, _ := arena.Alloc(g.bufSize, 4096)
		path, _ := arena.Alloc(pathMax, 1)
		slots[i] = slot{path: path, buf: buf, fd: -1}
		bufs[i] = buf
		free = append(free, i)
	}
	if err := ring.RegisterBuffers(bufs); err != nil {
		ready <- err
		return
	}
	g.mu.Lock()
	g.stats.Mode = ring.Mode()
	g.mu.Unlock()
	ready <- nil

	freed := make(chan int, g.depth) // slots coming back from searchers
	release := func(i int) func() { return func() { freed <- i } }
	inflight, files, maxFiles := 0, 0, 0 // operations, files in the kernel
	inputOpen := true

	// open starts a file in slot i.
	open := func(i int) {
		s := &slots[i]
		flags := unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NOCTTY
		if s.noatime {
			flags |= unix.O_NOATIME
		}
		copy(s.path, s.e.Path)
		s.path[len(s.e.Path)] = 0
		if err := ring.Openat(s.path[:len(s.e.Path)+1], flags, userData(i, opOpen)); err != nil {
			g.handOff(slots, i, &readDone{fd: -1, err: err}, release(i))
			return
		}
		inflight++
	}
	complete := func(u uint64, res int32) {
		inflight--
		i, op := splitUserData(u)
		if op == opClose {
			return
		}
		s := &slots[i]
		switch {
		case op == opOpen && res == -int32(unix.EPERM) && s.noatime:
			s.noatime = false // O_NOATIME is for files we own
			open(i)
		case op == opOpen && (res == -int32(unix.EMFILE) || res == -int32(unix.ENFILE)):
			// Out of descriptors: let the searcher open it when some are back.
			files--
			g.handOff(slots, i, nil, release(i))
		case res < 0:
			files--
			if op == opRead {
				unix.Close(s.fd) // a failed read leaves the file open
				s.fd = -1
			}
			g.handOff(slots, i, &readDone{fd: -1, err: unix.Errno(-res)}, release(i))
		case op == opOpen:
			s.fd = int(res)
			if err := ring.ReadFixed(s.fd, s.buf, i, 0, userData(i, opRead)); err != nil {
				unix.Close(s.fd)
				files--
				g.handOff(slots, i, &readDone{fd: -1, err: err}, release(i))
				return
			}
			inflight++
		case op == opRead:
			files--
			n := int(res)
			rd := &readDone{data: s.buf[:n], fd: s.fd}
			if n < len(s.buf) && s.e.ShortIsEOF {
				// The whole file is in: close it in the next batch.
				if ring.CloseFD(s.fd, userData(i, opClose)) == nil {
					inflight++
				} else {
					unix.Close(s.fd)
				}
				rd.fd = -1
			}
			s.fd = -1
			g.handOff(slots, i, rd, release(i))
		}
	}

	for {
		// Take back slots the searchers are done with.
		for drained := false; !drained; {
			select {
			case i := <-freed:
				free = append(free, i)
			default:
				drained = true
			}
		}
		// Start new files while there are slots; wait for one only when
		// the kernel has nothing of ours to complete.
		for len(free) > 0 && inputOpen {
			var e Entry
			var ok, got bool
			if inflight == 0 {
				select {
				case e, ok = <-entries:
					got = true
				case i := <-freed:
					free = append(free, i)
					continue
				}
			} else {
				select {
				case e, ok = <-entries:
					got = true
				default:
				}
			}
			if !got {
				break // nothing waiting: go and collect completions
			}
			if !ok {
				inputOpen = false
				break
			}
			if !g.ringable(e) {
				g.jobs <- ringJob{e: e}
				continue
			}
			i := free[len(free)-1]
			free = free[:len(free)-1]
			slots[i].e, slots[i].noatime = e, true
			files++
			maxFiles = max(maxFiles, files)
			open(i)
		}
		if inflight == 0 && ring.Pending() == 0 {
			if !inputOpen && len(free) == g.depth {
				break // all done, every slot back
			}
			if !inputOpen || len(free) == 0 {
				free = append(free, <-freed)
			}
			continue
		}
		if _, err := ring.Submit(1); err != nil && !errors.Is(err, unix.EBUSY) {
			g.r.report("io_uring", err)
		}
		ring.Completions(complete)
	}
	g.mu.Lock()
	g.stats.MaxFlight = max(g.stats.MaxFlight, maxFiles)
	g.stats.Submitted += ring.Submitted
	g.stats.Enters += ring.Enters
	g.mu.Unlock()
}

// ringable reports whether the ring reads this file: standard input, a path
// too long for a slot, and a file known to be too short to match go to the
// searcher as they are.
func (g *uringEngine) ringable(e Entry) bool {
	return e.Path != StdinPath && len(e.Path) < pathMax && !(e.Size >= 0 && e.Size < int64(g.r.cfg.Matcher.MinLen()))
}

// handOff gives slot i's file to a searcher.
func (g *uringEngine) handOff(slots []slot, i int, rd *readDone, release func()) {
	g.jobs <- ringJob{e: slots[i].e, rd: rd, release: release}
}

// ringBufSize is the size of one slot's buffer: most source files fit
// whole, and a larger file goes on with pread from the searcher. Measured
// on the Go tree (warm): 64 KiB slots beat 256 KiB ones, whose 32 MiB of
// buffers fall out of the CPU caches.
const ringBufSize = 64 << 10
