//go:build linux

package uring

import (
	"fmt"
	"io"

	"golang.org/x/sys/unix"

	"urg/osfile"
)

// Stream reads one file from its start to its end around the page cache
// (O_DIRECT), many reads in flight, into a fixed set of slots outside the
// Go heap that the caller takes in file order and gives back when done.
//
// Why around the cache: a cold read through it costs the kernel the
// insertion of every page and the first touch of memory the machine may
// have handed back to its host (on a virtual machine that reports free
// pages to its host, as this project's does, they are refaulted, and a
// cold buffered read's system time swung many times over with the
// host), while the same reads into a few slots used again and again run
// at the disk's pace (see docs/decisions.md#stream-reads-around-the-page-cache-uringstreamgo).
//
// A Stream must be used from one goroutine, which it locks to its thread.
type Stream struct {
	ring  *Ring
	arena *Arena
	fd    int // the file, opened again with O_DIRECT
	size  int64
	slots []slot
	next  int64 // file offset of the next slot to read
	head  int   // the oldest slot not given back
	held  int   // slots handed out and not given back
	ahead int   // slots submitted and not yet handed out
	busy  int   // reads in flight
	err   error
}

// slot is one stretch of the file being read or handed out.
type slot struct {
	buf  []byte
	off  int64
	n    int // bytes asked for (up to the file's end)
	got  int // bytes read
	left int // reads in flight
	err  error
}

// Stream geometry: 16 slots of 4 MiB, each read in 1 MiB reads. The disk
// this was tuned on read fastest with 1 MiB reads about 32 deep (fewer in
// flight, or larger reads, measured slower with fio; see
// docs/decisions.md#stream-geometry-16-slots-of-4-mib-1-mib-reads-uringstreamgo); a search holds three or four slots while it
// matches them, and the rest are being read.
const (
	StreamSlot  = 4 << 20
	streamRead  = 1 << 20
	streamSlots = 16
	// hugePage is the size of a transparent huge page on amd64 and
	// arm64 with 4 KiB pages.
	hugePage = 2 << 20
	// directAlign is what O_DIRECT asks of buffers, offsets and
	// lengths on the file systems urg meets (4 KiB logical blocks at
	// most).
	directAlign = 4096
)

// OpenStream opens the file open as fd once more, with O_DIRECT, and
// starts reading its first size bytes. It fails where the file system
// takes no O_DIRECT (tmpfs before Linux 6.6, many FUSE file systems),
// where /proc is not mounted, or where io_uring is refused; the caller
// then reads the file as it would have.
func OpenStream(fd int, size int64) (*Stream, error) {
	dfd, err := unix.Open(fmt.Sprintf("/proc/self/fd/%d", fd), unix.O_RDONLY|unix.O_DIRECT|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("open O_DIRECT: %w", err)
	}
	// Slots in 2 MiB pages: a 1 MiB read into 4 KiB pages scattered in
	// memory takes 256 segments, more than the disk takes in one request
	// (max_segments, 254 on this project's virtio disk), and was split in
	// two: with small pages the stream made many more requests than fio
	// for the same file, and read it at a fraction of fio's pace (see
	// docs/decisions.md#openstream-slots-in-2-mib-pages-uringstreamgo).
	arena, err := NewHugeArena(streamSlots * StreamSlot)
	if err != nil {
		unix.Close(dfd)
		return nil, err
	}
	ring, err := New(2 * streamSlots * (StreamSlot / streamRead))
	if err != nil {
		arena.Free()
		unix.Close(dfd)
		return nil, err
	}
	s := &Stream{ring: ring, arena: arena, fd: dfd, size: size, slots: make([]slot, streamSlots)}
	for i := range s.slots {
		s.slots[i].buf, _ = arena.Alloc(StreamSlot, directAlign)
	}
	if err := s.fill(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// fill submits reads for every free slot while the file has bytes left.
func (s *Stream) fill() error {
	for s.held+s.ahead < len(s.slots) && s.next < s.size {
		i := (s.head + s.held + s.ahead) % len(s.slots)
		sl := &s.slots[i]
		sl.off, sl.n, sl.got, sl.err = s.next, int(min(int64(StreamSlot), s.size-s.next)), 0, nil
		// The last read is asked for whole blocks: O_DIRECT takes no
		// other length, and the file's end makes it short.
		asked := (sl.n + directAlign - 1) &^ (directAlign - 1)
		for p := 0; p < asked; p += streamRead {
			part := sl.buf[p:min(asked, p+streamRead)]
			if err := s.ring.Read(s.fd, part, uint64(sl.off)+uint64(p), uint64(i)); err != nil {
				return err
			}
			sl.left++
			s.busy++
		}
		s.next += int64(sl.n)
		s.ahead++
	}
	_, err := s.ring.Submit(0)
	return err
}

// reap takes the completions ready, waiting for one when wait is set.
func (s *Stream) reap(wait bool) error {
	if wait {
		if _, err := s.ring.Submit(1); err != nil {
			return err
		}
	}
	s.ring.Completions(func(ud uint64, res int32) {
		sl := &s.slots[ud]
		sl.left--
		s.busy--
		switch {
		case res < 0:
			sl.err = unix.Errno(-res)
		default:
			sl.got += int(res)
		}
	})
	return nil
}

// Next waits for the next stretch of the file and hands it out: data at
// file offset off, valid until it is given back with Done. At the end of
// the file it returns io.EOF.
func (s *Stream) Next() (off int64, data []byte, err error) {
	if s.err != nil {
		return 0, nil, s.err
	}
	if s.ahead == 0 {
		return 0, nil, io.EOF
	}
	sl := &s.slots[(s.head+s.held)%len(s.slots)]
	for sl.left > 0 {
		if err := s.reap(true); err != nil {
			s.err = err
			return 0, nil, err
		}
	}
	switch {
	case sl.err != nil:
		s.err = sl.err
	case sl.got < sl.n:
		s.err = osfile.ErrShrunk // a read ended before the file did
	}
	if s.err != nil {
		return 0, nil, s.err
	}
	s.ahead--
	s.held++
	return sl.off, sl.buf[:sl.n], nil
}

// Done gives back the oldest stretch handed out, to be read into again.
func (s *Stream) Done() {
	if s.held == 0 {
		return
	}
	s.head = (s.head + 1) % len(s.slots)
	s.held--
	if s.err == nil {
		if err := s.fill(); err != nil {
			s.err = err
		}
	}
}

// Close waits for the reads in flight (the kernel writes into the slots
// until they end) and frees everything.
func (s *Stream) Close() {
	for s.busy > 0 {
		if s.reap(true) != nil {
			break // the ring is broken: the slots stay mapped, not reused
		}
	}
	if s.busy == 0 {
		s.arena.Free()
	}
	s.ring.Close()
	unix.Close(s.fd)
}
