package sched

import (
	"runtime"

	"urg/osfile"
	"urg/walk"
)

// startReaders starts the goroutines that read and search the files, as
// the engine says, and returns how the walk hands them a file (send) and
// how it says there are no more (end, which returns once every file is
// searched).
//
//   - EngineUring: the rings read every file; searchers take what they
//     hand on.
//   - EngineAuto, EngineDirect: one reader per thread tries each file
//     without blocking (reader.take) and searches it at once when the
//     caches hold it; a file that would wait for the disk goes to the
//     rings, started at the first such file, and the readers also
//     search what the rings hand on. Warm, nothing pays for a ring;
//     cold, the disk's queue stays full as under EngineUring.
//   - EnginePread, EngineMmap: one reader per thread reads its files
//     itself.
func (r *run) startReaders() (send func(walk.File), end func(), err error) {
	switch {
	case r.cfg.Engine == EngineUring:
		in := make(chan ringReq, queueLen)
		rs, err := startRings(r, in, r.jobs, r.cold)
		if err != nil {
			return nil, nil, err
		}
		r.rings.Store(rs)
		r.stats.Threads.Add(int64(r.ringThreads()))
		for range r.ringThreads() {
			r.searchFrom(r.jobs)
		}
		return func(f walk.File) { in <- ringReq{f: f, fd: osfile.NoHandle} }, func() { close(in); r.readers.Wait() }, nil
	case r.nowait.Load():
		files := make(chan walk.File, queueLen)
		r.walkFiles = files
		r.blocked = make(chan ringReq, r.ringThreads()*r.cfg.QueueDepth)
		r.walking.Store(int32(r.ringThreads()))
		r.serveWalk(r.ringThreads())
		if r.knobs.ringRefused != nil {
			r.ringOnce.Do(func() { r.ringRefused(r.knobs.ringRefused) })
		}
		return func(f walk.File) { files <- f }, func() { close(files); r.readers.Wait() }, nil
	}
	files := make(chan walk.File, queueLen)
	r.stats.Threads.Add(int64(r.cfg.Threads))
	for range r.cfg.Threads {
		r.readers.Add(1)
		go func() {
			defer r.readers.Done()
			w := r.newReader()
			defer w.done()
			for f := range files {
				w.searchFile(f, nil)
				refill(files)
			}
		}()
	}
	return func(f walk.File) { files <- f }, func() { close(files); r.readers.Wait() }, nil
}

// serveWalk starts n readers of a run that tries files without blocking
// on the walk's files; walking counts them already.
func (r *run) serveWalk(n int) {
	r.stats.Threads.Add(int64(n))
	for range n {
		r.readers.Add(1)
		go func() {
			defer r.readers.Done()
			w := r.newReader()
			defer w.done()
			w.serve(r.walkFiles)
		}()
	}
}

// ringRefused records that no ring will start, for reason err. From then
// on a file that would wait for the disk is read by its reader, blocking
// its thread: the readers the cores capped (ringThreads) start, up to the
// threads asked, so that as many reads are in flight as without a ring.
func (r *run) ringRefused(err error) {
	r.ringErr = err
	if more := r.cfg.Threads - r.ringThreads(); more > 0 {
		// Called by a reader still taking the walk's files, or before
		// any: walking is above zero, and the walk's channel open.
		r.walking.Add(int32(more))
		r.serveWalk(more)
	}
}

// refill lets the walkers refill the queue of files once it runs low. The
// walkers a reader's receives woke wait on its core until it blocks,
// which, with files queued, it does not: without a turn now they would
// get one only once the queue ran dry and every reader stopped.
func refill(files <-chan walk.File) {
	if len(files) < cap(files)/4 {
		runtime.Gosched()
	}
}

// searchFrom starts a searcher of what the rings hand on.
func (r *run) searchFrom(jobs <-chan ringJob) {
	r.readers.Add(1)
	go func() {
		defer r.readers.Done()
		w := r.newReader()
		defer w.done()
		for j := range jobs {
			w.job(j)
		}
	}()
}

// cold starts more searchers of what the rings hand on, once the rings
// are seen waiting for the disk, so that more of the large files' reads
// are in flight; warm, they would only cost.
func (r *run) cold(jobs <-chan ringJob) {
	for range coldSearchers * r.ringThreads() {
		r.searchFrom(jobs)
	}
}

