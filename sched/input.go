package sched

import (
	"bytes"
	"io"

	"urg/osfile"
	"urg/walk"
)

// Shape is how an Input hands a file's bytes over.
type Shape uint8

// The shapes.
const (
	// Whole: Head is the whole file, in a reader's buffer.
	Whole Shape = iota
	// Read: Head (what a reader read first, maybe nothing), then Rest.
	Read
	// Mapped: the file through a memory map (Map).
	Mapped
	// Streamed: the file read around the page cache (Stream, of Size
	// bytes; Resume reads it on from an offset).
	Streamed
	// Stdin: standard input, to be read from where its offset is.
	Stdin
	// Sniffed: a file the Sniffer took, to be read in order: Head, then
	// Rest (nil when Head is the whole file); Err when reading its first
	// bytes failed.
	Sniffed
)

// Stream hands out a file read around the page cache in stretches, each
// kept until given back (uring.Stream); search.Stream is the same.
type Stream interface {
	// Next hands out the next stretch of the file, data at file offset
	// off, until it is given back; io.EOF at the end.
	Next() (off int64, data []byte, err error)
	// Done gives back the oldest stretch handed out.
	Done()
}

// Input is one file's bytes in the shape the engine chose for them.
type Input struct {
	Shape Shape
	Head  []byte          // Whole, Read, Sniffed: the file's start
	Rest  io.Reader       // Read, Sniffed: the file after Head
	Map   *osfile.Mapping // Mapped
	// Stream and Size are a Streamed file's.
	Stream Stream
	Size   int64
	Err    error // Sniffed: reading the file's first bytes failed

	fd   osfile.Handle // the file's handle, NoHandle when none is open
	done func()        // ends the stream, when there is one
	// uncached is Rest when it reads without leaving pages cached: what
	// it read is dropped at the end, where RWF_DONTCACHE was refused.
	uncached *osfile.File
}

// Resume reads the file on from offset off, where it is open (Streamed,
// Mapped, Read): what a search that met binary data in a stream reads the
// rest with.
func (in *Input) Resume(off int64) io.Reader { return osfile.Resume(in.fd, off, true) }

// Identity is the identity of the open file (osfile.Identify): an error
// when none is open any more, as after a ring read a whole file and
// closed it.
func (in *Input) Identity() (osfile.Identity, error) {
	if in.fd == osfile.NoHandle {
		return osfile.Identity{}, osfile.ErrNoIdentity
	}
	return osfile.Identify(in.fd)
}

// mapMin is the size from which a file is searched through a memory map
// rather than read (under auto, uring and direct): see osfile.Mapping
// for why.
const mapMin = 1 << 20

// open turns file f into the Input its search reads. A regular file on a
// disk file system may be mapped or streamed around the page cache, as
// the engine says (large); anything else is read, going on from what a
// reader read before.
func (w *reader) open(f *File) error {
	r, rd := w.r, f.rd
	switch {
	case rd != nil && rd.err != nil:
		return rd.err
	case rd != nil && rd.fd == osfile.NoHandle:
		if rd.via == viaCached {
			r.stats.Cached.Add(1)
		} else {
			r.stats.RingWhole.Add(1)
		}
		f.in = Input{Shape: Whole, Head: rd.data, fd: osfile.NoHandle}
		if sn := r.cfg.Sniffer; sn != nil && sn.Streams(f.in.Head) {
			f.in.Shape = Sniffed
		}
		return nil
	case f.Path == walk.StdinPath:
		f.in = Input{Shape: Stdin, fd: osfile.NoHandle}
		return nil
	}
	f.in = Input{Shape: Read, fd: osfile.NoHandle}
	in := &f.in
	drop := r.dropping(f.Size)
	var file *osfile.File
	if rd != nil {
		in.Head, in.fd = rd.data, rd.fd
	} else {
		w.at("open", f.Path)
		var err error
		file, err = osfile.Open(f.Path, f.ShortIsEOF)
		if err != nil {
			return err
		}
		w.at("opened", f.Path)
		in.fd, in.Rest = file.Fd(), file
	}
	if r.cfg.Sniffer != nil && w.openSniffed(in, f, file, drop) {
		return nil
	}
	if w.large(in, f.File, drop) {
		return nil
	}
	switch {
	case rd == nil:
		r.stats.Pread.Add(1)
	case rd.via == viaCached:
		r.stats.CachedThenPread.Add(1)
	case rd.via == viaPread:
		r.stats.Pread.Add(1)
	default:
		r.stats.RingThenPread.Add(1)
	}
	if rd != nil {
		file = osfile.Resume(in.fd, int64(len(in.Head)), f.ShortIsEOF)
		in.Rest = file
	}
	if drop {
		// Pages the non-blocking path found cached were someone's
		// before this search: only what is read from here on is
		// dropped. The ring's reads of a file's start left nothing
		// cached, or, where RWF_DONTCACHE was refused, are dropped
		// with the rest.
		from := int64(0)
		if rd != nil && rd.via == viaCached {
			from = int64(len(in.Head))
		}
		r.uncache(file, f.Path, from)
		in.uncached = file
	}
	return nil
}

