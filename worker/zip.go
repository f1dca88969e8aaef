package worker

import (
	"bytes"
	"io"

	"urg/decompress"
	"urg/sched"
	"urg/search"
	"urg/transcode"
)

// sniffer is the engine's Sniffer for a run that searches compressed
// files decompressed (zip) or transcodes them (enc): such a file is read
// in order, as a stream, neither mapped nor split.
type sniffer struct {
	zip bool
	enc transcode.Mode
}

// Streams says a file that starts with head is decompressed or
// transcoded.
func (s sniffer) Streams(head []byte) bool {
	if s.zip && decompress.Sniff(head) != decompress.None {
		return true
	}
	return s.enc.For(head) != nil
}

// Eager says every file's start is looked at: for a magic, or because
// every file is transcoded.
func (s sniffer) Eager() bool { return s.zip || s.enc.Always() }

// Len is how many first bytes tell a magic, or a byte order mark.
func (s sniffer) Len() int {
	if s.Eager() {
		return max(decompress.SniffLen, transcode.HeadLen)
	}
	return transcode.HeadLen
}

// searchSniffed searches a compressed file's decompressed stream, or a
// file's transcoded one, as standard input is searched: read in order by
// the searcher. A decompressed stream's own mark is heeded as a file's
// is. Its errors (a truncated or corrupt stream) end the search after the
// lines found before them.
func (w *searcher) searchSniffed(in *sched.Input, sink search.Sink) (search.Result, error) {
	if in.Err != nil {
		return search.Result{}, in.Err
	}
	var raw io.Reader = bytes.NewReader(in.Head)
	if in.Rest != nil {
		raw = io.MultiReader(raw, in.Rest)
	}
	if w.r.cfg.SearchZip {
		if format := decompress.Sniff(in.Head); format != decompress.None {
			dr, err := decompress.NewReader(format, raw)
			if err != nil {
				return search.Result{}, err
			}
			defer dr.Close()
			raw = dr
		}
	}
	return w.s.Search(w.r.cfg.Encoding.NewStream(raw), sink)
}
