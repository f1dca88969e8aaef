//go:build linux

// Package uring is a small, safe layer over io_uring (through
// github.com/pawelgaczynski/giouring): ring setup with feature probing,
// memory the kernel may use while an operation is in flight, and one
// preparation helper per operation urg needs (openat, read, statx, close).
//
// A Ring must be used from one OS thread: New locks the calling goroutine
// to its thread, as SINGLE_ISSUER and DEFER_TASKRUN require, and Close
// unlocks it.
//
// Binaries that import this package must be linked with
// -ldflags=-checklinkname=0: giouring reaches syscall.mmap through a
// linkname directive, which Go 1.23 and later refuse by default.
package uring

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/pawelgaczynski/giouring"
	"golang.org/x/sys/unix"
)

// Ring is one io_uring instance.
type Ring struct {
	r        *giouring.Ring
	flags    uint32
	prepared uint32 // SQEs prepared since the last submit
	// Submitted counts every operation submitted, for --stats.
	Submitted uint64
	// Enters counts io_uring_enter calls, for --stats.
	Enters uint64
	// Waits counts the io_uring_enter calls that had to wait for a
	// completion: none when everything is in the page cache.
	Waits uint64
	// shared: made by NewShared, not locked to a thread.
	shared bool
}

// setupFlags are tried in order: the fastest mode for one submitting
// thread first, then what older kernels take.
var setupFlags = []uint32{
	giouring.SetupSingleIssuer | giouring.SetupDeferTaskrun,
	giouring.SetupSingleIssuer | giouring.SetupCoopTaskrun,
	giouring.SetupCoopTaskrun,
	0,
}

// New sets up a ring with room for entries submissions, locking the calling
// goroutine to its OS thread. On error the goroutine is unlocked again.
func New(entries uint32) (*Ring, error) {
	runtime.LockOSThread()
	var err error
	for _, f := range setupFlags {
		r := giouring.NewRing()
		if err = r.QueueInit(entries, f); err == nil {
			return &Ring{r: r, flags: f}, nil
		}
		if !errors.Is(err, syscall.EINVAL) {
			break // ENOSYS, EPERM: no flags will help
		}
	}
	runtime.UnlockOSThread()
	return nil, fmt.Errorf("io_uring setup: %w", err)
}

