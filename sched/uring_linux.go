package sched

import (
	"errors"
	"io"
	"slices"
	"sync"
	"sync/atomic"

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
	stream  *stream // the large file this slot reads a chunk of, or nil
	off     int64   // the chunk's offset in that file
}

// raMax bounds the chunks of one large file that are read ahead: in flight,
// waiting to be delivered in order, or waiting for the searcher.
const raMax = 4

// stream is a file larger than a slot, read chunk by chunk through the ring
// and delivered in file order to the one searcher that searches it.
type stream struct {
	fd          int
	ch          chan chunk // to the searcher; room for raMax+1
	cancel      atomic.Bool
	nextOff     int64 // offset of the next read to issue
	deliverOff  int64 // offset of the next chunk to deliver
	eofAt       int64 // where the file ends, once a short read said so
	eofKnown    bool
	reads       int            // reads in flight
	outstanding int            // slots the stream holds
	pending     map[int64]done // completed, not yet delivered
}

// done is a completed read: its slot and result.
type done struct {
	slot int
	res  int32
}

// chunk is a piece of a large file for its searcher; slot goes back with
// releaseSlot once its bytes are used.
type chunk struct {
	data []byte
	slot int
	err  error
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

	// Jobs wait in the outbox until a searcher takes them: the ring never
	// blocks on a searcher, which may itself be waiting for the ring to
	// deliver the next chunk of a large file.
	var outbox []ringJob
	send := func(j ringJob) { outbox = append(outbox, j) }
	handOff := func(i int, rd *readDone, release func()) {
		send(ringJob{e: slots[i].e, rd: rd, release: release})
	}
	// next is the channel and job to offer in a select; a nil channel
	// offers nothing.
	next := func() (chan<- ringJob, ringJob) {
		if len(outbox) == 0 {
			return nil, ringJob{}
		}
		return g.jobs, outbox[0]
	}
	sent := func() { outbox[0] = ringJob{}; outbox = outbox[1:] }
	flush := func() {
		for len(outbox) > 0 {
			select {
			case g.jobs <- outbox[0]:
				sent()
			default:
				return
			}
		}
	}
	// New files leave reserve slots free, so that the large file being
	// streamed (one per ring at a time) can always read on.
	reserve := min(raMax, g.depth-1)

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
			handOff(i, &readDone{fd: -1, err: err}, release(i))
			return
		}
		inflight++
	}
	var streams []*stream
	releaseSlot := func(i int) { freed <- i }
	// takeBack returns a slot to the free list.
	takeBack := func(i int) {
		if st := slots[i].stream; st != nil {
			st.outstanding--
			slots[i].stream = nil
		}
		free = append(free, i)
	}
	// feed issues read-ahead for a stream, within its bound and the free
	// slots.
	feed := func(st *stream) {
		for !st.cancel.Load() && !st.eofKnown && st.outstanding < raMax && len(free) > 0 {
			i := free[len(free)-1]
			if ring.ReadFixed(st.fd, slots[i].buf, i, uint64(st.nextOff), userData(i, opRead)) != nil {
				return
			}
			free = free[:len(free)-1]
			slots[i].stream, slots[i].off = st, st.nextOff
			st.nextOff += int64(g.bufSize)
			st.outstanding++
			st.reads++
			inflight++
		}
	}
	// settle delivers a stream's completed chunks in order and ends the
	// stream once nothing of it is in flight after its end or a cancel.
	settle := func(st *stream) {
		for {
			d, ok := st.pending[st.deliverOff]
			if !ok {
				break
			}
			delete(st.pending, st.deliverOff)
			switch {
			case st.cancel.Load() || st.eofKnown && st.deliverOff >= st.eofAt:
				slots[d.slot].stream = nil
				st.outstanding--
				free = append(free, d.slot)
			case d.res < 0:
				st.ch <- chunk{slot: d.slot, err: unix.Errno(-d.res)}
			default:
				st.ch <- chunk{data: slots[d.slot].buf[:d.res], slot: d.slot}
			}
			st.deliverOff += int64(g.bufSize)
		}
		if st.reads > 0 || !(st.eofKnown || st.cancel.Load()) {
			return
		}
		for off, d := range st.pending { // cancelled: drop what is left
			delete(st.pending, off)
			slots[d.slot].stream = nil
			st.outstanding--
			free = append(free, d.slot)
		}
		close(st.ch)
		if ring.CloseFD(st.fd, userData(0, opClose)) == nil {
			inflight++
		} else {
			unix.Close(st.fd)
		}
		for k, o := range streams {
			if o == st {
				streams = append(streams[:k], streams[k+1:]...)
				break
			}
		}
	}
	complete := func(u uint64, res int32) {
		inflight--
		i, op := splitUserData(u)
		if op == opClose {
			return
		}
		if st := slots[i].stream; st != nil {
			st.reads--
			if res < int32(g.bufSize) && !st.eofKnown {
				st.eofKnown, st.eofAt = true, slots[i].off+int64(max(res, 0))
			}
			st.pending[slots[i].off] = done{i, res}
			settle(st)
			feed(st)
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
			handOff(i, nil, release(i))
		case res < 0:
			files--
			handOff(i, &readDone{fd: -1, err: unix.Errno(-res)}, release(i))
		case op == opOpen:
			s.fd = int(res)
			if err := ring.ReadFixed(s.fd, s.buf, i, 0, userData(i, opRead)); err != nil {
				unix.Close(s.fd)
				files--
				handOff(i, &readDone{fd: -1, err: err}, release(i))
				return
			}
			inflight++
		case op == opRead && int(res) == len(s.buf) && s.e.ShortIsEOF && len(streams) == 0:
			// A file larger than a slot: read the rest ahead through the
			// ring, in chunks its searcher takes in order.
			files--
			st := &stream{fd: s.fd, ch: make(chan chunk, raMax+1), nextOff: int64(res),
				deliverOff: int64(res), outstanding: 1, pending: map[int64]done{}}
			s.stream, s.fd = st, -1
			st.ch <- chunk{data: s.buf, slot: i}
			streams = append(streams, st)
			send(ringJob{e: s.e, rd: &readDone{fd: -1, stream: st, releaseSlot: releaseSlot}})
			feed(st)
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
			handOff(i, rd, release(i))
		}
	}

