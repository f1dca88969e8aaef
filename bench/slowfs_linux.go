package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
	"golang.org/x/sys/unix"
)

// The slow file system stands in for far storage (NFS, a network disk):
// a read-only passthrough of a tree, served by FUSE from this process,
// that answers every request a file server would answer over the network
// only after a delay. Requests are served concurrently, each delayed on
// its own, as a server with many requests in flight answers them; what a
// tool gains from keeping many requests in flight is what the figures
// show.
//
// Three choices make the delays the ones a far server would add:
//
//   - No kernel passthrough. As root, go-fuse hands the kernel the backing
//     file of any handle that has a PassthroughFd method (its
//     LoopbackFile has), and the kernel then reads that file itself: the
//     daemon sees no READ and delays none. slowFile has no such method,
//     and CAP_PASSTHROUGH is refused at INIT besides.
//   - No READDIRPLUS. go-fuse answers it by looking up every entry in the
//     daemon, which either charges one delay per entry, serially (no
//     server does that: NFS's READDIRPLUS is one round trip per batch), or
//     makes the lookups free. With it off, a batch of names is one READDIR
//     round trip and every name a tool opens or stats is a LOOKUP round
//     trip, as with a server without READDIRPLUS: the walk pays the
//     latency file by file, which is the case concurrency is for.
//   - Enough background requests. The kernel sends readahead as
//     asynchronous READs, at most MaxBackground at once; go-fuse's default
//     of 12 would make the mount, not the tools, the limit.
//
// Attributes and names are cached by the kernel for a second, as an NFS
// client caches them; file pages are cached as usual and kept across
// opens (the tree does not change under the mount), so that dropping the
// page cache before a cold run is what empties them.

// slowFSName names the mount's file system type, fuse.urgbench, which
// tells its mounts apart in /proc/self/mountinfo.
const slowFSName = "urgbench"

// fuseOp is a kind of request the slow file system delays.
type fuseOp int

const (
	opLookup fuseOp = iota
	opGetattr
	opStatx
	opOpen
	opRead
	opOpendir
	opReaddir
	opReaddirplus
	opReadlink
	numOps
)

// String is the request's FUSE opcode name.
func (op fuseOp) String() string {
	switch op {
	case opLookup:
		return "LOOKUP"
	case opGetattr:
		return "GETATTR"
	case opStatx:
		return "STATX"
	case opOpen:
		return "OPEN"
	case opRead:
		return "READ"
	case opOpendir:
		return "OPENDIR"
	case opReaddir:
		return "READDIR"
	case opReaddirplus:
		return "READDIRPLUS"
	case opReadlink:
		return "READLINK"
	}
	return "op" + strconv.Itoa(int(op))
}

// delayer holds requests back by d and counts them.
type delayer struct {
	d time.Duration
	// overshoot is how much later than asked a sleep wakes, in
	// nanoseconds, averaged over the recent sleeps: each sleep asks for d
	// less that, so that the delay a request gets is d, not d plus the
	// timer's slack and the scheduler's wake-up (which, at delays of a
	// fraction of a millisecond, would be a large part of it).
	overshoot atomic.Int64
	// lateCap is the most of a sleep's lateness the average takes in: a
	// few times the timer's slack. A sleep later than that was held up
	// by the machine being busy, and making up for it would cut the
	// requests that were not held up short.
	lateCap time.Duration

	counts   [numOps]atomic.Int64
	delayed  atomic.Int64 // nanoseconds of delay given since the last take
	longest  atomic.Int64 // the longest delay given since the last take, ns
	inFlight atomic.Int64 // requests being delayed now
	peak     atomic.Int64 // most requests delayed at once since the last take
	// spread counts the delays given by their length in hundredths of
	// d (the last bucket holds all from 10d up), for their percentiles.
	spread [1000]atomic.Int64
}

