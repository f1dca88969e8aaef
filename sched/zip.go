package sched

import (
	"bytes"
	"io"

	"urg/decompress"
	"urg/osfile"
	"urg/search"
	"urg/transcode"
	"urg/walk"
)

// zipped is what a source searched as a stream (shapeZip) needs beyond
// its head and rest: the compressed stream's format, or how its text is
// transcoded (Config.Encoding), or the error that reading the file's
// first bytes met, which its search then reports.
type zipped struct {
	format decompress.Format // None: transcoded only
	err    error
}

// zipHead is how much of a file's start is read to look for a magic when
// no reader before read any: a page, so that the reads after it stay
// aligned.
const zipHead = 4 << 10

// openSniffed looks at the start of file f, open as src, for the magic of
// a compressed stream (Config.SearchZip) or a byte order mark, or any
// start at all when the encoding transcodes every file
// (Config.Encoding). When one is there, src becomes a shapeZip source,
// reading the file's bytes on from its head, and openSniffed says true;
// otherwise src goes the way it would have, and false.
//
// src's head is what a reader before it read (the ring, the non-blocking
// path): the whole file when src.fd is NoHandle. When it is too short to tell,
// openSniffed reads the file's first bytes into it, with file (the file read
// from its start; nil when a reader before read the head) or else from
// where the head ends; the head then goes into the search like a ring's.
// drop says the file leaves no pages cached, as open applies it; rd is
// the read before (nil: none).
func (w *worker) openSniffed(src *source, f walk.File, rd *readDone, file *osfile.File, drop bool) bool {
	r := w.r
	if src.fd == osfile.NoHandle {
		if z, ok := r.sniff(src.head); ok {
			src.shape, src.zip = shapeZip, z
		}
		return src.shape == shapeZip
	}
	if !r.cfg.SearchZip && !r.cfg.Encoding.Always() && (len(src.head) == 0 || len(src.head) >= transcode.HeadLen && r.cfg.Encoding.For(src.head) == nil) {
		// No magic looked for, and the head tells that no mark
		// starts the file, or nothing was read of it: it goes on as
		// it would have, with no read more. Read, its first read
		// looks for the mark (searchRead); mapped, large looks.
		return false
	}
	from := int64(0) // where the pages to drop start (see open)
	if rd != nil && rd.via == viaCached {
		from = int64(len(src.head))
	}
	if file == nil {
		file = osfile.Resume(src.fd, int64(len(src.head)), f.ShortIsEOF)
	}
	if len(src.head) < decompress.SniffLen {
		buf := w.headBuf()
		n := copy(buf, src.head)
		m, err := io.ReadAtLeast(file, buf[n:zipHead], decompress.SniffLen-n)
		src.head = buf[:n+m]
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			src.shape, src.zip = shapeZip, zipped{err: err}
			return true
		}
	}
	z, ok := r.sniff(src.head)
	if !ok {
		return false
	}
	src.shape, src.zip, src.rest = shapeZip, z, file
	if drop {
		r.uncache(file, f.Path, from)
		src.uncached = file
	}
	return true
}

// sniff says how a file that starts with head is searched as a stream:
// decompressed (SearchZip), transcoded (Encoding), or neither (false).
func (r *run) sniff(head []byte) (zipped, bool) {
	if r.cfg.SearchZip {
		if format := decompress.Sniff(head); format != decompress.None {
			return zipped{format: format}, true
		}
	}
	if r.cfg.Encoding.For(head) != nil {
		return zipped{}, true
	}
	return zipped{}, false
}

// searchZip searches a compressed file's decompressed stream, or a file's
// transcoded one, as standard input is searched: read in order by the
// worker's searcher. A decompressed stream's own mark is heeded as a
// file's is. Its errors (a truncated or corrupt stream) end the search
// after the lines found before them.
func (w *worker) searchZip(src *source, sink search.Sink) (search.Result, error) {
	if src.zip.err != nil {
		return search.Result{}, src.zip.err
	}
	var raw io.Reader = bytes.NewReader(src.head)
	if src.rest != nil {
		raw = io.MultiReader(raw, src.rest)
	}
	if src.zip.format != decompress.None {
		dr, err := decompress.NewReader(src.zip.format, raw)
		if err != nil {
			return search.Result{}, err
		}
		defer dr.Close()
		raw = dr
	}
	return w.s.Search(w.r.cfg.Encoding.NewStream(raw), sink)
}