top:
	for {
		// Take back slots the searchers are done with.
		for drained := false; !drained; {
			select {
			case i := <-freed:
				takeBack(i)
			default:
				drained = true
			}
		}
		for _, st := range slices.Clone(streams) { // settle may end one
			if st.cancel.Load() {
				settle(st)
			}
			feed(st)
		}
		flush()
		// Start new files while there are slots; wait for something only
		// when the kernel has nothing of ours to complete.
		for len(free) > reserve && inputOpen && len(outbox) < g.depth {
			var e Entry
			var ok, got bool
			if inflight == 0 && ring.Pending() == 0 {
				out, job := next()
				select {
				case e, ok = <-entries:
					got = true
				case i := <-freed:
					takeBack(i)
					continue top // a stream may need this slot more than a new file
				case out <- job:
					sent()
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
				send(ringJob{e: e})
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
			if !inputOpen && len(free) == g.depth && len(outbox) == 0 {
				break // all done, every slot back
			}
			out, job := next()
			select {
			case i := <-freed:
				takeBack(i)
			case out <- job:
				sent()
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

// ringBufSize is the size of one slot's buffer: most source files fit
// whole, and a larger file is read on in chunks of this size (or, while
// the ring already streams another, with pread from its searcher). Measured
// on the Go tree (warm): 64 KiB slots beat 256 KiB ones, whose 32 MiB of
// buffers fall out of the CPU caches.
const ringBufSize = 64 << 10

// chunkReader reads a stream's chunks in order for its searcher, giving each
// slot back once its bytes are copied out.
type chunkReader struct {
	st      *stream
	release func(int)
	cur     chunk
	pos     int
	held    bool
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for !c.held || c.pos == len(c.cur.data) {
		if c.held {
			c.release(c.cur.slot)
			c.held = false
		}
		next, ok := <-c.st.ch
		if !ok {
			return 0, io.EOF
		}
		c.cur, c.pos, c.held = next, 0, true
		if next.err != nil {
			return 0, next.err
		}
	}
	n := copy(p, c.cur.data[c.pos:])
	c.pos += n
	return n, nil
}

// drain gives back every chunk the searcher did not use (it stopped early
// or failed) and tells the ring to read no further.
func (c *chunkReader) drain() {
	c.st.cancel.Store(true)
	if c.held {
		c.release(c.cur.slot)
		c.held = false
	}
	for next := range c.st.ch {
		c.release(next.slot)
	}
}

// streamReader returns the reader of a stream and its drain function.
func streamReader(rd *readDone) (io.Reader, func()) {
	c := &chunkReader{st: rd.stream, release: rd.releaseSlot}
	return c, c.drain
}
