// Package decompress recognises compressed streams by their first bytes
// and reads them decompressed, as a stream: whatever a stream's size, what
// it holds in memory is bounded by its format, never by the length of the
// data: a deflate window (32 KiB), a bzip2 block (900 kB), an lz4 block
// (4 MiB; 8 MiB in the legacy frame), a zstd window (as the stream asks,
// at most MaxWindow), an xz dictionary (as the stream asks, with no cap,
// as the xz tool takes it: 64 MiB at most for its presets).
package decompress

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
	"github.com/ulikunitz/xz/lzma"
)

// Format is a compressed stream's format.
type Format uint8

// The formats; None is data that no known magic starts.
const (
	None Format = iota
	Gzip
	Bzip2
	Xz
	Zstd
	Lz4
	Lzma     // LZMA-alone, the .lzma of xz --format=lzma
	Compress // compress(1)'s LZW, the .Z format
)

var formatNames = [...]string{None: "none", Gzip: "gzip", Bzip2: "bzip2", Xz: "xz", Zstd: "zstd", Lz4: "lz4", Lzma: "lzma", Compress: "compress"}

// String is the format's name, as messages give it.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", f)
}

// SniffLen is how many bytes of a stream's start Sniff looks at, at most:
// a shorter head is enough when the stream itself is shorter.
const SniffLen = 13

// The magic numbers. A bzip2 stream's magic is only three letters and a
// digit, which text can start with, so the first block's magic (or the
// end-of-stream one of an empty stream) is checked too.
var (
	gzipMagic      = []byte{0x1f, 0x8b, 0x08} // with deflate, gzip's only method
	bzip2Magic     = []byte("BZh")
	bzip2Block     = []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59}
	bzip2End       = []byte{0x17, 0x72, 0x45, 0x38, 0x50, 0x90}
	xzMagic        = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}
	zstdMagic      = []byte{0x28, 0xb5, 0x2f, 0xfd}
	lz4Magic       = []byte{0x04, 0x22, 0x4d, 0x18}
	lz4LegacyMagic = []byte{0x02, 0x21, 0x4c, 0x18}
)

// Sniff tells the format of the stream that starts with head (SniffLen
// bytes, or the whole stream when it is shorter); None when no known
// magic starts it. Streams that start with a skippable frame, which zstd
// and lz4 share, are not recognised.
func Sniff(head []byte) Format {
	switch {
	case bytes.HasPrefix(head, gzipMagic) && len(head) > 3 && head[3]&0xe0 == 0:
		return Gzip // the flags' reserved bits clear, as gzip checks
	case bytes.HasPrefix(head, xzMagic):
		return Xz
	case bytes.HasPrefix(head, zstdMagic):
		return Zstd
	case bytes.HasPrefix(head, lz4Magic), bytes.HasPrefix(head, lz4LegacyMagic):
		return Lz4
	case bytes.HasPrefix(head, lzwMagic) && len(head) > 2 && head[2]&0x60 == 0 && 9 <= head[2]&lzwBitsMask && head[2]&lzwBitsMask <= 16:
		return Compress
	case lzmaHeader(head):
		return Lzma
	case len(head) >= 10 && bytes.HasPrefix(head, bzip2Magic) && '1' <= head[3] && head[3] <= '9' &&
		(bytes.Equal(head[4:10], bzip2Block) || bytes.Equal(head[4:10], bzip2End)):
		return Bzip2
	}
	return None
}

// lzmaHeader says whether head starts as a .lzma stream does: it has no
// magic, so its header is checked as file(1) checks it: the properties
// every encoder of the format uses by default (lc=3, lp=0, pb=2), a
// dictionary of a size the encoders choose (2^n or 2^n+2^(n-1), 4 KiB
// to 1.5 GiB), and a size that is unknown (all ones) or below 2^48.
// Text cannot start so: the header holds NUL bytes.
func lzmaHeader(head []byte) bool {
	if len(head) < 13 || head[0] != 0x5d {
		return false
	}
	dict := binary.LittleEndian.Uint32(head[1:5])
	n := bits.Len32(dict) - 1
	if n < 12 || n > 30 || dict != 1<<n && dict != 1<<n|1<<(n-1) {
		return false
	}
	size := binary.LittleEndian.Uint64(head[5:13])
	return size == 1<<64-1 || size < 1<<48
}

// MaxWindow is the largest zstd window a stream may ask for, as the zstd
// tool's decoder takes by default (--memory=128MB): a larger one is an
// error rather than that much memory.
const MaxWindow = 128 << 20

// readSize is how much of the compressed stream one read takes.
const readSize = 64 << 10

// ErrTruncated is the cause of an error for a stream that ends before its
// format says it does.
var ErrTruncated = errors.New("truncated")

// Error is why a stream could not be decompressed: its data is truncated
// or corrupt. An error of the reader underneath is passed on as it is.
type Error struct {
	Format Format
	// Err is ErrTruncated, or what the decoder found wrong.
	Err error
}

func (e *Error) Error() string {
	if e.Err == ErrTruncated {
		return fmt.Sprintf("truncated %s stream", e.Format)
	}
	return fmt.Sprintf("corrupt %s stream: %v", e.Format, e.Err)
}

// Unwrap is the cause, so that errors.Is(err, ErrTruncated) holds for a
// truncated stream.
func (e *Error) Unwrap() error { return e.Err }

