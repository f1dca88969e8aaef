package sched

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"urg/osfile"
	"urg/uring"
	"urg/walk"
)

// batchLen is how many files a reader opens, reads and closes in one
// submission to its ring: enough that one entry into the kernel serves
// many files, few enough that its buffers (batchLen of headSize) stay
// small and the first file queued is not held back long.
const batchLen = 16

// batch tries cached files without blocking as probe does, batchLen at a
// time, on a ring of the reader's own: for each file an openat2 with
// RESOLVE_CACHED into a direct descriptor, a read of its start with
// RWF_NOWAIT linked to the open, and the close linked to the read, all in
// one submission that the kernel completes inline. On a warm tree of
// small files the three system calls a file costs the one-at-a-time path
// are most of a search's time, and each call's entry and exit, the
// descriptor table's updates and the deferred close are paid once per
// batch or not at all (see
// docs/decisions.md#batch-cached-files-opened-read-and-closed-sixteen-to-a-submission-schedbatch_linuxgo).
//
// A file the batch did not read whole (larger than its buffer, or its
// start only cached) is tried again one at a time; one it found would
// wait for the disk goes to the rings.
type batch struct {
	ring  *uring.Ring
	arena *uring.Arena
	how   *unix.OpenHow // in the arena: the kernel reads it at submission
	paths [batchLen][]byte
	bufs  [batchLen][]byte
	files []walk.File // taken from the walk, not yet tried
	// open and read are each file's results: 0 or the bytes read, or a
	// negated errno (-ECANCELED for a read after a failed open).
	open, read [batchLen]int32
}

// batchOp is what a completion's user data says besides its slot.
const (
	batchOpen = iota
	batchRead
	batchClose
)

// newBatch sets up a reader's batch: a ring with batchLen direct
// descriptors, and its memory outside the Go heap.
func newBatch() (*batch, error) {
	ring, err := uring.NewShared(4 * batchLen)
	if err != nil {
		return nil, err
	}
	if err := ring.RegisterSlots(batchLen); err != nil {
		ring.Close()
		return nil, err
	}
	howSize := int(unsafe.Sizeof(unix.OpenHow{}))
	// The buffers first, each on a page of its own; the paths after
	// them, and how last. In huge pages: over a tree, every buffer comes
	// to hold a file of headSize, and each 4 KiB page of them was a
	// fault taken in the kernel's copy, most of the search's faults.
	arena, err := uring.NewHugeArena(batchLen*(headSize+pathMax) + howSize)
	if err != nil {
		ring.Close()
		return nil, err
	}
	b := &batch{ring: ring, arena: arena, files: make([]walk.File, 0, batchLen)}
	for k := 0; k < batchLen && err == nil; k++ {
		b.bufs[k], err = arena.Alloc(headSize, 1)
	}
	for k := 0; k < batchLen && err == nil; k++ {
		b.paths[k], err = arena.Alloc(pathMax, 1)
	}
	var h []byte
	if err == nil {
		h, err = arena.Alloc(howSize, 8)
	}
	if err != nil {
		b.close()
		return nil, err
	}
	b.how = (*unix.OpenHow)(unsafe.Pointer(&h[0]))
	// A direct descriptor takes no O_CLOEXEC: it is in no table a
	// child could inherit.
	*b.how = osfile.NowaitHow()
	b.how.Flags &^= unix.O_CLOEXEC
	return b, nil
}

// close gives the ring and the memory back; nothing is in flight.
func (b *batch) close() {
	b.ring.Close()
	b.arena.Free()
}