// wait delays one request of kind op by about d.
func (s *delayer) wait(op fuseOp) {
	s.counts[op].Add(1)
	if s.d <= 0 {
		return
	}
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for p := s.peak.Load(); n > p && !s.peak.CompareAndSwap(p, n); p = s.peak.Load() {
	}
	over := time.Duration(s.overshoot.Load())
	ask := s.d - over
	start := time.Now()
	nanosleep(ask)
	got := time.Since(start)
	s.delayed.Add(int64(got))
	for l := s.longest.Load(); int64(got) > l && !s.longest.CompareAndSwap(l, int64(got)); l = s.longest.Load() {
	}
	s.spread[min(int(got*100/s.d), len(s.spread)-1)].Add(1)
	late := min(max(got-ask, 0), s.lateCap)
	s.overshoot.Store(int64(over + (late-over)/16))
}

// newDelayer makes the delayer for d.
func newDelayer(d time.Duration) *delayer {
	slack := 50 * time.Microsecond // Linux's default for a thread
	if ns, err := unix.PrctlRetInt(unix.PR_GET_TIMERSLACK, 0, 0, 0, 0); err == nil && ns > 0 {
		slack = time.Duration(ns)
	}
	return &delayer{d: d, lateCap: min(4*slack, d/2)}
}

// nanosleep blocks the calling thread for d. Not time.Sleep: the runtime
// wakes a sleeping goroutine from its netpoller, whose wait has a
// resolution of a millisecond, so a sleep of 200µs can last a millisecond
// or more. Blocking a thread per request in flight costs a few hundred
// threads at most (the kernel's background limit and the tools' own
// threads bound the requests in flight). One sleeping goroutine releasing
// a queue of requests, which would hold one thread only, delayed them
// more: each release is one more wake-up before the request goes on.
func nanosleep(d time.Duration) {
	if d <= 0 {
		return
	}
	ts := unix.NsecToTimespec(int64(d))
	for {
		var rem unix.Timespec
		if err := unix.Nanosleep(&ts, &rem); err != unix.EINTR {
			return
		}
		ts = rem
	}
}

// take returns what was served since the last take and starts counting
// afresh.
func (s *delayer) take() servedStats {
	st := servedStats{Requests: map[string]int64{}}
	var n int64
	for op := range numOps {
		if c := s.counts[op].Swap(0); c > 0 {
			st.Requests[op.String()] = c
			n += c
		}
	}
	delayed := s.delayed.Swap(0)
	if n > 0 && s.d > 0 {
		st.DelayMeanUS = float64(delayed) / float64(n) / 1e3
	}
	st.DelayMaxUS = float64(s.longest.Swap(0)) / 1e3
	var spread [len(s.spread)]int64
	for i := range spread {
		spread[i] = s.spread[i].Swap(0)
	}
	st.DelayP50US = s.percentile(spread[:], n, 50)
	st.DelayP99US = s.percentile(spread[:], n, 99)
	st.PeakInFlight = s.peak.Swap(s.inFlight.Load())
	return st
}

// percentile is the delay, in µs, that p percent of the n delays counted
// in spread were no longer than (to a hundredth of d).
func (s *delayer) percentile(spread []int64, n int64, p int64) float64 {
	if n == 0 || s.d <= 0 {
		return 0
	}
	var seen int64
	for i, c := range spread {
		if seen += c; seen*100 >= n*p {
			return float64(i+1) * float64(s.d) / 100 / 1e3
		}
	}
	return float64(s.d) * float64(len(spread)) / 100 / 1e3
}

// delayedFS is go-fuse's node file system with the requests a file
// server answers over the network delayed before they are answered. The
// delay is per request, here at the protocol level: one READDIR is one
// delay however many entries it returns. Release, FORGET and FLUSH (sent
// at every close) are not delayed: closing a file read-only costs an NFS
// client no round trip.
type delayedFS struct {
	fuse.RawFileSystem
	delay *delayer
}

// Lookup delays a LOOKUP.
func (f *delayedFS) Lookup(cancel <-chan struct{}, h *fuse.InHeader, name string, out *fuse.EntryOut) fuse.Status {
	f.delay.wait(opLookup)
	return f.RawFileSystem.Lookup(cancel, h, name, out)
}

// GetAttr delays a GETATTR.
func (f *delayedFS) GetAttr(cancel <-chan struct{}, in *fuse.GetAttrIn, out *fuse.AttrOut) fuse.Status {
	f.delay.wait(opGetattr)
	return f.RawFileSystem.GetAttr(cancel, in, out)
}

