package sched

import (
	"bytes"
	"io"

	"urg/osfile"
	"urg/search"
	"urg/transcode"
	"urg/walk"
)

// shape is how a source hands a file's bytes to the searcher.
type shape uint8

const (
	shapeBuffer shape = iota // head is the whole file, in the ring's buffer
	shapeReader              // head (what the ring read, maybe nothing), then rest
	shapeMapped              // the file through a memory map
	shapeStream              // the file read around the page cache
	shapeStdin               // standard input, read from where its offset is
	shapeZip                 // a compressed file, decompressed (head, then rest)
	shapePre                 // what the preprocessor writes for the file at path
)

// source is one file's bytes in the shape its search takes them on.
type source struct {
	shape  shape
	head   []byte          // the file's start, as the ring read it
	rest   io.Reader       // shapeReader: the file after head
	mapped *osfile.Mapping // shapeMapped
	stream search.Stream   // shapeStream
	size   int64           // shapeMapped, shapeStream: the file's size
	fd     osfile.Handle   // the file's handle, NoHandle when none is open
	done   func()          // ends the stream, when there is one
	// uncached is rest when it reads without leaving pages cached: what
	// it read is dropped at the end, where RWF_DONTCACHE was refused.
	uncached *osfile.File
	zip      zipped // shapeZip
	path     string // shapePre
}

// mapMin is the size from which a file is searched through a memory map
// rather than read (under auto, uring and direct): see osfile.Mapping
// for why.
const mapMin = 1 << 20

// splitMin is the size from which a mapped file is searched on every core
// at once: four pieces or more, so that the cores share it evenly.
const splitMin = 4 * search.DefaultPiece

// splitRelease is how far a split search moves on between releases of the
// pages behind it: each release interrupts every core of the search to
// flush its TLB, so a split releases in larger steps than one core does
// (see docs/decisions.md#splitrelease-32-mib-steps-for-a-split-search-schedsourcego-was-schedschedgo).
const splitRelease = 32 << 20

// open turns file f into the source its search reads: the one place
// where the reader of a file is chosen. rd is what the ring read of f
// (nil: nothing). A regular file on a disk file system may be mapped or
// streamed around the page cache, as the engine says (large); anything
// else is read, going on from what the ring read.
func (w *worker) open(f walk.File, rd *readDone) (*source, error) {
	r := w.r
	switch {
	case r.cfg.Pre.takes(f.Path):
		// The file is the preprocessor's to read: what a reader
		// before opened of it is given back.
		if rd != nil && rd.fd != osfile.NoHandle {
			osfile.CloseHandle(rd.fd)
		}
		w.src = source{shape: shapePre, fd: osfile.NoHandle, path: f.Path}
		return &w.src, nil
	case rd != nil && rd.err != nil:
		return nil, rd.err
	case rd != nil && rd.fd == osfile.NoHandle:
		if rd.via == viaCached {
			r.stats.Cached.Add(1)
		} else {
			r.stats.RingWhole.Add(1)
		}
		w.src = source{shape: shapeBuffer, head: rd.data, fd: osfile.NoHandle}
		if r.cfg.SearchZip || r.cfg.Encoding.Sniffs() {
			w.openSniffed(&w.src, f, rd, nil, false)
		}
		return &w.src, nil
	case f.Path == walk.StdinPath:
		w.src = source{shape: shapeStdin, fd: osfile.NoHandle}
		return &w.src, nil
	}
	w.src = source{shape: shapeReader, fd: osfile.NoHandle}
	src := &w.src
	drop := r.dropping(f.Size)
	var file *osfile.File
	if rd != nil {
		src.head, src.fd = rd.data, rd.fd
	} else {
		w.at("open", f.Path)
		var err error
		file, err = osfile.Open(f.Path, f.ShortIsEOF)
		if err != nil {
			return nil, err
		}
		w.at("opened", f.Path)
		src.fd, src.rest = file.Fd(), file
	}
	if (r.cfg.SearchZip || r.cfg.Encoding.Sniffs()) && w.openSniffed(src, f, rd, file, drop) {
		return src, nil
	}
	if w.large(src, f, drop) {
		return src, nil
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
		file = osfile.Resume(src.fd, int64(len(src.head)), f.ShortIsEOF)
		src.rest = file
	}
	if drop {
		// Pages the non-blocking path found cached were someone's
		// before this search: only what is read from here on is
		// dropped. The ring's reads of a file's start left nothing
		// cached, or, where RWF_DONTCACHE was refused, are dropped
		// with the rest.
		from := int64(0)
		if rd != nil && rd.via == viaCached {
			from = int64(len(src.head))
		}
		r.uncache(file, f.Path, from)
		src.uncached = file
	}
	return src, nil
}