// ringFor is the rings of a run that tries files without blocking,
// started the first time a file would block; nil when io_uring is refused
// (ringErr says why).
func (r *run) ringFor() *rings {
	r.ringOnce.Do(func() {
		rs, err := startRings(r, r.blocked, r.jobs, r.cold)
		if err != nil {
			r.ringRefused(err)
			return
		}
		r.rings.Store(rs)
	})
	return r.rings.Load()
}

// walkDone is called by each reader when the walk has no more files for
// it. After the last, no file can go to the rings: they are told so, and
// when none started, nothing will hand the searchers a job.
func (r *run) walkDone() {
	if r.walking.Add(-1) > 0 {
		return
	}
	close(r.blocked)
	r.ringOnce.Do(func() {}) // from now on, no ring starts
	if r.rings.Load() == nil {
		close(r.jobs)
	}
}

// serve is a reader of a run that tries files without blocking: it takes
// files from the walk and jobs from the rings, whichever comes, until
// both are done.
func (w *reader) serve(files <-chan walk.File) {
	r := w.r
	jobs := r.jobs
	file := func(f walk.File, ok bool) {
		if !ok {
			// The batch's last files before the walk says it is
			// done: after, no file may go to the rings.
			w.flush()
			files = nil
			r.walkDone()
			return
		}
		w.offer(f)
		refill(files)
	}
	job := func(j ringJob, ok bool) {
		if !ok {
			jobs = nil
			return
		}
		w.job(j)
	}
	for files != nil || jobs != nil {
		// A receive that does not wait costs far less than a select,
		// which locks both channels: one per file added up on a warm
		// tree. The rings' jobs are asked first, since their slots hold
		// the rings back while they wait (and a nil channel is never
		// ready).
		select {
		case j, ok := <-jobs:
			job(j, ok)
			continue
		default:
		}
		select {
		case f, ok := <-files:
			file(f, ok)
			continue
		default:
		}
		// Nothing is ready: what the batch holds is tried before
		// waiting.
		if w.batch != nil && len(w.batch.files) > 0 {
			w.flush()
			continue
		}
		select {
		case f, ok := <-files:
			file(f, ok)
		case j, ok := <-jobs:
			job(j, ok)
		}
	}
}

// offer takes file f as take does, or queues it in the reader's batch,
// which it tries once full.
func (w *reader) offer(f walk.File) {
	if !w.batchable(f) {
		w.take(f)
		return
	}
	w.batch.files = append(w.batch.files, f)
	if len(w.batch.files) == cap(w.batch.files) {
		w.flush()
	}
}

// batchable reports whether f may go in the reader's batch, which it
// makes at the first such file: a file take would try without blocking,
// while the rings do not wait for the disk.
func (w *reader) batchable(f walk.File) bool {
	r := w.r
	if w.noBatch || r.knobs.ringRefused != nil || !f.ShortIsEOF || !r.nowait.Load() || !ringable(f, r.cfg.MinLen) {
		return false
	}
	if rs := r.rings.Load(); rs != nil && rs.waiting() {
		return false
	}
	if w.batch == nil {
		b, err := newBatch()
		if err != nil {
			w.noBatch = true
			return false
		}
		w.batch = b
	}
	return true
}

// job searches what a ring handed on and gives its slot back.
func (w *reader) job(j ringJob) {
	w.searchFile(j.f, j.rd)
	if j.release != nil {
		j.release()
	}
}

// take searches file f now if the caches hold it, else hands it to the
// rings. Files no ring takes (standard input, a path too long, a file too
// short to match) are read as the pread engine reads them.
func (w *reader) take(f walk.File) {
	r := w.r
	if !ringable(f, r.cfg.MinLen) {
		w.searchFile(f, nil)
		return
	}
	if !r.nowait.Load() || !f.ShortIsEOF {
		// No non-blocking path for it: the kernel has none, or the file
		// is on a file system whose short reads do not tell its end
		// (FUSE, /proc), where a read of the page cache cannot say it
		// read the file whole. The ring reads it, so that slow storage
		// still has the ring's depth of reads in flight, and a searcher
		// reads on to the end.
		w.toRing(f, osfile.NoHandle)
		return
	}
	if rs := r.rings.Load(); rs != nil && rs.waiting() && w.untried < coldTries {
		// The rings wait for the disk: the tree is cold, and trying
		// each file first would only cost a system call. One file in
		// coldTries+1 is still tried, so that a part of the tree that
		// is cached is found.
		w.untried++
		w.toRing(f, osfile.NoHandle)
		return
	}
	w.untried = 0
	var t0 int64
	if w.lat != nil {
		t0 = r.lat.now()
	}
	rd, blocked, fd := w.probe(f)
	if w.lat != nil {
		w.lat.Ops[OpNowait].Record(uint64(r.lat.now() - t0))
	}
	switch {
	case blocked:
		w.toRing(f, fd)
	default:
		w.searchFile(f, rd)
	}
}