// Statx delays a STATX (answered ENOSYS: the kernel then asks GETATTR).
func (f *delayedFS) Statx(cancel <-chan struct{}, in *fuse.StatxIn, out *fuse.StatxOut) fuse.Status {
	f.delay.wait(opStatx)
	return f.RawFileSystem.Statx(cancel, in, out)
}

// Open delays an OPEN.
func (f *delayedFS) Open(cancel <-chan struct{}, in *fuse.OpenIn, out *fuse.OpenOut) fuse.Status {
	f.delay.wait(opOpen)
	return f.RawFileSystem.Open(cancel, in, out)
}

// Read delays a READ.
func (f *delayedFS) Read(cancel <-chan struct{}, in *fuse.ReadIn, buf []byte) (fuse.ReadResult, fuse.Status) {
	f.delay.wait(opRead)
	return f.RawFileSystem.Read(cancel, in, buf)
}

// OpenDir delays an OPENDIR.
func (f *delayedFS) OpenDir(cancel <-chan struct{}, in *fuse.OpenIn, out *fuse.OpenOut) fuse.Status {
	f.delay.wait(opOpendir)
	return f.RawFileSystem.OpenDir(cancel, in, out)
}

// ReadDir delays a READDIR.
func (f *delayedFS) ReadDir(cancel <-chan struct{}, in *fuse.ReadIn, out *fuse.DirEntryList) fuse.Status {
	f.delay.wait(opReaddir)
	return f.RawFileSystem.ReadDir(cancel, in, out)
}

// ReadDirPlus delays a READDIRPLUS once, should the kernel send one
// (the mount refuses the capability).
func (f *delayedFS) ReadDirPlus(cancel <-chan struct{}, in *fuse.ReadIn, out *fuse.DirEntryList) fuse.Status {
	f.delay.wait(opReaddirplus)
	return f.RawFileSystem.ReadDirPlus(cancel, in, out)
}

// Readlink delays a READLINK.
func (f *delayedFS) Readlink(cancel <-chan struct{}, h *fuse.InHeader) ([]byte, fuse.Status) {
	f.delay.wait(opReadlink)
	return f.RawFileSystem.Readlink(cancel, h)
}

// slowNode is a file, directory or link of the tree served, read only.
type slowNode struct {
	fs.Inode
	root *slowRoot
}

// slowRoot is the tree a mount serves.
type slowRoot struct {
	path string
	dev  uint64
}

var (
	_ fs.NodeLookuper   = (*slowNode)(nil)
	_ fs.NodeGetattrer  = (*slowNode)(nil)
	_ fs.NodeOpener     = (*slowNode)(nil)
	_ fs.NodeReaddirer  = (*slowNode)(nil)
	_ fs.NodeReadlinker = (*slowNode)(nil)
	_ fs.NodeStatfser   = (*slowNode)(nil)
)

// path is the node's path in the tree served.
func (n *slowNode) path() string {
	return filepath.Join(n.root.path, n.Path(nil))
}

// Lookup finds a name in a directory.
func (n *slowNode) Lookup(ctx context.Context, name string, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	var st syscall.Stat_t
	if err := syscall.Lstat(filepath.Join(n.path(), name), &st); err != nil {
		return nil, fs.ToErrno(err)
	}
	out.Attr.FromStat(&st)
	// The inode number is the file's, with the device mixed in for a
	// tree that crosses file systems, so that tools that keep track of
	// files by (device, inode) see distinct files.
	ino := st.Ino
	if st.Dev != n.root.dev {
		ino ^= st.Dev<<32 | st.Dev>>32
	}
	return n.NewInode(ctx, &slowNode{root: n.root}, fs.StableAttr{Mode: st.Mode, Ino: ino}), 0
}

