package osfile

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// The reader's tests: the same functions on every platform, through the
// File API alone, so that they try pread on unix and ReadFile at offsets
// on Windows.

// readAll reads f to its end in reads of at most n bytes.
func readAll(t *testing.T, f *File, n int) []byte {
	t.Helper()
	var got []byte
	buf := make([]byte, n)
	for {
		k, err := f.Read(buf)
		got = append(got, buf[:k]...)
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			t.Fatal("a read returned nothing and no end")
		}
	}
}

func TestFileReadsTheFile(t *testing.T) {
	want := make([]byte, 3<<20+17)
	for i := range want {
		want[i] = byte(i*31 + i>>12)
	}
	f := writeTemp(t, want)
	for _, shortIsEOF := range []bool{false, true} {
		for _, n := range []int{1, 4095, 4096, 64 << 10, 8 << 20} {
			if n == 1 && len(want) > 1<<16 {
				continue // a byte at a time over MiBs: slow, says nothing more
			}
			rf, err := Open(f.Name(), shortIsEOF)
			if err != nil {
				t.Fatal(err)
			}
			if got := readAll(t, rf, n); !bytes.Equal(got, want) {
				t.Errorf("shortIsEOF=%v, reads of %d: got %d bytes, want %d, or they differ", shortIsEOF, n, len(got), len(want))
			}
			if err := rf.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	small := writeTemp(t, []byte("abc\n"))
	rf, err := Open(small.Name(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer rf.Close()
	if got := readAll(t, rf, 1); string(got) != "abc\n" {
		t.Fatalf("reads of 1: %q", got)
	}
}

// TestFileResume reads on from an offset of a file already open, as the
// searcher does after a ring or the non-blocking path read its start.
func TestFileResume(t *testing.T) {
	want := bytes.Repeat([]byte("0123456789\n"), 10000)
	f := writeTemp(t, want)
	for _, off := range []int64{0, 1, 4096, int64(len(want)) - 1, int64(len(want))} {
		got := readAll(t, Resume(Handle(f.Fd()), off, true), 4096)
		if !bytes.Equal(got, want[off:]) {
			t.Errorf("Resume at %d: %d bytes, want %d", off, len(got), len(want)-int(off))
		}
	}
}

// TestFileFromPipe reads a pipe, which has no offsets, to its end.
func TestFileFromPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want := bytes.Repeat([]byte("pipe line\n"), 5000)
	go func() {
		w.Write(want)
		w.Close()
	}()
	if got := readAll(t, FromFD(Handle(r.Fd())), 1000); !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes of a pipe, want %d", len(got), len(want))
	}
}

// TestReadAtAndStat checks the handle's own calls: a read at an offset,
// the end of the file reading as nothing, and what Stat says of a file.
func TestReadAtAndStat(t *testing.T) {
	want := []byte("0123456789")
	f := writeTemp(t, want)
	h := Handle(f.Fd())
	buf := make([]byte, 4)
	if n, err := ReadAt(h, buf, 3); err != nil || string(buf[:n]) != "3456" {
		t.Fatalf("ReadAt at 3 = %q, %v", buf[:n], err)
	}
	if n, err := ReadAt(h, buf, 10); err != nil || n != 0 {
		t.Fatalf("ReadAt at the end = %d, %v; want 0, nil", n, err)
	}
	info, err := Stat(h)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Regular || info.Size != 10 {
		t.Fatalf("Stat = %+v, want a regular file of 10 bytes", info)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if info, err := Stat(Handle(r.Fd())); err == nil && info.Regular {
		t.Fatalf("a pipe is a regular file: %+v", info)
	}
}

func TestOpenMissing(t *testing.T) {
	if _, err := Open(t.TempDir()+"/missing", true); !os.IsNotExist(err) {
		t.Fatalf("Open of a missing file: %v, want not-exist", err)
	}
}
