//go:build linux

package uring

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestStream reads files of awkward sizes (empty, under a block, a slot
// and a byte, several slots and a partial block) through a Stream and
// checks every byte arrives once, in order, at its offset.
func TestStream(t *testing.T) {
	for _, size := range []int{0, 100, directAlign, StreamSlot + 1, 5*StreamSlot + 3*streamRead + 4095, 20*StreamSlot + 77} {
		want := make([]byte, size)
		rand.NewChaCha8([32]byte{byte(size)}).Read(want)
		path := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := OpenStream(int(f.Fd()), int64(size))
		if err != nil {
			f.Close()
			t.Skipf("no O_DIRECT stream here: %v", err)
		}
		var got []byte
		for {
			off, data, err := s.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("size %d: %v", size, err)
			}
			if off != int64(len(got)) {
				t.Fatalf("size %d: stretch at %d, want %d", size, off, len(got))
			}
			got = append(got, data...)
			s.Done()
		}
		s.Close()
		f.Close()
		if !bytes.Equal(got, want) {
			t.Fatalf("size %d: read %d bytes, not the file's", size, len(got))
		}
	}
}

// TestStreamShrunk checks that a file cut short under the stream is an
// error, not a silent end.
func TestStreamShrunk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, make([]byte, 3*StreamSlot), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Truncate(path, StreamSlot); err != nil {
		t.Fatal(err)
	}
	s, err := OpenStream(int(f.Fd()), 3*StreamSlot)
	if err != nil {
		t.Skipf("no O_DIRECT stream here: %v", err)
	}
	defer s.Close()
	for {
		_, _, err := s.Next()
		if err == io.EOF {
			t.Fatal("a file cut short read to its end without an error")
		}
		if err != nil {
			return
		}
		s.Done()
	}
}