// NewReader returns the decompressed stream of r, compressed in format f.
// Concatenated streams of f (gzip members, bzip2 streams, xz streams,
// zstd and lz4 frames) read as one, as their command-line tools read
// them. Its errors are *Error, except those of r itself, which come as r
// gave them. Close frees what the decoder holds; it does not close r.
func NewReader(f Format, r io.Reader) (io.ReadCloser, error) {
	src := &source{r: r}
	dr := &reader{format: f, src: src}
	// Every decoder reads through one buffer: some read a few bytes at a
	// time, and each read of a file is a system call.
	in := bufio.NewReaderSize(src, readSize)
	var err error
	switch f {
	case Gzip:
		var z *gzip.Reader
		if z, err = gzip.NewReader(in); err == nil {
			z.Multistream(false)
			dr.dec = &gzipMembers{z: z, in: in}
		}
	case Bzip2:
		dr.dec = bzip2.NewReader(in)
	case Xz:
		// The dictionary is the size each stream's header gives: the
		// configured one is only a floor, which the smallest keeps
		// from costing small files 8 MiB each.
		cfg := xz.ReaderConfig{DictCap: 4 << 10}
		dr.dec, err = cfg.NewReader(in)
	case Zstd:
		var d *zstd.Decoder
		// One decoder, no goroutines decoding ahead, and a bounded
		// window: the memory of one block and one window.
		d, err = zstd.NewReader(in, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(MaxWindow), zstd.WithDecoderMaxMemory(MaxWindow))
		if err == nil {
			dr.dec, dr.close = d, d.Close
		}
	case Lz4:
		dr.dec = lz4.NewReader(in) // its default concurrency, 1: no goroutines decoding ahead
	case Lzma:
		// The dictionary is the header's, up to 1 GiB (the lzma
		// tool's -9 makes 64 MiB): a larger one is an error.
		dr.dec, err = lzma.ReaderConfig{DictCap: 1 << 30}.NewReader(in)
	case Compress:
		dr.dec, err = newLZW(in)
	default:
		return nil, fmt.Errorf("decompress: no reader for format %v", f)
	}
	if err != nil {
		return nil, dr.wrap(err)
	}
	return dr, nil
}

// gzipMembers reads gzip members one after the other as one stream, as
// gzip -d does: zeros after the last member are padding (of a tape
// block, say), anything else there is an error.
type gzipMembers struct {
	z  *gzip.Reader
	in *bufio.Reader
}

// errGarbage is the error of bytes after the last member that are
// neither a member nor padding.
var errGarbage = errors.New("trailing garbage after the last member")

func (g *gzipMembers) Read(p []byte) (int, error) {
	for {
		n, err := g.z.Read(p)
		if err != io.EOF {
			return n, err
		}
		next, perr := g.in.Peek(len(gzipMagic))
		switch {
		case len(next) == 0:
			return n, perr // the end, or the reader's error
		case perr == io.EOF && bytes.HasPrefix(gzipMagic, next):
			return n, io.ErrUnexpectedEOF // a member cut within its magic
		case bytes.Equal(next, gzipMagic):
			if err := g.z.Reset(g.in); err != nil {
				return n, err
			}
			g.z.Multistream(false)
		case next[0] == 0:
			return n, g.padding()
		default:
			return n, errGarbage
		}
		if n > 0 {
			return n, nil
		}
	}
}

// padding reads the zeros after the last member to the end: io.EOF, or
// errGarbage when something else is there.
func (g *gzipMembers) padding() error {
	for {
		b, err := g.in.ReadByte()
		switch {
		case err != nil:
			return err
		case b != 0:
			return errGarbage
		}
	}
}

// reader is a decompressed stream whose errors say what was wrong.
type reader struct {
	format Format
	src    *source
	dec    io.Reader
	close  func() // nil when the decoder holds nothing to free
	err    error  // the first error, returned from then on
}

func (dr *reader) Read(p []byte) (int, error) {
	if dr.err != nil {
		return 0, dr.err
	}
	n, err := dr.dec.Read(p)
	if err == io.EOF && dr.format == Xz && !bytes.Equal(dr.src.tail[:], xzFooterMagic) && dr.src.tail != [2]byte{} {
		// The xz module ends a stream cut within its first block's
		// header as if it were whole; an xz stream ends with its
		// footer's magic (or the zeros of padding after it), and
		// xz -d calls that cut truncated.
		err = io.ErrUnexpectedEOF
	}
	if err != nil && err != io.EOF {
		err = dr.wrap(err)
		dr.err = err
	}
	return n, err
}

// xzFooterMagic ends every xz stream.
var xzFooterMagic = []byte("YZ")

// Close frees the decoder's memory.
func (dr *reader) Close() error {
	if dr.close != nil {
		dr.close()
		dr.close = nil
	}
	if dr.err == nil {
		dr.err = errors.New("decompress: read after Close")
	}
	return nil
}

// wrap turns a decoder's error into an *Error, unless it came from the
// reader underneath: an I/O error is the file's, whatever the decoder
// made of it.
func (dr *reader) wrap(err error) error {
	if dr.src.err != nil {
		return dr.src.err
	}
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		// io.EOF here is a stream that ended where a header was due
		// (gzip's first member, an xz stream's header).
		return &Error{Format: dr.format, Err: ErrTruncated}
	}
	return &Error{Format: dr.format, Err: err}
}

// source is the compressed stream, noting the error it returned, if any,
// so that it is not mistaken for corrupt data.
type source struct {
	r    io.Reader
	err  error
	tail [2]byte // the last two bytes read
}

func (s *source) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	switch {
	case n >= 2:
		copy(s.tail[:], p[n-2:n])
	case n == 1:
		s.tail[0], s.tail[1] = s.tail[1], p[0]
	}
	return n, err
}