// probe opens and reads f without blocking, into the reader's head
// buffer. It returns what it read (nil: read f the blocking way, as when
// the kernel has no non-blocking path or the open failed, which the
// blocking open then reports), or blocked when f would wait for the disk,
// with its handle when it was opened (else osfile.NoHandle).
func (w *reader) probe(f walk.File) (rd *readDone, blocked bool, fd osfile.Handle) {
	r := w.r
	w.at("open", f.Path)
	fd, err := w.cached.Open(f.Path)
	if err == nil && r.knobs.faults.Result("nowait-open", f.Path, 0) < 0 {
		osfile.CloseHandle(fd)
		err = osfile.ErrWouldBlock
	}
	switch err {
	case nil:
	case osfile.ErrWouldBlock:
		return nil, true, osfile.NoHandle
	case osfile.ErrNoNowait:
		r.nowait.Store(false)
		return nil, false, osfile.NoHandle
	default:
		return nil, false, osfile.NoHandle
	}
	w.at("opened", f.Path)
	uncached := r.dropping(f.Size) && !r.uncached.Refused()
	n, whole, err := w.cached.Read(fd, w.headBuf(), uncached)
	if err == osfile.ErrDontcacheRefused {
		r.uncached.Refuse()
		n, whole, err = w.cached.Read(fd, w.headBuf(), false)
	}
	if err == nil && r.knobs.faults.Result("nowait-read", f.Path, 0) < 0 {
		err = osfile.ErrWouldBlock
	}
	switch err {
	case nil:
	case osfile.ErrWouldBlock:
		return nil, true, fd
	case osfile.ErrNoNowait:
		r.nowait.Store(false)
		w.rd = readDone{data: w.headBuf()[:0], fd: fd, via: viaPread}
		return &w.rd, false, osfile.NoHandle
	default:
		osfile.CloseHandle(fd)
		w.rd = readDone{fd: osfile.NoHandle, err: err}
		return &w.rd, false, osfile.NoHandle
	}
	if whole {
		w.cached.Close(fd)
		fd = osfile.NoHandle
	}
	w.rd = readDone{data: w.head[:n], fd: fd, via: viaCached}
	return &w.rd, false, osfile.NoHandle
}

// coldTries is how many files a reader sends to the rings untried, for
// one it tries, while the rings wait for the disk.
const coldTries = 15

// ringable reports whether a ring, or the non-blocking path, reads file f:
// standard input, a path too long for a ring's slot, and a file known to
// be shorter than minLen, too short to match, are read by a searcher as
// they are.
func ringable(f walk.File, minLen int) bool {
	return f.Path != walk.StdinPath && len(f.Path) < pathMax && !(f.Size >= 0 && f.Size < int64(minLen))
}

// pathMax is the longest path a ring slot, and so the non-blocking path,
// takes; a longer one is read with pread, a stretch of it at a time.
const pathMax = 4096

// headSize is how much of a file the non-blocking path reads at once: the
// search's first block, so that a file that size or smaller is searched
// where it was read, whole, and binary data is decided as elsewhere.
const headSize = 256 << 10

// headBuf is the reader's buffer for a file's start, made at first use.
func (w *reader) headBuf() []byte {
	if w.head == nil {
		w.head = make([]byte, headSize)
	}
	return w.head
}

// toRing hands f, which would wait for the disk, to the rings, open as fd
// when the non-blocking path opened it (else osfile.NoHandle). While the rings' queue
// is full, the reader searches what they hand on, so that neither waits
// for the other. Without a ring, f is read here, blocking.
func (w *reader) toRing(f walk.File, fd osfile.Handle) {
	r := w.r
	r.stats.Blocked.Add(1)
	if r.ringFor() == nil {
		if fd == osfile.NoHandle {
			w.searchFile(f, nil)
			return
		}
		w.rd = readDone{data: w.headBuf()[:0], fd: fd, via: viaPread}
		w.searchFile(f, &w.rd)
		return
	}
	req := ringReq{f: f, fd: fd}
	for {
		select {
		case r.blocked <- req:
			return
		case j := <-r.jobs:
			w.job(j)
		}
	}
}