// NewShared sets up a ring with room for entries submissions that any
// thread may enter, one at a time: the calling goroutine is not locked to
// its thread. It is for a ring whose every submission waits for all it
// submitted (Submit with the count): the follow-up work of a linked
// operation runs in the submitting thread before that call returns, so
// nothing is left for a thread the goroutine may leave. Locking a
// goroutine that also searches would cost a hand-over of its processor
// each time it waits for files.
func NewShared(entries uint32) (*Ring, error) {
	r := giouring.NewRing()
	err := r.QueueInit(entries, giouring.SetupCoopTaskrun)
	if errors.Is(err, syscall.EINVAL) {
		err = r.QueueInit(entries, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("io_uring setup: %w", err)
	}
	return &Ring{r: r, shared: true}, nil
}

// Mode names the setup flags the kernel took.
func (r *Ring) Mode() string {
	var names []string
	if r.flags&giouring.SetupSingleIssuer != 0 {
		names = append(names, "single-issuer")
	}
	if r.flags&giouring.SetupDeferTaskrun != 0 {
		names = append(names, "defer-taskrun")
	}
	if r.flags&giouring.SetupCoopTaskrun != 0 {
		names = append(names, "coop-taskrun")
	}
	if len(names) == 0 {
		return "plain"
	}
	return strings.Join(names, "+")
}

// Close tears the ring down and, unless it was made by NewShared,
// unlocks the goroutine from its thread. Nothing may be in flight.
func (r *Ring) Close() {
	r.r.QueueExit()
	if !r.shared {
		runtime.UnlockOSThread()
	}
}

// RegisterSlots gives the ring a table of n direct descriptors, empty:
// files opened into a slot by OpenDirect, read by ReadDirect and closed
// by CloseDirect never enter the process's table of descriptors.
func (r *Ring) RegisterSlots(n uint32) error {
	if _, err := r.r.RegisterFilesSparse(n); err != nil {
		return fmt.Errorf("io_uring register files: %w", err)
	}
	return nil
}

// Link says how an operation is tied to the next one prepared: the next
// starts only once this one is done, and is cancelled (-ECANCELED) if
// this one fails (LinkSoft; a read that returns fewer bytes than asked
// counts as failing) or whatever it returned (LinkHard).
type Link uint8

// The links an operation may have to the next.
const (
	NoLink Link = iota
	LinkSoft
	LinkHard
)

func (l Link) flags() uint8 {
	switch l {
	case LinkSoft:
		return giouring.SqeIOLink
	case LinkHard:
		return giouring.SqeIOHardlink
	}
	return 0
}

// OpenDirect prepares openat2(AT_FDCWD, path, how) into direct
// descriptor slot (see RegisterSlots), replacing what it held. path must
// end in a NUL byte, and path and how live in an Arena until the
// submission returns; how may not ask for O_CLOEXEC, which a direct
// descriptor has no use for and the kernel refuses.
func (r *Ring) OpenDirect(path []byte, how *unix.OpenHow, slot uint32, link Link, userData uint64) error {
	if len(path) == 0 || path[len(path)-1] != 0 {
		return errors.New("uring: path not NUL-terminated")
	}
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareOpenat2Direct(unix.AT_FDCWD, nil, how, slot)
	// giouring's PrepareOpenat2 sets openat's opcode, which reads
	// the length of how as a mode and takes no resolve flags.
	e.OpCode = giouring.OpOpenat2
	e.Addr = uint64(uintptr(unsafe.Pointer(&path[0])))
	e.Flags |= link.flags()
	e.UserData = userData
	return nil
}

// ReadDirect prepares a read, with preadv2's flags, of len(buf) bytes
// from offset 0 of the file in direct descriptor slot into buf, which
// must live in an Arena until the operation completes.
func (r *Ring) ReadDirect(slot uint32, buf []byte, flags uint32, link Link, userData uint64) error {
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareRead(int(slot), uintptr(unsafe.Pointer(&buf[0])), uint32(len(buf)), 0)
	e.OpcodeFlags = flags
	e.Flags |= giouring.SqeFixedFile | link.flags()
	e.UserData = userData
	return nil
}

// CloseDirect prepares the close of the file in direct descriptor slot.
func (r *Ring) CloseDirect(slot uint32, userData uint64) error {
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareCloseDirect(slot)
	e.UserData = userData
	return nil
}

// sqe returns a free, zeroed submission entry, submitting what is
// prepared when the queue is full.
//
// Zeroed, because giouring's prepare helpers leave rw_flags and addr3 as
// the entry's previous use left them: a close after an openat in the same
// slot then fails with EINVAL.
func (r *Ring) sqe() (*giouring.SubmissionQueueEntry, error) {
	e := r.r.GetSQE()
	if e == nil {
		if _, err := r.submit(0); err != nil {
			return nil, err
		}
		if e = r.r.GetSQE(); e == nil {
			return nil, syscall.EBUSY
		}
	}
	*e = giouring.SubmissionQueueEntry{}
	r.prepared++
	return e, nil
}

// Openat prepares openat(AT_FDCWD, path, flags). path must end in a NUL byte
// and live in an Arena until the operation completes.
//
// giouring's PrepareOpenat passes the address of the slice header instead of
// the path's bytes, so the address is set here.
func (r *Ring) Openat(path []byte, flags int, userData uint64) error {
	if len(path) == 0 || path[len(path)-1] != 0 {
		return errors.New("uring: path not NUL-terminated")
	}
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareOpenat(unix.AT_FDCWD, nil, flags, 0)
	e.Addr = uint64(uintptr(unsafe.Pointer(&path[0])))
	e.UserData = userData
	return nil
}

// Read prepares a read of len(buf) bytes at off into buf, which must
// live in an Arena until the operation completes.
func (r *Ring) Read(fd int, buf []byte, off uint64, userData uint64) error {
	return r.ReadFlags(fd, buf, off, 0, false, userData)
}

// ReadFlags is Read with preadv2's flags (rw_flags), such as
// RWF_DONTCACHE; a file system that does not take one completes the read
// with -EOPNOTSUPP. async sends the read straight to the kernel's
// workers (IOSQE_ASYNC), without the attempt that would not block first.
//
// async is for files that say they can be polled but are not: a FUSE
// file has a poll method, so a read that finds its pages uncached arms a
// poll, which answers "ready" at once, and the read is retried and
// polled again before it reaches a worker; on a FUSE tree that loop took
// most of urg's system time (see docs/decisions.md#ringreadflags-a-fuse-files-read-goes-to-a-worker-not-to-a-poll-uringuringgo).
func (r *Ring) ReadFlags(fd int, buf []byte, off uint64, flags uint32, async bool, userData uint64) error {
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareRead(fd, uintptr(unsafe.Pointer(&buf[0])), uint32(len(buf)), off)
	e.OpcodeFlags = flags
	if async {
		e.Flags |= giouring.SqeAsync
	}
	e.UserData = userData
	return nil
}

// MaxWorkers sets how many of the kernel's worker threads may serve this
// ring's operations that cannot complete without blocking (bounded: reads
// of regular files; unbounded: the rest); 0 leaves a limit as it is.
// The kernel's default bound is four per CPU, which holds a ring over
// storage that answers slowly (network file systems, FUSE) to that many
// operations in flight whatever its depth.
//
// The kernel takes two 32-bit counts: giouring's helper passes Go uints,
// 64 bits each, so the call is made here.
func (r *Ring) MaxWorkers(bounded, unbounded uint32) error {
	v := [2]uint32{bounded, unbounded}
	if _, errno := r.r.Register(r.r.RingFd(), giouring.RegisterIOWQMaxWorkers, unsafe.Pointer(&v[0]), 2); errno != 0 {
		return fmt.Errorf("io_uring max workers: %w", errno)
	}
	return nil
}

// Statx prepares statx(dirfd, path, flags, mask, st): path relative to
// the directory open as dirfd, or to the working directory when dirfd
// is unix.AT_FDCWD. path and st must live in an Arena until the
// operation completes.
func (r *Ring) Statx(dirfd int, path []byte, flags int, mask uint32, st *unix.Statx_t, userData uint64) error {
	if len(path) == 0 || path[len(path)-1] != 0 {
		return errors.New("uring: path not NUL-terminated")
	}
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareStatx(dirfd, nil, flags, mask, st)
	e.Addr = uint64(uintptr(unsafe.Pointer(&path[0])))
	e.UserData = userData
	return nil
}

// CloseFD prepares close(fd).
func (r *Ring) CloseFD(fd int, userData uint64) error {
	e, err := r.sqe()
	if err != nil {
		return err
	}
	e.PrepareClose(fd)
	e.UserData = userData
	return nil
}

// Submit sends the prepared operations to the kernel and, when wait > 0,
// waits until at least wait completions are ready. It returns how many
// were submitted.
//
// The submission (which does the non-blocking work inline, such as
// page-cache copies) goes through giouring, and the wait through
// syscall.Syscall6, during which Go runs other goroutines: a wait the
// scheduler did not see would hold the thread's P and starve the
// searchers of a two-core machine.
func (r *Ring) Submit(wait uint32) (int, error) {
	n, err := r.submit(0)
	if err != nil || wait == 0 || r.r.CQReady() >= wait {
		return n, err
	}
	for r.r.CQReady() < wait {
		r.Enters++
		r.Waits++

		_, _, errno := syscall.Syscall6(unix.SYS_IO_URING_ENTER, uintptr(r.r.RingFd()), 0, uintptr(wait), enterGetEvents, 0, 0)
		if errno != 0 && errno != syscall.EINTR && errno != syscall.EAGAIN && errno != syscall.EBUSY {
			return n, fmt.Errorf("io_uring_enter: %w", errno)
		}
	}
	return n, nil
}

// enterGetEvents is IORING_ENTER_GETEVENTS.
const enterGetEvents = 1

func (r *Ring) submit(wait uint32) (int, error) {
	for {
		if r.prepared == 0 && wait == 0 {
			return 0, nil
		}
		r.Enters++
		n, err := r.r.SubmitAndWait(wait)
		if errors.Is(err, syscall.EINTR) {
			continue // Go's preemption signal; the entries are still queued
		}
		r.Submitted += uint64(n)
		r.prepared -= min(r.prepared, uint32(n))
		return int(n), err
	}
}

// Pending is the number of operations prepared and not yet submitted.
func (r *Ring) Pending() uint32 { return r.prepared }

// Completions calls fn for every completion ready, in order, and marks
// them seen. It returns how many there were.
func (r *Ring) Completions(fn func(userData uint64, res int32)) int {
	n := 0
	r.r.ForEachCQE(func(c *giouring.CompletionQueueEvent) {
		fn(c.UserData, c.Res)
		n++
	})
	r.r.CQAdvance(uint32(n))
	return n
}

// Arena is memory outside the Go heap, mapped anonymously: the garbage
// collector neither moves nor frees it, so the kernel may read and write
// it while an operation is in flight.
type Arena struct {
	mem []byte
	off int
}

// NewArena maps size bytes.
func NewArena(size int) (*Arena, error) {
	mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return nil, fmt.Errorf("mmap %d bytes: %w", size, err)
	}
	return &Arena{mem: mem}, nil
}

