package decompress

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
	"github.com/ulikunitz/xz/lzma"
)

// bzip2Lines is what testdata/lines.bz2 holds (made with bzip2 -9: the
// standard library has no bzip2 writer).
const bzip2Lines = "alpha line one\nbeta needle two\ngamma three\nneedle at the end\n"

// text is data that compresses over several blocks of every format's
// smaller sizes, without being one repeated line.
func text() []byte {
	var b bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&b, "line %d of the test text, needle %d\n", i, i*i%977)
	}
	return b.Bytes()
}

// compress compresses data in format f with the writers of the modules
// that the readers come from; bzip2 has none and returns the fixture,
// whose data is bzip2Lines.
func compress(t *testing.T, f Format, data []byte) []byte {
	t.Helper()
	c, err := compressed(f, data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func compressed(f Format, data []byte) ([]byte, error) {
	var b bytes.Buffer
	var w io.WriteCloser
	var err error
	switch f {
	case Gzip:
		w = gzip.NewWriter(&b)
	case Xz:
		w, err = xz.NewWriter(&b)
	case Zstd:
		w, err = zstd.NewWriter(&b, zstd.WithEncoderConcurrency(1))
	case Lz4:
		w = lz4.NewWriter(&b)
	case Bzip2:
		return os.ReadFile("testdata/lines.bz2")
	default:
		return nil, fmt.Errorf("no writer for %v", f)
	}
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var formats = []Format{Gzip, Bzip2, Xz, Zstd, Lz4}

// sample is a format's test data and its compressed stream.
func sample(t *testing.T, f Format) (data, compressed []byte) {
	data = text()
	if f == Bzip2 {
		data = []byte(bzip2Lines)
	}
	return data, compress(t, f, data)
}

func readAll(f Format, compressed []byte) ([]byte, error) {
	r, err := NewReader(f, bytes.NewReader(compressed))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

func TestSniff(t *testing.T) {
	for _, f := range formats {
		_, c := sample(t, f)
		if got := Sniff(c[:min(len(c), SniffLen)]); got != f {
			t.Errorf("Sniff(%v stream) = %v", f, got)
		}
	}
	for _, head := range []string{
		"", "plain text\n", "\x1f\x8b", "\x1f\x8b\x08", "\x1f\x8b\x08\xff rest",
		"BZh9 is how a bzip2 file starts", "BZh91AY&S", "\xfd7zXZ", "\x28\xb5\x2f",
	} {
		if got := Sniff([]byte(head)); got != None {
			t.Errorf("Sniff(%q) = %v, want none", head, got)
		}
	}
	if got := Sniff([]byte("\x02\x21\x4c\x18 legacy")); got != Lz4 {
		t.Errorf("Sniff(lz4 legacy frame) = %v", got)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			data, c := sample(t, f)
			got, err := readAll(f, c)
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("read %d bytes (err %v), want %d", len(got), err, len(data))
			}
		})
	}
}

// TestConcatenated reads two streams one after the other as one, as
// gzip -d, bzip2 -d, xz -d, zstd -d and lz4 -d do.
func TestConcatenated(t *testing.T) {
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			data, c := sample(t, f)
			two := append(append([]byte{}, c...), c...)
			got, err := readAll(f, two)
			want := append(append([]byte{}, data...), data...)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("read %d bytes (err %v), want %d", len(got), err, len(want))
			}
		})
	}
}

// TestTruncated cuts each stream at several places: every cut is an
// *Error (never a panic, never a silent short read), a cut past the
// headers is ErrTruncated, and what came out is a start of the data.
func TestTruncated(t *testing.T) {
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			data, c := sample(t, f)
			for _, n := range []int{1, 3, SniffLen, len(c) / 3, len(c) / 2, len(c) - 1} {
				got, err := readAll(f, c[:n])
				var e *Error
				if !errors.As(err, &e) || e.Format != f {
					t.Errorf("cut at %d of %d: err %v, want an *Error of %v", n, len(c), err, f)
					continue
				}
				if n >= len(c)/3 && !errors.Is(err, ErrTruncated) {
					t.Errorf("cut at %d of %d: err %v, want ErrTruncated", n, len(c), err)
				}
				if !bytes.HasPrefix(data, got) {
					t.Errorf("cut at %d: read %d bytes that do not start the data", n, len(got))
				}
			}
		})
	}
}

// TestCorrupt changes bytes in the middle of each stream: an *Error,
// never a panic and never the data as if nothing were wrong.
func TestCorrupt(t *testing.T) {
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			data, c := sample(t, f)
			for _, at := range []int{SniffLen, len(c) / 2, len(c) - 5} {
				bad := append([]byte{}, c...)
				for i := at; i < min(at+4, len(bad)); i++ {
					bad[i] ^= 0x55
				}
				got, err := readAll(f, bad)
				var e *Error
				if !errors.As(err, &e) {
					t.Errorf("corrupt at %d of %d: err %v (read %d bytes, same data %v), want an *Error",
						at, len(c), err, len(got), bytes.Equal(got, data))
				}
			}
		})
	}
}

// TestTrailingGarbage: data after the last stream that starts no other is
// an error too, after the data.
func TestTrailingGarbage(t *testing.T) {
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			data, c := sample(t, f)
			got, err := readAll(f, append(append([]byte{}, c...), "not compressed at all\n"...))
			if err == nil || !bytes.HasPrefix(data, got) {
				t.Errorf("err %v after %d bytes, want an error after a start of the data", err, len(got))
			}
		})
	}
}

