package transcode

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"
)

// TestSniff: a stream is read as its mark says, the mark dropped; a
// UTF-8 mark only when --encoding was given; an encoding named for the
// rest; bytes as they are otherwise, none lost, however the reads that
// bring them are cut (one byte at a time, an error after the first).
func TestSniff(t *testing.T) {
	auto, _ := Parse("auto")
	none, _ := Parse("none")
	latin, _ := Parse("latin1")
	for _, c := range []struct {
		name string
		m    Mode
		in   string
		want string
	}{
		{"default, UTF-16LE", Default(), "\xff\xfeh\x00i\x00\n\x00", "hi\n"},
		{"default, UTF-16BE", Default(), "\xfe\xff\x00h\x00i", "hi"},
		{"default, UTF-8 mark kept", Default(), "\xef\xbb\xbfhi", "\xef\xbb\xbfhi"},
		{"auto, UTF-8 mark dropped", auto, "\xef\xbb\xbfhi", "hi"},
		{"auto, a mark's start only", auto, "\xef\xbb", "\xef\xbb"},
		{"default, one byte", Default(), "\xff", "\xff"},
		{"default, empty", Default(), "", ""},
		{"none", none, "\xff\xfeh\x00", "\xff\xfeh\x00"},
		{"latin1", latin, "caf\xe9", "café"},
		{"latin1, marked UTF-16", latin, "\xff\xfe\xe9\x00", "é"},
		{"UTF-16, a lone surrogate", Default(), "\xff\xfe\x00\xd8a\x00", "\ufffda"},
	} {
		for _, cut := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader,
		} {
			got, err := io.ReadAll(c.m.NewStream(cut(bytes.NewReader([]byte(c.in)))))
			if err != nil || string(got) != c.want {
				t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
			}
		}
	}
	if _, err := Parse("no-such-encoding"); err == nil {
		t.Error("Parse took an unknown label")
	}
}

// TestStreamReads: a stream not transcoded is read as it is, one read
// beneath for each (so that a line typed at a terminal is searched at
// once); a read that fails while the mark is looked for fails the
// stream after what was read, not before.
func TestStreamReads(t *testing.T) {
	s := Default().NewStream(iotest.OneByteReader(bytes.NewReader([]byte("ab\ncd\n"))))
	buf := make([]byte, 64)
	if n, err := s.Read(buf); n != 1 || err != nil || s.Transcoded() {
		t.Errorf("first read: %d, %v, transcoded %v; want 1 byte as it is", n, err, s.Transcoded())
	}
	r := io.MultiReader(bytes.NewReader([]byte{0xff}), iotest.ErrReader(io.ErrUnexpectedEOF))
	s = Default().NewStream(r)
	got, err := io.ReadAll(s)
	if s.Transcoded() || string(got) != "\xff" || err != io.ErrUnexpectedEOF {
		t.Errorf("got %v, %q, %v", s.Transcoded(), got, err)
	}
}