// NewHugeArena maps size bytes starting on a 2 MiB boundary, asked of
// the kernel in transparent huge pages (where it gives them: madvise
// mode, or always). A buffer of them is one page, not hundreds: one
// fault fills 2 MiB where 4 KiB pages each cost a fault as the kernel
// or the search first touches them, and a read into it is a few
// segments, not one a 4 KiB page.
func NewHugeArena(size int) (*Arena, error) {
	a, err := NewArena(size + hugePage)
	if err != nil {
		return nil, err
	}
	pad := int(-uintptr(unsafe.Pointer(&a.mem[0])) & (hugePage - 1))
	a.Alloc(pad, 1)
	_ = unix.Madvise(a.mem[pad:], unix.MADV_HUGEPAGE)
	return a, nil
}

// Alloc hands out n bytes, aligned to align (a power of two).
func (a *Arena) Alloc(n, align int) ([]byte, error) {
	start := (a.off + align - 1) &^ (align - 1)
	if start+n > len(a.mem) {
		return nil, errors.New("uring: arena exhausted")
	}
	a.off = start + n
	return a.mem[start : start+n : start+n], nil
}

// Free unmaps the arena; nothing from it may be in use.
func (a *Arena) Free() error { return unix.Munmap(a.mem) }

// StatxSize is the room a statx result takes in an Arena.
const StatxSize = int(unsafe.Sizeof(unix.Statx_t{}))