// TestGzipPadding: zeros after the last member are padding, as gzip -d
// takes them; a member cut within its magic is a truncated stream.
func TestGzipPadding(t *testing.T) {
	data, c := sample(t, Gzip)
	got, err := readAll(Gzip, append(append([]byte{}, c...), make([]byte, 512)...))
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("padded with zeros: %d bytes, err %v; want the data, no error", len(got), err)
	}
	got, err = readAll(Gzip, append(append([]byte{}, c...), 0x1f, 0x8b))
	if !errors.Is(err, ErrTruncated) || !bytes.Equal(got, data) {
		t.Errorf("a second member's magic cut: %d bytes, err %v; want the data, then ErrTruncated", len(got), err)
	}
	got, err = readAll(Gzip, append(append([]byte{}, c...), 0, 0, 1))
	if !errors.Is(err, errGarbage) || !bytes.Equal(got, data) {
		t.Errorf("zeros, then not: %d bytes, err %v; want the data, then errGarbage", len(got), err)
	}
}

// failAfter gives n bytes of r and then err.
type failAfter struct {
	r   io.Reader
	n   int
	err error
}

func (fa *failAfter) Read(p []byte) (int, error) {
	if fa.n <= 0 {
		return 0, fa.err
	}
	n, err := fa.r.Read(p[:min(len(p), fa.n)])
	fa.n -= n
	return n, err
}

// TestReaderError: an error of the reader underneath comes out as it
// is, not as corrupt data.
func TestReaderError(t *testing.T) {
	eio := errors.New("input/output error")
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			_, c := sample(t, f)
			r, err := NewReader(f, &failAfter{r: bytes.NewReader(c), n: len(c) / 2, err: eio})
			if err == nil {
				defer r.Close()
				_, err = io.ReadAll(r)
			}
			if err != eio {
				t.Errorf("err %v, want the reader's own", err)
			}
		})
	}
}

func TestNoneHasNoReader(t *testing.T) {
	if _, err := NewReader(None, bytes.NewReader(nil)); err == nil {
		t.Error("NewReader(None) gave a reader")
	}
}

// FuzzNewReader feeds every decoder whatever the fuzzer makes of a valid
// stream: it may fail, but with an error, not a panic or a hang.
func FuzzNewReader(f *testing.F) {
	for _, ft := range formats {
		data := []byte(bzip2Lines)
		if ft != Bzip2 {
			data = text()[:2000]
		}
		c, err := compressed(ft, data)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(ft), c)
	}
	f.Fuzz(func(t *testing.T, ft uint8, c []byte) {
		format := Format(ft%uint8(Lz4) + 1)
		r, err := NewReader(format, bytes.NewReader(c))
		if err != nil {
			return
		}
		defer r.Close()
		// A few MiB at most: a small input can claim a huge output.
		io.Copy(io.Discard, io.LimitReader(r, 8<<20))
	})
}

// textLines is text's first n lines.
func textLines(n int) []byte {
	t := text()
	at := 0
	for range n {
		at += bytes.IndexByte(t[at:], '\n') + 1
	}
	return t[:at]
}

// TestCompressAndLzma reads the formats that have no writer here from
// fixtures the tools made: compress(1)'s .Z (lines.Z; text.Z, the first
// 3,000 lines of text, whose codes widen from 9 bits to 14; text-b10.Z,
// the same made with compress -b 10, whose table is cleared four times
// over), and xz --format=lzma's .lzma (lines.lzma), which the lzma
// module's writer makes too: each sniffed and read whole; cut, an
// *Error or a start of the data, never a panic.
func TestCompressAndLzma(t *testing.T) {
	var lz bytes.Buffer
	w, err := lzma.NewWriter(&lz)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(text())
	w.Close()
	for _, c := range []struct {
		fixture string
		f       Format
		data    []byte
	}{
		{"lines.Z", Compress, []byte(bzip2Lines)},
		{"text.Z", Compress, textLines(3000)},
		{"text-b10.Z", Compress, textLines(3000)},
		{"lines.lzma", Lzma, []byte(bzip2Lines)},
		{"", Lzma, text()},
	} {
		z := lz.Bytes()
		if c.fixture != "" {
			if z, err = os.ReadFile("testdata/" + c.fixture); err != nil {
				t.Fatal(err)
			}
		}
		if got := Sniff(z[:min(len(z), SniffLen)]); got != c.f {
			t.Errorf("%s: Sniff = %v, want %v", c.fixture, got, c.f)
		}
		got, err := readAll(c.f, z)
		if err != nil || !bytes.Equal(got, c.data) {
			t.Errorf("%s: read %d bytes (err %v), want %d", c.fixture, len(got), err, len(c.data))
		}
		for _, n := range []int{1, 3, SniffLen, len(z) / 2, len(z) - 1} {
			got, _ := readAll(c.f, z[:n])
			if !bytes.HasPrefix(c.data, got) {
				t.Errorf("%s cut at %d: read %d bytes that do not start the data", c.fixture, n, len(got))
			}
		}
	}
	// A .Z code that the table does not hold yet is an error.
	if _, err := readAll(Compress, []byte{0x1f, 0x9d, 0x90, 0xff, 0xff, 0xff}); err == nil {
		t.Error("a corrupt .Z stream read without an error")
	}
	// Text that starts with ']' is not a .lzma stream.
	if f := Sniff([]byte("]] is how this text starts")); f != None {
		t.Errorf("Sniff(text starting ']') = %v", f)
	}
}
