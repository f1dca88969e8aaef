package sched

import (
	"errors"
	"os"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"urg/internal/fault"
	"urg/search"
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
//
// A file the slot holds whole is searched by the ring's own thread, as
// soon as its read completes; only larger files, and files the ring could
// not open, go to the searchers.

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
	read    readDone // the whole file, once read
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
	r        *run
	entries  <-chan Entry
	depth    int
	bufSize  int
	maxRings int
	jobs     chan ringJob
	wg       sync.WaitGroup // the rings running
	grew     atomic.Bool
	cold     func(jobs <-chan ringJob) // called once the disk is the limit
	mu       sync.Mutex
	stats    UringStats
}

// UringStats count what the rings did, for --stats.
type UringStats struct {
	Rings     int
	Mode      string // setup flags the kernel took
	Depth     int    // files in flight allowed per ring
	MaxFlight int    // the most files in flight at once in one ring
	Submitted uint64 // operations submitted
	Enters    uint64 // io_uring_enter calls
	Waits     uint64 // of which waited for the disk
}

// startUring sets up a ring and starts it on entries; searchers read
// ringJobs from the returned engine's jobs channel, which is closed when
// every ring is done. cold is called once, from a ring, when the rings
// are seen waiting for the disk. It fails, leaving nothing running, when the kernel
// refuses io_uring.
//
// One ring starts; more, up to maxRings, start once it is seen waiting
// for the disk. Measured on two cores: with every file in the page cache
// one ring is fastest (Go tree, warm: 0.193 s with one ring, 0.217 s with
// two, 0.202 s with pread), as a second ring thread only takes CPU from
// the searchers; on a cold 7.5 GB tree two rings are 10% faster (16.2 s
// against 18.0 s), as each core then copies the pages its reads bring in.
func startUring(r *run, entries <-chan Entry, maxRings, depth, bufSize int, cold func(<-chan ringJob)) (*uringEngine, error) {
	g := &uringEngine{r: r, entries: entries, depth: depth, bufSize: bufSize, maxRings: maxRings,
		jobs: make(chan ringJob, maxRings*depth), cold: cold}
	g.stats.Depth = depth
	if err := g.startRing(); err != nil {
		return nil, err
	}
	go func() {
		g.wg.Wait()
		close(g.jobs)
	}()
	return g, nil
}

// startRing starts one more ring and waits until it is set up.
func (g *uringEngine) startRing() error {
	ready := make(chan error)
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		g.ringLoop(ready)
	}()
	err := <-ready
	if err == nil {
		g.mu.Lock()
		g.stats.Rings++
		g.mu.Unlock()
	}
	return err
}

// coldWaits is how many waits for the disk make the first ring start the
// others. Counted here: a warm search of the Go tree waits 4 to 15 times
// (a read that found a page locked), a cold one 2,000 times, 64 of them
// in its first few hundred files.
const coldWaits = 64

// GrowEnv names an environment variable that, set to 1, makes the rings
// and searchers a cold search uses start at once, so that tests on a warm
// page cache run that path too.
const GrowEnv = "URG_GROW_AT_ONCE"

var growNow = os.Getenv(GrowEnv) == "1"

// grow starts the other rings and calls cold, once, from a running ring
// (which keeps the WaitGroups above zero meanwhile).
func (g *uringEngine) grow() {
	if g.grew.Swap(true) {
		return
	}
	if g.cold != nil {
		g.cold(g.jobs)
	}
	go func() {
		for range g.maxRings - 1 {
			if g.startRing() != nil {
				return // fewer rings is still fine
			}
		}
	}()
}

// ringLoop owns one ring for its whole life, on one OS thread.
func (g *uringEngine) ringLoop(ready chan<- error) {
	entries := g.entries
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
	// Files read whole are searched on this thread, in the buffer the
	// kernel just filled: no hand-over to another goroutine, and the
	// bytes are still in this core's cache.
	searcher := search.New(g.r.cfg.Matcher, g.r.cfg.Search)
	var whole []int // slots read whole, to search

	// open starts a file in slot i.
	open := func(i int) {
		s := &slots[i]
		flags := unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NOCTTY
		if s.noatime {
			flags |= unix.O_NOATIME
		}
		fault.At("open", s.e.Path)
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
		if got := res; fault.Enabled {
			res = fault.Result(map[int]string{opOpen: "ring-open", opRead: "ring-read"}[op], s.e.Path, res)
			if op == opOpen && got >= 0 && res < 0 {
				unix.Close(int(got)) // the fault took the place of a descriptor
			}
		}
		switch {
		case op == opOpen && res == -int32(unix.EPERM) && s.noatime:
			s.noatime = false // O_NOATIME is for files we own
			open(i)
		case op == opOpen && (res == -int32(unix.EMFILE) || res == -int32(unix.ENFILE)):
			// Out of descriptors: let the searcher open it when some are back.
			files--
			g.handOff(slots, i, nil, release(i))
		case res == -int32(unix.EAGAIN) || res == -int32(unix.EINTR) || res == -int32(unix.ECANCELED):
			// Nothing wrong with the file: the searcher opens and reads
			// it again, with pread.
			files--
			if op == opRead {
				unix.Close(s.fd)
				s.fd = -1
			}
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
			fault.At("opened", s.e.Path)
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
			if n < len(s.buf) && s.e.ShortIsEOF {
				// The whole file is in: close it in the next batch, and
				// search it here.
				if ring.CloseFD(s.fd, userData(i, opClose)) == nil {
					inflight++
				} else {
					unix.Close(s.fd)
				}
				s.fd = -1
				s.read = readDone{data: s.buf[:n], fd: -1}
				whole = append(whole, i)
				return
			}
			// More to read: a searcher goes on from the descriptor.
			g.handOff(slots, i, &readDone{data: s.buf[:n], fd: s.fd}, release(i))
			s.fd = -1
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
			if inflight == 0 && len(whole) == 0 {
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
		if len(whole) > 0 {
			// Let the kernel go on with what is queued while this
			// thread searches.
			if ring.Pending() > 0 {
				if _, err := ring.Submit(0); err != nil && !errors.Is(err, unix.EBUSY) {
					g.r.report("io_uring", err)
				}
			}
			for _, i := range whole {
				g.r.searchFile(searcher, slots[i].e, &slots[i].read)
				slots[i].read = readDone{}
				free = append(free, i)
			}
			whole = whole[:0]
			continue // refill the slots before waiting
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
		if ring.Waits >= coldWaits || growNow {
			g.grow()
		}
		ring.Completions(complete)
	}
	g.mu.Lock()
	g.stats.MaxFlight = max(g.stats.MaxFlight, maxFiles)
	g.stats.Submitted += ring.Submitted
	g.stats.Enters += ring.Enters
	g.stats.Waits += ring.Waits
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
// whole, and a larger file goes on with pread from the searcher, which
// reads the rest of the file's first block (search.DefaultBufSize) before
// it searches any of it, so that binary data is decided as under the
// other engines. Measured
// on the Go tree (warm): 64 KiB slots beat 256 KiB ones, whose 32 MiB of
// buffers fall out of the CPU caches.
const ringBufSize = 64 << 10