// large makes in a map or a stream around the page cache when the engine
// says so for this file (mapFrom, streams), and reports whether it did. A
// file whose start holds NULs is read, unless searched as text
// (Config.MapNULs): its NULs become line ends in the buffer, and writing
// them into a map costs more than the copy it saves.
//
// Under drop (the page-cache policy says this file leaves no pages
// cached) a file is not mapped, since a map fills the cache: it is
// streamed around the cache when it is large and mostly not cached, and
// otherwise read with uncached reads; --io=mmap still maps it, and gives
// the pages back behind the search.
func (w *reader) large(in *Input, f walk.File, drop bool) bool {
	r := w.r
	if r.cfg.Engine == EnginePread || !f.ShortIsEOF {
		return false // not a plain disk file: its size may not tell its bytes
	}
	if !r.cfg.MapNULs && bytes.IndexByte(in.Head, 0) >= 0 {
		return false // checked first: it spares the binaries an fstat
	}
	st, err := osfile.Stat(in.fd)
	if err != nil || !st.Regular || st.Size == 0 {
		return false
	}
	if st.Sparse {
		return false // mostly holes: read, so that the holes can be skipped
	}
	in.Size = st.Size
	if len(in.Head) == 0 && r.cfg.Sniffer != nil && r.peekStreams(in.fd) {
		return false // read, and sniffed from its first read (a search's Stream)
	}
	if stream, done, ok := w.streamAround(in.fd, st.Size, drop); ok {
		r.stats.Direct.Add(1)
		in.Shape, in.Stream, in.done = Streamed, stream, done
		return true
	}
	if least := r.cfg.Engine.mapFrom(); least == 0 || st.Size < least || drop && r.cfg.Engine != EngineMmap {
		return false
	}
	if r.cfg.Engine != EngineMmap && !readsAround && osfile.TooLargeToCache(st.Size) {
		return false // read with the fixed buffers: see readsAround
	}
	m, err := osfile.Map(in.fd, st.Size, r.cfg.MapChunk, &r.held)
	if err != nil {
		return false
	}
	if drop {
		m.DropBehind()
	}
	r.knobs.faults.At("mapped", f.Path)
	r.stats.Mapped.Add(1)
	in.Shape, in.Map = Mapped, m
	return true
}

// close gives back what the input holds: map, stream, descriptor (the
// ring's or the pread reader's: either way, the input owns it).
func (in *Input) close() {
	if in.Map != nil {
		in.Map.Close()
	}
	if in.done != nil {
		in.done()
	}
	if in.uncached != nil {
		in.uncached.DropRead() // a search that stopped before the end
	}
	if in.fd != osfile.NoHandle {
		osfile.CloseHandle(in.fd)
	}
}