// StatxAt views StatxSize bytes of an Arena, aligned to 8, as a statx
// result.
func StatxAt(b []byte) *unix.Statx_t { return (*unix.Statx_t)(unsafe.Pointer(&b[0])) }

// SubmitInline submits what is prepared in a raw system call, one the Go
// scheduler does not see, then waits through the scheduler, as Submit
// does, until wait completions are ready. It is for operations that
// complete inline, from the caches (RESOLVE_CACHED, RWF_NOWAIT): their
// submission is their work, and it takes about as long as the system
// calls it replaces. A call the scheduler sees has its processor taken
// and handed to another thread whenever it outlasts the monitor's tick,
// which such a submission often does: each hand-over is a context switch
// or two, and on a warm tree they took back much of what the batches
// save (see docs/decisions.md#batch-cached-files-opened-read-and-closed-sixteen-to-a-submission-schedbatch_linuxgo).
//
// giouring enters the kernel only through syscall.Syscall6, so the
// submission queue's tail is published here, through sqOf, as giouring
// itself does before it enters.
func (r *Ring) SubmitInline(wait uint32) error {
	sq := sqOf(r.r)
	if sq.sqeHead != sq.sqeTail {
		sq.sqeHead = sq.sqeTail
		atomic.StoreUint32(sq.tail, sq.sqeTail)
	}
	for n := sq.sqeTail - atomic.LoadUint32(sq.head); n > 0; n = sq.sqeTail - atomic.LoadUint32(sq.head) {
		r.Enters++
		done, _, errno := unix.RawSyscall6(unix.SYS_IO_URING_ENTER, uintptr(r.r.RingFd()), uintptr(n), 0, 0, 0, 0)
		switch errno {
		case 0:
		case syscall.EINTR:
			continue
		case syscall.EAGAIN, syscall.EBUSY:
			// Completions must be reaped before more is taken:
			// Submit submits the rest as it waits.
			_, err := r.Submit(wait)
			return err
		default:
			return fmt.Errorf("io_uring_enter: %w", errno)
		}
		r.Submitted += uint64(done)
		r.prepared -= min(r.prepared, uint32(done))
	}
	_, err := r.Submit(wait)
	return err
}

// giouringSQ mirrors the start of giouring's SubmissionQueue at the
// version go.mod names (TestSubmitInline checks it against giouring's
// own count): the kernel's head and tail, then the rest up to the
// entries prepared and not yet published (sqeHead to sqeTail).
type giouringSQ struct {
	head, tail *uint32
	_          [6]unsafe.Pointer // ringMask, ringEntries, flags, dropped, array, sqes
	_          uint              // ringSize
	_          unsafe.Pointer    // ringPtr
	sqeHead    uint32
	sqeTail    uint32
}

// sqOf is ring's submission queue, through the mirror: giouring.Ring
// starts with a pointer to it.
func sqOf(ring *giouring.Ring) *giouringSQ {
	return *(**giouringSQ)(unsafe.Pointer(ring))
}