// Getattr stats the node, through its open file when there is one.
func (n *slowNode) Getattr(ctx context.Context, f fs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	if sf, ok := f.(*slowFile); ok {
		return sf.Getattr(ctx, out)
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(n.path(), &st); err != nil {
		return fs.ToErrno(err)
	}
	out.FromStat(&st)
	return 0
}

// Open opens a file for reading; any other access is refused.
func (n *slowNode) Open(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	if flags&(syscall.O_WRONLY|syscall.O_RDWR|syscall.O_TRUNC|syscall.O_APPEND|syscall.O_CREAT) != 0 {
		return nil, 0, syscall.EROFS
	}
	// The file is opened plainly whatever the tool asked: O_DIRECT on
	// the mount is the kernel's business (it sends READs around the
	// page cache), and the daemon's buffers are not aligned for it.
	fd, err := syscall.Open(n.path(), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, 0, fs.ToErrno(err)
	}
	return &slowFile{fd: fd}, fuse.FOPEN_KEEP_CACHE, 0
}

// Readdir lists a directory.
func (n *slowNode) Readdir(ctx context.Context) (fs.DirStream, syscall.Errno) {
	return fs.NewLoopbackDirStream(n.path())
}

// Readlink reads a symbolic link.
func (n *slowNode) Readlink(ctx context.Context) ([]byte, syscall.Errno) {
	target, err := os.Readlink(n.path())
	if err != nil {
		return nil, fs.ToErrno(err)
	}
	return []byte(target), 0
}

// Statfs reports the backing file system's figures.
func (n *slowNode) Statfs(ctx context.Context, out *fuse.StatfsOut) syscall.Errno {
	var st syscall.Statfs_t
	if err := syscall.Statfs(n.root.path, &st); err != nil {
		return fs.ToErrno(err)
	}
	out.FromStatfsT(&st)
	return 0
}

// slowFile is an open file of the tree, read with pread. It has no
// PassthroughFd method, on purpose (see the top of the file).
type slowFile struct {
	mu sync.RWMutex // readers share fd; the release waits for them
	fd int
}

var (
	_ fs.FileReader    = (*slowFile)(nil)
	_ fs.FileGetattrer = (*slowFile)(nil)
	_ fs.FileReleaser  = (*slowFile)(nil)
)

// Read reads at off.
func (f *slowFile) Read(ctx context.Context, buf []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	for {
		n, err := syscall.Pread(f.fd, buf, off)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, fs.ToErrno(err)
		}
		return fuse.ReadResultData(buf[:n]), 0
	}
}

// Getattr stats the open file.
func (f *slowFile) Getattr(ctx context.Context, out *fuse.AttrOut) syscall.Errno {
	f.mu.RLock()
	defer f.mu.RUnlock()
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil {
		return fs.ToErrno(err)
	}
	out.FromStat(&st)
	return 0
}