// submit opens, reads and closes b.files, and records how each went.
// dontcache says which reads ask for RWF_DONTCACHE. An error says the
// ring failed: no result is known.
func (b *batch) submit(dontcache func(walk.File) bool) error {
	n := len(b.files)
	for k, f := range b.files {
		p := b.paths[k][:len(f.Path)+1]
		copy(p, f.Path)
		p[len(f.Path)] = 0
		flags := uint32(unix.RWF_NOWAIT)
		if dontcache(f) {
			flags |= osfile.RWFDontcache
		}
		slot := uint32(k)
		b.open[k], b.read[k] = 0, 0
		if err := b.ring.OpenDirect(p, b.how, slot, uring.LinkSoft, batchData(k, batchOpen)); err != nil {
			return err
		}
		if err := b.ring.ReadDirect(slot, b.bufs[k], flags, uring.LinkHard, batchData(k, batchRead)); err != nil {
			return err
		}
		if err := b.ring.CloseDirect(slot, batchData(k, batchClose)); err != nil {
			return err
		}
	}
	if err := b.ring.SubmitInline(uint32(3 * n)); err != nil {
		return err
	}
	b.ring.Completions(func(u uint64, res int32) {
		k, op := int(u>>2), u&3
		switch op {
		case batchOpen:
			b.open[k] = res
		case batchRead:
			b.read[k] = res
		}
	})
	return nil
}

func batchData(k int, op uint64) uint64 { return uint64(k)<<2 | op }

// noAtimeRefused drops O_NOATIME from the batch's opens: the kernel
// allows it only on files the user owns.
func (b *batch) noAtimeRefused() bool {
	if b.how.Flags&unix.O_NOATIME == 0 {
		return false
	}
	b.how.Flags &^= unix.O_NOATIME
	return true
}

// flush tries the files the reader queued in its batch, and searches
// each: at once if the batch read it whole, else as take would.
func (w *reader) flush() {
	b := w.batch
	if b == nil || len(b.files) == 0 {
		return
	}
	r := w.r
	// The batch opens and reads a file in one step: the fault suite's
	// changes "after the open" land before it, where they are seen by
	// the read as they would be between an open and a read.
	for _, f := range b.files {
		r.knobs.faults.At("open", f.Path)
		r.knobs.faults.At("opened", f.Path)
	}
	var t0 int64
	if w.lat != nil {
		t0 = r.lat.now()
	}
	err := b.submit(func(f walk.File) bool { return r.dropping(f.Size) && !r.uncached.Refused() })
	if w.lat != nil {
		w.lat.Ops[OpBatch].Record(uint64(r.lat.now() - t0))
	}
	// What follows takes no file from the walk: b.files stays as it is
	// until every one of them is searched.
	defer func() { b.files = b.files[:0] }()
	if err != nil {
		// The ring failed as a whole: every file goes the one-at-a-time
		// way, from now on too.
		w.noBatch = true
		for _, f := range b.files {
			w.retake(f)
		}
		return
	}
	for k, f := range b.files {
		open := r.knobs.faults.Result("nowait-open", f.Path, b.open[k])
		read := b.read[k]
		if open >= 0 && read >= 0 {
			read = r.knobs.faults.Result("nowait-read", f.Path, read)
		}
		switch {
		case open == -int32(unix.EAGAIN) || read == -int32(unix.EAGAIN):
			// Its path or its start is not cached.
			w.toRing(f, osfile.NoHandle)
		case open == -int32(unix.EPERM) && b.noAtimeRefused():
			w.retake(f)
		case open == -int32(unix.EINVAL) || read == -int32(unix.EINVAL):
			// The kernel takes no part of the batch's operations.
			w.noBatch = true
			w.retake(f)
		case open < 0 || read < 0:
			// Failed, or a flag refused: the one-at-a-time path
			// says how, or reads it another way.
			w.retake(f)
		case osfile.ReadWhole(int(read), headSize):
			w.rd = readDone{data: b.bufs[k][:read], fd: osfile.NoHandle, via: viaCached}
			r.stats.Batched.Add(1)
			w.searchFile(f, &w.rd)
		default:
			w.retake(f)
		}
	}
}

// retake takes f, which the batch tried, as take does.
func (w *reader) retake(f walk.File) {
	w.retry = true
	w.take(f)
	w.retry = false
}
