package sched

import (
	"errors"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"urg/internal/fault"
	"urg/osfile"
	"urg/uring"
	"urg/walk"
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
// soon as its read completes, in the buffer the kernel just filled: no
// hand-over to another goroutine, and the bytes are still in this core's
// cache. Only larger files, and files the ring could not open, go to the
// searchers.
//
// One ring starts; more, up to one per thread, start once it is seen
// waiting for the disk. With every file in the page cache a second ring
// thread only takes CPU from the searchers; on a cold tree each ring's
// core copies the pages its reads bring in, and more rings are faster
// (see docs/decisions.md#startrings-one-ring-more-once-it-waits-for-the-disk-schedring_linuxgo-was-starturing-in-scheduring_linuxgo).

// ringBufSize is the size of one slot's buffer: most source files fit
// whole, and a larger file goes on with pread from the searcher, which
// reads the rest of the file's first block (search.DefaultBufSize) before
// it searches any of it, so that binary data is decided as under the
// other engines. Larger slots measured slower warm: the buffers of all
// the slots then fall out of the CPU caches (see docs/decisions.md#ringbufsize-64-kib-slots-schedring_linuxgo-was-scheduring_linuxgo).
const ringBufSize = 64 << 10

// coldWaits is how many waits for the disk make the first ring start the
// others: a warm search waits a few times (a read that found a page
// locked), a cold one from its first few hundred files on (counts in
// docs/decisions.md#coldwaits-64-waits-for-the-disk-start-the-other-rings-schedring_linuxgo-was-scheduring_linuxgo).
const coldWaits = 64

// ringReq is a file for a ring to read; fd is the file open already (by
// the non-blocking path, whose read would have blocked), or -1.
type ringReq struct {
	f  walk.File
	fd int
}

// ringJob is a file the ring hands to a searcher.
type ringJob struct {
	f       walk.File
	rd      *readDone // nil: the searcher reads the file itself
	release func()    // gives the slot back; nil when there is none
}

// slot is the state of one file in flight.
type slot struct {
	path    []byte // NUL-terminated, in the arena
	buf     []byte // in the arena, outside the Go heap
	f       walk.File
	fd      int
	noatime bool
	read    readDone // the whole file, once read
	// dontcache says the read in flight asks for RWF_DONTCACHE; advise,
	// that it does not, since the flag was refused, and the file's pages
	// are dropped with fadvise once read.
	dontcache, advise bool
	sent              int64 // when the operation in flight was prepared (--stats)
}

// user_data of a completion: the slot number and the operation.
const (
	opOpen = iota + 1
	opRead
	opClose
)

// userData is the user_data of operation op on slot i. A close is still
// in flight when its slot takes the next file, so it carries the time it
// was prepared in place of the slot (closeUserData).
func userData(i, op int) uint64         { return uint64(i)<<8 | uint64(op) }
func splitUserData(u uint64) (int, int) { return int(u >> 8), int(u & 0xff) }

// rings are the rings of one search.
type rings struct {
	r     *run
	in    <-chan ringReq
	walk  <-chan walk.File // the walk's queue, when in is not it
	depth int
	jobs  chan ringJob
	wg    sync.WaitGroup // the rings running
	grew  atomic.Bool
	cold  func(jobs <-chan ringJob) // called once the disk is the limit
	mu    sync.Mutex
	stats UringStats
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

// startRings sets up a ring and starts it on the files of in; searchers
// read ringJobs from jobs, which is closed when every ring is done. cold
// is called once, from a ring, when the rings are seen waiting for the
// disk. It fails, leaving nothing running, when the kernel refuses
// io_uring.
func startRings(r *run, in <-chan ringReq, jobs chan ringJob, cold func(<-chan ringJob)) (*rings, error) {
	if r.knobs.ringRefused != nil {
		return nil, r.knobs.ringRefused
	}
	depth := r.cfg.QueueDepth
	g := &rings{r: r, in: in, walk: r.walkFiles, depth: depth, jobs: jobs, cold: cold}
	g.stats.Depth = depth
	if err := g.start(); err != nil {
		return nil, err
	}
	go func() {
		g.wg.Wait()
		close(g.jobs)
	}()
	return g, nil
}

// start starts one more ring and waits until it is set up.
func (g *rings) start() error {
	ready := make(chan error)
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		rg, err := g.newRing()
		ready <- err
		if err != nil {
			return
		}
		rg.run()
		rg.close()
	}()
	err := <-ready
	if err == nil {
		g.mu.Lock()
		g.stats.Rings++
		g.mu.Unlock()
	}
	return err
}

// waiting says the rings have been seen waiting for the disk (and grew).
func (g *rings) waiting() bool { return g.grew.Load() }

// grow starts the other rings and calls cold, once, from a running ring
// (which keeps the WaitGroups above zero meanwhile).
func (g *rings) grow() {
	if g.grew.Swap(true) {
		return
	}
	if g.cold != nil {
		g.cold(g.jobs)
	}
	go func() {
		for range g.r.ringThreads() - 1 {
			if g.start() != nil {
				return // fewer rings is still fine
			}
		}
	}()
}

// ring is one io_uring and the files it has in flight. Its goroutine owns
// it for its whole life, locked to one OS thread; only that goroutine
// changes its state, in the completion loop.
type ring struct {
	g     *rings
	u     *uring.Ring
	arena *uring.Arena
	slots []slot
	free  []int    // slots holding no file
	freed chan int // slots coming back from searchers
	whole []int    // slots read whole, to search here
	w     *reader  // searches the whole files, on this thread
	// inflight counts operations in the kernel, files the files between
	// their open and the end of their read.
	inflight, files, maxFiles int
	inputOpen                 bool // more files may come
	// walkIn is the walk's queue, which the ring also takes files from
	// once the disk is seen to be the limit; nil under EngineUring
	// (where in is the walk) and once the walk is done.
	walkIn <-chan walk.File
	plain  walk.Plain // asks a file the walk did not look at, once open
}

// newRing sets up a ring and its slots on the calling goroutine, which it
// locks to its OS thread.
//
// The slots' buffers are not registered with the kernel: registering
// pins and faults in every page of every slot at once, which costs more
// than the rest of the ring's setup, while a buffered read copies into
// plain user memory as cheaply. See docs/decisions.md#newring-the-slots-buffers-not-registered-schedring_linuxgo.
// They are asked for in huge pages: in 4 KiB pages, the kernel's first
// copy into each page of each slot was a page fault of its own, half
// of all a cold search took.
func (g *rings) newRing() (*ring, error) {
	u, err := uring.New(uint32(2 * g.depth))
	if err != nil {
		return nil, err
	}
	// The kernel's workers serve the operations that would block
	// (opens that must read a directory; any operation on storage
	// without non-blocking reads, such as FUSE and many network file
	// systems): as many as the ring keeps files in flight, so that its
	// depth is what reaches the storage.
	_ = u.MaxWorkers(uint32(g.depth), 0)
	arena, err := uring.NewHugeArena(g.depth * (pathMax + ringBufSize))
	if err != nil {
		u.Close()
		return nil, err
	}
	rg := &ring{g: g, u: u, arena: arena, slots: make([]slot, g.depth), free: make([]int, 0, g.depth),
		freed: make(chan int, g.depth), w: g.r.newReader(), inputOpen: true, walkIn: g.walk}
	for i := range rg.slots {
		buf, _ := arena.Alloc(ringBufSize, 4096)
		path, _ := arena.Alloc(pathMax, 1)
		rg.slots[i] = slot{path: path, buf: buf, fd: -1}
		rg.free = append(rg.free, i)
	}
	g.mu.Lock()
	g.stats.Mode = u.Mode()
	g.mu.Unlock()
	return rg, nil
}

// close frees the ring and adds what it did to the stats.
func (rg *ring) close() {
	g := rg.g
	g.mu.Lock()
	g.stats.MaxFlight = max(g.stats.MaxFlight, rg.maxFiles)
	g.stats.Submitted += rg.u.Submitted
	g.stats.Enters += rg.u.Enters
	g.stats.Waits += rg.u.Waits
	g.mu.Unlock()
	rg.w.done()
	rg.u.Close()
	rg.arena.Free()
}

// run is the ring's loop: take slots back, start files in the free ones,
// search what was read whole, and wait for completions only when there
// is nothing else to do; it ends once the input is closed and every slot
// is back.
func (rg *ring) run() {
	for {
		rg.takeBack()
		rg.fill()
		if len(rg.whole) > 0 {
			rg.searchWhole()
			continue // refill the slots before waiting
		}
		if rg.inflight == 0 && rg.u.Pending() == 0 {
			if !rg.inputOpen && len(rg.free) == rg.g.depth {
				return // all done, every slot back
			}
			if !rg.inputOpen || len(rg.free) == 0 {
				rg.free = append(rg.free, <-rg.freed)
			}
			continue
		}
		rg.submit(1)
		if rg.u.Waits >= coldWaits || rg.g.r.knobs.growAtOnce {
			rg.g.grow()
		}
		if lat := rg.w.lat; lat != nil {
			lat.Flight.Record(uint64(rg.inflight))
		}
		rg.u.Completions(rg.complete)
	}
}

// takeBack takes back the slots the searchers are done with.
func (rg *ring) takeBack() {
	for {
		select {
		case i := <-rg.freed:
			rg.free = append(rg.free, i)
		default:
			return
		}
	}
}

// fill starts new files while there are free slots; it waits for one
// only when the kernel has nothing of this ring's to complete.
func (rg *ring) fill() {
	for len(rg.free) > 0 && rg.inputOpen {
		// Once the rings are seen waiting for the disk, they also take
		// files from the walk themselves, untried: the tree is cold,
		// and trying each file without blocking first would only add a
		// hand-over.
		var walkIn <-chan walk.File
		if rg.g.grew.Load() {
			walkIn = rg.walkIn
		}
		var q ringReq
		var ok, fromWalk bool
		if rg.inflight == 0 && len(rg.whole) == 0 {
			select {
			case q, ok = <-rg.g.in:
			case q.f, ok = <-walkIn:
				fromWalk = true
			case i := <-rg.freed:
				rg.free = append(rg.free, i)
				continue
			}
		} else {
			select {
			case q, ok = <-rg.g.in:
			case q.f, ok = <-walkIn:
				fromWalk = true
			default:
				return // nothing waiting: go and collect completions
			}
		}
		if fromWalk {
			if !ok {
				rg.walkIn = nil // the walk is done; in goes on
				continue
			}
			q.fd = -1
		}
		if !ok {
			rg.inputOpen = false
			return
		}
		if !ringable(q.f, rg.g.r.cfg.MinLen) {
			rg.g.jobs <- ringJob{f: q.f}
			continue
		}
		i := rg.free[len(rg.free)-1]
		rg.free = rg.free[:len(rg.free)-1]
		rg.slots[i].f, rg.slots[i].noatime = q.f, true
		rg.files++
		rg.maxFiles = max(rg.maxFiles, rg.files)
		if q.fd >= 0 {
			rg.slots[i].fd = q.fd
			rg.readFrom(i)
			continue
		}
		rg.open(i)
	}
}

// searchWhole searches the files read whole, on this thread, letting the
// kernel go on meanwhile with what is queued.
func (rg *ring) searchWhole() {
	if rg.u.Pending() > 0 {
		rg.submit(0)
	}
	for _, i := range rg.whole {
		rg.w.searchFile(rg.slots[i].f, &rg.slots[i].read)
		rg.slots[i].read = readDone{}
		rg.free = append(rg.free, i)
	}
	rg.whole = rg.whole[:0]
}

// submit hands the queued operations to the kernel, waiting for wait
// completions.
func (rg *ring) submit(wait uint32) {
	if _, err := rg.u.Submit(wait); err != nil && !errors.Is(err, unix.EBUSY) {
		rg.g.r.report("io_uring", err)
	}
}

// open starts the file in slot i.
func (rg *ring) open(i int) {
	s := &rg.slots[i]
	flags := unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NOCTTY
	if s.noatime {
		flags |= unix.O_NOATIME
	}
	rg.g.r.knobs.faults.At("open", s.f.Path)
	copy(s.path, s.f.Path)
	s.path[len(s.f.Path)] = 0
	if err := rg.u.Openat(s.path[:len(s.f.Path)+1], flags, userData(i, opOpen)); err != nil {
		rg.handOff(i, &readDone{fd: -1, err: err})
		return
	}
	rg.sent(s)
	rg.inflight++
}

// sent notes when slot s's operation was prepared, when the run times
// its I/O.
func (rg *ring) sent(s *slot) {
	if rg.w.lat != nil {
		s.sent = rg.g.r.lat.now()
	}
}

// timed records the latency of a completed operation of kind op: from
// sent, or for a close from the time its user_data carries.
func (rg *ring) timed(op int, u uint64, sent int64) {
	lat := rg.w.lat
	if lat == nil {
		return
	}
	kind := OpOpenat
	switch op {
	case opRead:
		kind = OpRead
	case opClose:
		kind, sent = OpClose, int64(u>>8)
	}
	lat.Ops[kind].Record(uint64(max(0, rg.g.r.lat.now()-sent)))
}

// closeUserData is the user_data of a close: the time it is prepared,
// when the run times its I/O.
func (rg *ring) closeUserData() uint64 {
	if rg.w.lat == nil {
		return opClose
	}
	return uint64(rg.g.r.lat.now())<<8 | opClose
}

// complete takes the completion of an operation, the only place a slot
// moves on: an open is followed by the read, a read by the search, an
// error by a hand-off to a searcher that reports it or tries again.
func (rg *ring) complete(u uint64, res int32) {
	rg.inflight--
	i, op := splitUserData(u)
	if op == opClose {
		rg.timed(op, u, 0)
		return
	}
	s := &rg.slots[i]
	rg.timed(op, u, s.sent)
	if got := res; fault.Enabled {
		res = rg.g.r.knobs.faults.Result(map[int]string{opOpen: "ring-open", opRead: "ring-read"}[op], s.f.Path, res)
		if op == opOpen && got >= 0 && res < 0 {
			unix.Close(int(got)) // the fault took the place of a descriptor
		}
		if op == opRead && s.dontcache {
			res = rg.g.r.knobs.faults.Result("dontcache", s.f.Path, res)
		}
	}
	switch {
	case op == opRead && s.dontcache && (res == -int32(unix.EOPNOTSUPP) || res == -int32(unix.EINVAL)):
		// The file system (or the kernel) takes no RWF_DONTCACHE: read
		// it again plainly, and drop its pages with fadvise; from now on
		// for every file where this one is a regular file on a disk file
		// system (osfile.File.refused says why not the others).
		if s.f.ShortIsEOF {
			rg.g.r.uncached.Refuse()
		}
		rg.readPlain(i)
	case op == opOpen && res == -int32(unix.EPERM) && s.noatime:
		s.noatime = false // O_NOATIME is for files we own
		rg.open(i)
	case op == opOpen && (res == -int32(unix.EMFILE) || res == -int32(unix.ENFILE)):
		// Out of descriptors: let the searcher open it when some are back.
		rg.files--
		rg.handOff(i, nil)
	case res == -int32(unix.EAGAIN) || res == -int32(unix.EINTR) || res == -int32(unix.ECANCELED):
		// Nothing wrong with the file: the searcher opens and reads
		// it again, with pread.
		rg.files--
		if op == opRead {
			unix.Close(s.fd)
			s.fd = -1
		}
		rg.handOff(i, nil)
	case res < 0:
		rg.files--
		if op == opRead {
			unix.Close(s.fd) // a failed read leaves the file open
			s.fd = -1
		}
		rg.handOff(i, &readDone{fd: -1, err: unix.Errno(-res)})
	case op == opOpen:
		rg.opened(i, int(res))
	case op == opRead:
		rg.files--
		rg.read(i, int(res))
	}
}

// opened starts the read of slot i's file, open as fd. A file the walk
// yielded without looking at it, one named in a list of files, is asked
// now: most often a regular file on a disk, it is then read as the
// walk's are (a short read its end, not the kernel's workers' read and a
// searcher's pread on to an empty one). The walk's own files are not
// asked: it knows them, and on FUSE an fstat may be a round trip.
func (rg *ring) opened(i, fd int) {
	s := &rg.slots[i]
	s.fd = fd
	r := rg.g.r
	if s.f.Unlooked && !s.f.ShortIsEOF && !r.knobs.faults.Is("not-eof", s.f.Path) {
		if size, ok := rg.plain.FD(fd); ok {
			s.f.ShortIsEOF, s.f.Size = true, size
		}
	}
	r.knobs.faults.At("opened", s.f.Path)
	rg.readFrom(i)
}

// readFrom submits the read of slot i's file, open as its fd.
// Under a policy that leaves no pages cached the read asks for
// RWF_DONTCACHE, or, once the flag was refused, the pages are dropped
// once read.
func (rg *ring) readFrom(i int) {
	s := &rg.slots[i]
	r := rg.g.r
	drop := r.dropping(s.f.Size)
	rg.read1(i, drop && !r.uncached.Refused(), drop && r.uncached.Refused())
}

// readPlain submits the read of slot i's file again, without the
// RWF_DONTCACHE its file system refused, dropping its pages once read.
func (rg *ring) readPlain(i int) { rg.read1(i, false, true) }

// read1 submits the read of slot i's file, with RWF_DONTCACHE or with its
// pages dropped once read (advise) as asked.
func (rg *ring) read1(i int, dontcache, advise bool) {
	s := &rg.slots[i]
	s.dontcache, s.advise = dontcache, advise
	var flags uint32
	if s.dontcache {
		flags = osfile.RWFDontcache
	}
	// A file whose short reads do not tell its end is on FUSE or a
	// procfs-like file system: its read goes to the kernel's workers at
	// once (see uring.Ring.ReadFlags).
	if err := rg.u.ReadFlags(s.fd, s.buf, 0, flags, !s.f.ShortIsEOF, userData(i, opRead)); err != nil {
		unix.Close(s.fd)
		rg.files--
		rg.handOff(i, &readDone{fd: -1, err: err})
		return
	}
	rg.sent(s)
	rg.inflight++
}

// read takes the n bytes read of slot i's file: a file read whole is
// closed in the next batch and searched here; a longer one goes to a
// searcher, which reads on from its descriptor.
func (rg *ring) read(i, n int) {
	s := &rg.slots[i]
	if n < len(s.buf) && s.f.ShortIsEOF {
		if s.dontcache || s.advise {
			rg.g.r.stats.Cache.Uncached.Add(1)
		}
		if s.advise {
			rg.g.r.stats.Cache.Advised.Add(1)
			osfile.DropCached(s.fd)
		}
		if rg.u.CloseFD(s.fd, rg.closeUserData()) == nil {
			rg.inflight++
		} else {
			unix.Close(s.fd)
		}
		s.fd = -1
		s.read = readDone{data: s.buf[:n], fd: -1}
		rg.whole = append(rg.whole, i)
		return
	}
	rg.handOff(i, &readDone{data: s.buf[:n], fd: s.fd})
	s.fd = -1
}

// handOff gives slot i's file to a searcher, which gives the slot back
// when done.
func (rg *ring) handOff(i int, rd *readDone) {
	rg.g.jobs <- ringJob{f: rg.slots[i].f, rd: rd, release: func() { rg.freed <- i }}
}