// Release closes the file.
func (f *slowFile) Release(ctx context.Context) syscall.Errno {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fd < 0 {
		return syscall.EBADF
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	return fs.ToErrno(err)
}

// slowMount is a tree served through the slow file system at a mount
// point, until unmount.
type slowMount struct {
	dir    string
	server *fuse.Server
	delay  *delayer

	once     sync.Once
	err      error
	signals  chan os.Signal
	finished chan struct{}
}

// mountSlow serves the tree root, read only, at the directory dir, every
// request delayed by delay (none for 0). While it is mounted, SIGINT and
// SIGTERM unmount it and end the process, so that an interrupted bench
// leaves no mount behind; unmount must be called on every other path.
func mountSlow(root, dir string, delay time.Duration) (*slowMount, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(root, &st); err != nil {
		return nil, fmt.Errorf("slow mount of %s: %w", root, err)
	}
	if _, err := os.Stat("/dev/fuse"); err != nil {
		return nil, fmt.Errorf("slow mount: %w", err)
	}
	cacheTime := slowFSCacheTime
	opts := &fs.Options{
		EntryTimeout:    &cacheTime,
		AttrTimeout:     &cacheTime,
		NegativeTimeout: &cacheTime,
		MountOptions: fuse.MountOptions{
			FsName: root,
			Name:   slowFSName,
			// No fusermount here: root mounts directly, read only.
			DirectMountStrict:    true,
			DirectMountFlags:     syscall.MS_NOSUID | syscall.MS_NODEV | syscall.MS_RDONLY,
			MaxBackground:        slowFSBackground,
			DisableReadDirPlus:   true,
			DisabledCapabilities: fuse.CAP_PASSTHROUGH,
			DisableXAttrs:        true,
		},
	}
	d := newDelayer(delay)
	r := &slowRoot{path: root, dev: st.Dev}
	raw := &delayedFS{RawFileSystem: fs.NewNodeFS(&slowNode{root: r}, opts), delay: d}
	server, err := fuse.NewServer(raw, dir, &opts.MountOptions)
	if err != nil {
		return nil, fmt.Errorf("mounting %s at %s: %w", root, dir, err)
	}
	closeFuseOnExec()
	go server.Serve()
	if err := server.WaitMount(); err != nil {
		unix.Unmount(dir, unix.MNT_DETACH)
		return nil, fmt.Errorf("mounting %s at %s: %w", root, dir, err)
	}
	m := &slowMount{dir: dir, server: server, delay: d,
		signals: make(chan os.Signal, 1), finished: make(chan struct{})}
	signal.Notify(m.signals, syscall.SIGINT, syscall.SIGTERM)
	go m.watchSignals()
	d.take() // the mount's own requests (the root's GETATTR) are not a tool's
	return m, nil
}

// closeFuseOnExec marks the process's /dev/fuse descriptors close on
// exec. go-fuse's direct mount leaves its descriptor without the flag (a
// mount through fusermount gets it), so every tool the bench starts would
// inherit the FUSE connection and keep it open after the daemon died: a
// killed bench's mount would then hang the searches still running on it,
// for want of an answer, instead of failing them.
func closeFuseOnExec() {
	ents, _ := os.ReadDir("/proc/self/fd")
	for _, e := range ents {
		if target, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && target == "/dev/fuse" {
			if fd, err := strconv.Atoi(e.Name()); err == nil {
				syscall.CloseOnExec(fd)
			}
		}
	}
}

// watchSignals unmounts and ends the process on SIGINT or SIGTERM, with
// the shell's status for a death by that signal.
func (m *slowMount) watchSignals() {
	select {
	case sig := <-m.signals:
		err := m.unmount()
		fmt.Fprintf(os.Stderr, "bench: %v: unmounted %s (%v); exiting\n", sig, m.dir, err)
		code := 2
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int(s)
		}
		os.Exit(code)
	case <-m.finished:
	}
}

// unmount takes the mount away, lazily (detached) if a plain unmount
// fails, as when a tool still has a file open. It can be called more
// than once; the first call's result is kept.
func (m *slowMount) unmount() error {
	m.once.Do(func() {
		signal.Stop(m.signals)
		close(m.finished)
		if err := m.server.Unmount(); err != nil {
			if derr := unix.Unmount(m.dir, unix.MNT_DETACH); derr != nil {
				m.err = fmt.Errorf("unmounting %s: %v; detaching: %v", m.dir, err, derr)
			}
		}
	})
	return m.err
}

// served is what the mount served since the last call (or the mount).
func (m *slowMount) served() servedStats { return m.delay.take() }

// cleanStaleMounts detaches whatever is mounted at dir/fuse-* or below,
// left by a bench that was killed (SIGKILL) while mounted: such a mount
// answers every access with "transport endpoint is not connected". One
// bench at a time uses a -dir, so nothing there belongs to a live one.
func cleanStaleMounts(dir string, log io.Writer) error {
	points, err := mountPoints()
	if err != nil {
		return err
	}
	prefix := filepath.Join(dir, "fuse-")
	var errs []error
	// Deepest first, so that a mount under another goes before it.
	for i := len(points) - 1; i >= 0; i-- {
		p := points[i]
		if !strings.HasPrefix(p, prefix) {
			continue
		}
		if err := unix.Unmount(p, unix.MNT_DETACH); err != nil {
			errs = append(errs, fmt.Errorf("detaching stale mount %s: %w", p, err))
			continue
		}
		fmt.Fprintf(log, "detached a stale mount at %s (left by an earlier run)\n", p)
	}
	return errors.Join(errs...)
}
