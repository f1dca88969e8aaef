package sched

import (
	"io"

	"urg/osfile"
)

// Sniffer tells from a file's first bytes that it is searched as a stream
// read in order (decompressed, transcoded), which the engine then hands
// over as a Sniffed input, neither mapped nor streamed around the cache.
type Sniffer interface {
	// Streams says a file that starts with head is read as a stream.
	Streams(head []byte) bool
	// Eager says every file's start is read to be sniffed, however
	// little a reader before read of it.
	Eager() bool
	// Len is how many first bytes tell: a shorter head is read on up to
	// it before Streams is asked.
	Len() int
}

// sniffHead is how much of a file's start is read to be sniffed when no
// reader before read any: a page, so that the reads after it stay
// aligned.
const sniffHead = 4 << 10

// openSniffed asks the run's Sniffer whether the file f, open as in, is
// read as a stream. When it is, in becomes Sniffed, reading the file's
// bytes on from its head, and openSniffed says true; otherwise in goes the
// way it would have, and false.
//
// in's head is what a reader before read (the ring, the non-blocking
// path). When it is too short to tell, openSniffed reads the file's first
// bytes into it, with file (the file read from its start; nil when a
// reader before read the head) or else from where the head ends; the head
// then goes into the search like a ring's. drop says the file leaves no
// pages cached, as open applies it.
func (w *reader) openSniffed(in *Input, f *File, file *osfile.File, drop bool) bool {
	r, sn := w.r, w.r.cfg.Sniffer
	if !sn.Eager() && (len(in.Head) == 0 || len(in.Head) >= sn.Len() && !sn.Streams(in.Head)) {
		// The head tells that the file is not a stream's, or nothing
		// was read of it: it goes on as it would have, with no read
		// more. Read, its first read is sniffed by its search; mapped,
		// large peeks.
		return false
	}
	from := int64(0) // where the pages to drop start (see open)
	if f.rd != nil && f.rd.via == viaCached {
		from = int64(len(in.Head))
	}
	if file == nil {
		file = osfile.Resume(in.fd, int64(len(in.Head)), f.ShortIsEOF)
	}
	if want := min(sn.Len(), sniffHead); len(in.Head) < want {
		buf := w.headBuf()
		n := copy(buf, in.Head)
		m, err := io.ReadAtLeast(file, buf[n:sniffHead], want-n)
		in.Head = buf[:n+m]
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			in.Shape, in.Err = Sniffed, err
			return true
		}
	}
	if !sn.Streams(in.Head) {
		return false
	}
	in.Shape, in.Rest = Sniffed, file
	if drop {
		r.uncache(file, f.Path, from)
		in.uncached = file
	}
	return true
}

// peekStreams says whether the file open as fd is read as a stream, from
// its first bytes read without moving its offset: for a large file, which
// would be mapped or streamed around the cache rather than read from its
// start by a search that sniffs its first read.
func (r *run) peekStreams(fd osfile.Handle) bool {
	head := make([]byte, min(r.cfg.Sniffer.Len(), sniffHead))
	n, _ := io.ReadFull(osfile.Resume(fd, 0, true), head)
	return r.cfg.Sniffer.Streams(head[:n])
}
