package sched

import (
	"bytes"
	"io"

	"urg/decompress"
	"urg/fallback"
	"urg/search"
	"urg/walk"
)

// zipped is what a source searched decompressed (shapeZip) needs beyond
// its head and rest: the stream's format, or the error that reading the
// file's first bytes met, which its search then reports.
type zipped struct {
	format decompress.Format
	err    error
}

// zipHead is how much of a file's start is read to look for a magic when
// no reader before read any: a page, so that the reads after it stay
// aligned.
const zipHead = 4 << 10

// openZip looks at the start of file f, open as src, for the magic of a
// compressed stream (Config.SearchZip). When one is there, src becomes a
// shapeZip source, reading the compressed bytes on from its head, and
// openZip says true; otherwise src goes the way it would have, and false.
//
// src's head is what a reader before it read (the ring, the non-blocking
// path): the whole file when src.fd is NoHandle. When it is too short to tell,
// openZip reads the file's first bytes into it, with file (the file read
// from its start; nil when a reader before read the head) or else from
// where the head ends; the head then goes into the search like a ring's.
// drop says the file leaves no pages cached, as open applies it; rd is
// the read before (nil: none).
func (w *worker) openZip(src *source, f walk.File, rd *readDone, file *fallback.File, drop bool) bool {
	r := w.r
	if src.fd == fallback.NoHandle {
		if format := decompress.Sniff(src.head); format != decompress.None {
			src.shape, src.zip = shapeZip, zipped{format: format}
		}
		return src.shape == shapeZip
	}
	from := int64(0) // where the pages to drop start (see open)
	if rd != nil && rd.via == viaCached {
		from = int64(len(src.head))
	}
	if file == nil {
		file = fallback.Resume(src.fd, int64(len(src.head)), f.ShortIsEOF)
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
	format := decompress.Sniff(src.head)
	if format == decompress.None {
		return false
	}
	src.shape, src.zip, src.rest = shapeZip, zipped{format: format}, file
	if drop {
		r.uncache(file, f.Path, from)
		src.uncached = file
	}
	return true
}

// searchZip searches a compressed file's decompressed stream, as standard
// input is searched: read in order by the worker's searcher. Its errors
// (a truncated or corrupt stream) end the search after the lines found
// before them.
func (w *worker) searchZip(src *source, sink search.Sink) (search.Result, error) {
	if src.zip.err != nil {
		return search.Result{}, src.zip.err
	}
	var raw io.Reader = bytes.NewReader(src.head)
	if src.rest != nil {
		raw = io.MultiReader(raw, src.rest)
	}
	dr, err := decompress.NewReader(src.zip.format, raw)
	if err != nil {
		return search.Result{}, err
	}
	defer dr.Close()
	return w.s.Search(dr, sink)
}
