// Package transcode reads text in another encoding than UTF-8 as UTF-8,
// as ripgrep's --encoding does: a file that starts with a byte order
// mark is read in the encoding the mark names, and --encoding names one
// for the rest (any label of the WHATWG Encoding Standard's). What the
// search then reads, and prints, is UTF-8; a sequence the encoding does
// not hold becomes U+FFFD.
package transcode

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// Mode is what the command line says of encodings.
type Mode struct {
	// off: --encoding=none, bytes as they are, marks and all.
	off bool
	// utf8BOM: a UTF-8 mark is dropped (any --encoding but none); by
	// default it is kept and searched, as grep reads it.
	utf8BOM bool
	// enc is the encoding of files without a mark: nil for bytes as
	// they are (auto, and UTF-8, whose invalid bytes ripgrep keeps).
	enc encoding.Encoding
}

// Default is urg's reading with no --encoding: files that start with a
// UTF-16 mark are read as UTF-16, as ripgrep reads them; the rest, a
// UTF-8 mark included, as they are, as grep reads them.
func Default() Mode { return Mode{} }

// Parse returns the Mode that --encoding=label names: auto (ripgrep's
// default: the marks of UTF-8 and UTF-16 are heeded), none, or an
// encoding's label (which a file's mark still overrides).
func Parse(label string) (Mode, error) {
	switch l := strings.ToLower(strings.TrimSpace(label)); l {
	case "auto":
		return Mode{utf8BOM: true}, nil
	case "none":
		return Mode{off: true}, nil
	default:
		enc, err := htmlindex.Get(l)
		if err != nil {
			return Mode{}, fmt.Errorf("unknown encoding %q (want auto, none or a label of the WHATWG Encoding Standard)", label)
		}
		if name, _ := htmlindex.Name(enc); name == "utf-8" {
			enc = nil
		}
		return Mode{utf8BOM: true, enc: enc}, nil
	}
}

// Sniffs says whether a file's first bytes must be looked at (For).
func (m Mode) Sniffs() bool { return !m.off }

// Always says whether every file is transcoded, marked or not.
func (m Mode) Always() bool { return m.enc != nil }

// HeadLen is how many bytes of a stream's start For needs, at most.
const HeadLen = 3

// Decoding is how one stream is read: its mark skipped, then decoded.
type Decoding struct {
	skip int
	enc  encoding.Encoding // nil: the bytes as they are
}

var (
	utf8Mark    = []byte{0xef, 0xbb, 0xbf}
	utf16LEMark = []byte{0xff, 0xfe}
	utf16BEMark = []byte{0xfe, 0xff}
)

// For returns how to read the stream that starts with head (HeadLen
// bytes, or all of a shorter stream), nil when as it is.
func (m Mode) For(head []byte) *Decoding {
	switch {
	case m.off:
		return nil
	case bytes.HasPrefix(head, utf16LEMark):
		return &Decoding{skip: 2, enc: unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)}
	case bytes.HasPrefix(head, utf16BEMark):
		return &Decoding{skip: 2, enc: unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)}
	case m.utf8BOM && bytes.HasPrefix(head, utf8Mark):
		return &Decoding{skip: 3}
	case m.enc != nil:
		return &Decoding{enc: m.enc}
	}
	return nil
}

// MayBeMarked says whether head, a stream's start, could begin a mark
// that For heeds and is not yet all of it, so that more of it must be
// read before For can tell.
func (m Mode) MayBeMarked(head []byte) bool {
	if m.off {
		return false
	}
	return begins(utf16LEMark, head) || begins(utf16BEMark, head) || m.utf8BOM && begins(utf8Mark, head)
}

// begins says whether head is a proper prefix of mark.
func begins(mark, head []byte) bool { return len(head) < len(mark) && bytes.HasPrefix(mark, head) }

// Stream is a stream read as a Mode says: its first read looks for a
// mark in what it brings (reading on only while what came is the start
// of a mark and shorter than one), and the stream is then read through
// the decoding For gives, or as it is. Read as it is, every read is one
// read of the stream beneath, as large as asked: so a line typed at a
// terminal is searched once typed, and what the search read of standard
// input is what it consumed.
type Stream struct {
	m       Mode
	r       io.Reader
	started bool
	out     io.Reader
	dec     *Decoding
}

// NewStream returns r, a whole stream, read as m says.
func (m Mode) NewStream(r io.Reader) *Stream { return &Stream{m: m, r: r, out: r} }

// Transcoded says whether the stream is read through a decoding (or
// without its mark): known once it has been read from.
func (s *Stream) Transcoded() bool { return s.dec != nil }

func (s *Stream) Read(p []byte) (int, error) {
	if s.started || len(p) == 0 {
		return s.out.Read(p)
	}
	s.started = true
	n, err := s.r.Read(p)
	for err == nil && n < len(p) && s.m.MayBeMarked(p[:n]) {
		var k int
		k, err = s.r.Read(p[n:min(len(p), HeadLen)])
		n += k
	}
	if s.dec = s.m.For(p[:n]); s.dec == nil {
		return n, err
	}
	// What came after the mark is decoded before the rest.
	var src io.Reader = bytes.NewReader(bytes.Clone(p[min(s.dec.skip, n):n]))
	if err != nil {
		src = io.MultiReader(src, &failing{err})
	} else {
		src = io.MultiReader(src, s.r)
	}
	s.out = src
	if s.dec.enc != nil {
		s.out = s.dec.enc.NewDecoder().Reader(src)
	}
	return s.out.Read(p)
}

// SkipHole passes over a hole of the file beneath at its read position,
// as the file's reader can (one that skips a sparse file's holes),
// returning how many bytes it passed; 0 when the stream is transcoded,
// or the reader beneath cannot. A file whose start is a hole starts with
// zeros, and so with no mark: it is read as it is.
func (s *Stream) SkipHole() int64 {
	h, ok := s.r.(interface{ SkipHole() int64 })
	if !ok || s.dec != nil {
		return 0
	}
	n := h.SkipHole()
	if n > 0 {
		s.started = true
	}
	return n
}

// failing is a reader that returns its error: the one a read met before
// the stream's mark was known, given after the bytes that read brought.
type failing struct{ err error }

func (f *failing) Read([]byte) (int, error) { return 0, f.err }