// large makes src a map or a stream around the page cache when the engine
// says so for this file (mapFrom, streams), and reports whether it did. A
// file whose start holds NULs is read, unless searched as text: its NULs
// become line ends in the buffer, and writing them into a map costs more
// than the copy it saves.
//
// Under drop (the page-cache policy says this file leaves no pages
// cached) a file is not mapped, since a map fills the cache: it is
// streamed around the cache when it is large and mostly not cached, and
// otherwise read with uncached reads; --io=mmap still maps it, and gives
// the pages back behind the search.
func (w *worker) large(src *source, f walk.File, drop bool) bool {
	r := w.r
	if r.cfg.Engine == EnginePread || !f.ShortIsEOF {
		return false // not a plain disk file: its size may not tell its bytes
	}
	if r.cfg.Search.Binary != search.BinaryText && bytes.IndexByte(src.head, 0) >= 0 {
		return false // checked first: it spares the binaries an fstat
	}
	st, err := osfile.Stat(src.fd)
	if err != nil || !st.Regular || st.Size == 0 {
		return false
	}
	if st.Sparse {
		return false // mostly holes: read, so that the holes can be skipped
	}
	src.size = st.Size
	if len(src.head) == 0 && r.cfg.Encoding.Sniffs() && marked(src.fd, r.cfg.Encoding) {
		return false // read transcoded, from its first read (searchRead)
	}
	if stream, done, ok := w.streamAround(src.fd, st.Size, drop); ok {
		r.stats.Direct.Add(1)
		src.shape, src.stream, src.done = shapeStream, stream, done
		return true
	}
	if least := r.cfg.Engine.mapFrom(); least == 0 || st.Size < least || drop && r.cfg.Engine != EngineMmap {
		return false
	}
	if r.cfg.Engine != EngineMmap && !readsAround && osfile.TooLargeToCache(st.Size) {
		return false // read with the fixed buffers: see readsAround
	}
	m, err := osfile.Map(src.fd, st.Size, r.cfg.MapChunk, &r.held)
	if err != nil {
		return false
	}
	if drop {
		m.DropBehind()
	}
	r.cfg.Faults.At("mapped", f.Path)
	r.stats.Mapped.Add(1)
	src.shape, src.mapped = shapeMapped, m
	return true
}

// searchRead searches a file read from its start, through a Stream that
// looks for a byte order mark in its first read (Config.Encoding): a
// file with no head read before is sniffed so, at no cost of a read.
func (w *worker) searchRead(rest io.Reader, sink search.Sink) (search.Result, error) {
	if w.r.cfg.Encoding.Sniffs() {
		rest = w.r.cfg.Encoding.NewStream(rest)
	}
	return w.s.Search(rest, sink)
}

// marked says whether the file open as fd starts with a byte order mark
// that enc heeds, read at its start without moving its offset: for a
// large file, which is mapped or streamed rather than read from the
// start by a Stream.
func marked(fd osfile.Handle, enc transcode.Mode) bool {
	var head [transcode.HeadLen]byte
	n, _ := io.ReadFull(osfile.Resume(fd, 0, true), head[:])
	return enc.For(head[:n]) != nil
}

// close gives back what the source holds: map, stream, descriptor (the
// ring's or the pread reader's: either way, the source owns it).
func (src *source) close() {
	if src.mapped != nil {
		src.mapped.Close()
	}
	if src.done != nil {
		src.done()
	}
	if src.uncached != nil {
		src.uncached.DropRead() // a search that stopped before the end
	}
	if src.fd != osfile.NoHandle {
		osfile.CloseHandle(src.fd)
	}
}

// search searches src with the worker's searcher, or on every core when
// the file is large enough and the cores are free (takeSplit).
func (w *worker) search(src *source, sink search.Sink) (search.Result, error) {
	r := w.r
	switch src.shape {
	case shapeBuffer:
		return w.s.SearchBuffer(src.head, nil, sink)
	case shapeStdin:
		return w.searchStdin(sink)
	case shapeZip:
		return w.searchZip(src, sink)
	case shapePre:
		return w.searchPre(src.path, sink)
	case shapeMapped:
		return w.searchMapped(src.mapped, sink)
	case shapeStream:
		if done, ok := r.takeSplit(src.size); ok {
			defer done()
			fd := src.fd
			rest := func(off int64) io.Reader { return osfile.Resume(fd, off, true) }
			return r.split.SearchStream(src.stream, rest, sink)
		}
		return w.s.Search(&streamReader{st: src.stream}, sink)
	}
	if src.head != nil {
		return w.s.SearchBuffer(src.head, src.rest, sink)
	}
	return w.searchRead(src.rest, sink)
}

// searchMapped searches a mapped file, on every core when it is large; a
// file truncated under the map is an error, not a crash.
func (w *worker) searchMapped(m *osfile.Mapping, sink search.Sink) (res search.Result, err error) {
	searchFn := w.s.SearchMapped
	if done, ok := w.r.takeSplit(int64(len(m.Bytes()))); ok {
		defer done()
		searchFn = w.r.split.SearchMapped
		m.SetReleaseStep(splitRelease)
	}
	err = osfile.Protect(func() error {
		var serr error
		res, serr = searchFn(m, sink)
		return serr
	})
	return res, err
}

// takeSplit reports whether a file of size bytes is searched on every
// core: it is large enough, and no other file has the cores (one split
// at a time, since a second would find them busy). done gives them back.
func (r *run) takeSplit(size int64) (done func(), ok bool) {
	if r.split == nil || size < int64(r.cfg.SplitMin) {
		return nil, false
	}
	select {
	case r.splitting <- struct{}{}:
		r.stats.Split.Add(1)
		return func() { <-r.splitting }, true
	default:
		return nil, false
	}
}

// streamReader reads a Stream in order as an io.Reader, by copying, for
// searches that are not split.
type streamReader struct {
	st   search.Stream
	data []byte
	held bool
}

func (sr *streamReader) Read(p []byte) (int, error) {
	for len(sr.data) == 0 {
		if sr.held {
			sr.st.Done()
			sr.held = false
		}
		_, data, err := sr.st.Next()
		if err != nil {
			return 0, err
		}
		sr.data, sr.held = data, true
	}
	n := copy(p, sr.data)
	sr.data = sr.data[n:]
	return n, nil
}
