package osfile

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestMapReadsTheFile(t *testing.T) {
	requireMaps(t)
	want := bytes.Repeat([]byte("0123456789abcdef"), (releaseStep+hugeAlign)/16+5)
	f := writeTemp(t, want)
	for _, drop := range []bool{false, true} {
		t.Run(fmt.Sprintf("dropBehind=%v", drop), func(t *testing.T) { mapReadsTheFile(t, f, want, drop) })
	}
}

// mapReadsTheFile checks one mapping of f; with drop, as for a file larger
// than half the memory, the released pages leave the page cache too.
func mapReadsTheFile(t *testing.T, f *os.File, want []byte, drop bool) {
	m, err := Map(Handle(f.Fd()), int64(len(want)), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	m.dropBehind = drop
	if err := m.Ensure(len(want)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.Bytes(), want) {
		t.Fatal("mapped bytes differ from the file")
	}
	// A write goes to a private copy, never to the file.
	m.Bytes()[0] = 'X'
	if got, _ := os.ReadFile(f.Name()); got[0] != '0' {
		t.Fatal("a write into the map reached the file")
	}
	// What is not released still reads as the file holds it.
	m.Release(len(want) - 100)
	if m.released == 0 {
		t.Fatal("Release gave nothing back")
	}
	if !bytes.Equal(m.Bytes()[m.released:], want[m.released:]) {
		t.Fatal("mapped bytes differ after Release")
	}
}

// TestMapChunks maps a file a few pages at a time, in steps that fall
// inside chunks, on their edges and across several at once: every byte
// made ready reads as the file holds it, at the offset it has there.
func TestMapChunks(t *testing.T) {
	requireMaps(t)
	page := os.Getpagesize()
	want := make([]byte, 10*page+123)
	for i := range want {
		want[i] = byte(i*7 + i/page)
	}
	f := writeTemp(t, want)
	for _, chunk := range []int{1, page, 3 * page, 64 << 20} {
		m, err := Map(Handle(f.Fd()), int64(len(want)), chunk, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, upto := range []int{0, 1, page - 1, page, page + 1, 7*page + 5, len(want) - 1, len(want)} {
			if err := m.Ensure(upto); err != nil {
				t.Fatalf("chunk %d: Ensure(%d): %v", chunk, upto, err)
			}
			if !bytes.Equal(m.Bytes()[:upto], want[:upto]) {
				t.Fatalf("chunk %d: bytes before %d differ from the file", chunk, upto)
			}
			m.Release(upto / 2)
		}
		if err := m.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMapRefusesEmpty(t *testing.T) {
	f := writeTemp(t, nil)
	if _, err := Map(Handle(f.Fd()), 0, 0, nil); err == nil {
		t.Fatal("Map of an empty file succeeded")
	}
}

// TestProtectTruncated reads a map past the end of its file, truncated
// after it was mapped: the fault must come back as ErrShrunk, not crash.
func TestProtectTruncated(t *testing.T) {
	requireMaps(t)
	f := writeTemp(t, bytes.Repeat([]byte("x"), 1<<20))
	m, err := Map(Handle(f.Fd()), 1<<20, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Ensure(1 << 20); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := os.Truncate(f.Name(), 4096); err != nil {
		if runtime.GOOS == "windows" {
			// Windows keeps a mapped file from shrinking
			// (ERROR_USER_MAPPED_FILE): there is no fault to turn.
			t.Skipf("truncating a mapped file: %v", err)
		}
		t.Fatal(err)
	}
	var sum int
	err = Protect(func() error {
		for _, c := range m.Bytes() {
			sum += int(c)
		}
		return nil
	})
	if !errors.Is(err, ErrShrunk) {
		t.Fatalf("Protect = %v, want ErrShrunk", err)
	}
	// Other panics pass through.
	defer func() {
		if recover() == nil {
			t.Fatal("a plain panic was swallowed")
		}
	}()
	_ = Protect(func() error { panic("boom") })
}

func writeTemp(t *testing.T, data []byte) *os.File {
	t.Helper()
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestReleaseAsTheSearchGoes maps a file a chunk at a time and gives
// back what lies behind, as a search does: the chunks wholly behind are
// given back (on Windows their views are unmapped), and what is not
// released still reads as the file holds it, to the end.
func TestReleaseAsTheSearchGoes(t *testing.T) {
	requireMaps(t)
	want := bytes.Repeat([]byte("abcdefg\n"), (6<<20+123)/8)
	f := writeTemp(t, want)
	held := new(Held)
	m, err := Map(Handle(f.Fd()), int64(len(want)), 1<<20, held)
	if err != nil {
		t.Fatal(err)
	}
	m.SetReleaseStep(hugeAlign)
	const step = 512 << 10
	for at := 0; at < len(want); at += step {
		upto := min(at+step, len(want))
		if err := m.Ensure(upto); err != nil {
			t.Fatalf("Ensure(%d): %v", upto, err)
		}
		if !bytes.Equal(m.Bytes()[m.released:upto], want[m.released:upto]) {
			t.Fatalf("bytes from %d to %d differ from the file", m.released, upto)
		}
		m.Release(at)
	}
	if m.released < 4<<20 {
		t.Fatalf("released %d bytes of %d", m.released, len(want))
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if held.Bytes() != 0 {
		t.Fatalf("held %d bytes after Close", held.Bytes())
	}
}

// TestReleaseUnderPressure holds more than heldBudget in one map: a
// release must then be made at once, whatever the step, and what the map
// still holds must be counted back when it is closed.
func TestReleaseUnderPressure(t *testing.T) {
	requireMaps(t)
	size := heldBudget + 16<<20
	f := writeTemp(t, bytes.Repeat([]byte("abcdefg\n"), size/8))
	held := new(Held)
	before := held.Bytes()
	m, err := Map(Handle(f.Fd()), int64(size), 0, held)
	if err != nil {
		t.Fatal(err)
	}
	m.SetReleaseStep(math.MaxInt) // a step the search never takes
	if err := m.Ensure(size); err != nil {
		t.Fatal(err)
	}
	if got := held.Bytes() - before; got != int64(size) {
		t.Fatalf("held %d bytes after reading %d", got, size)
	}
	m.Release(3 * hugeAlign)
	if m.released != 3*hugeAlign {
		t.Fatalf("over budget, Release(%d) gave back %d bytes", 3*hugeAlign, m.released)
	}
	if got := held.Bytes() - before; got != int64(size-3*hugeAlign) {
		t.Fatalf("held %d bytes after giving back %d of %d", got, 3*hugeAlign, size)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if got := held.Bytes(); got != before {
		t.Fatalf("held %d bytes after Close, %d before Map", got, before)
	}
}

// requireMaps skips the test where the system has no chunked maps
// (Windows before 10 1803, Wine 8), where urg reads files with the fixed
// buffers instead. It asks before the test makes any file: a skip there
// leaves nothing to clean up.
func requireMaps(t *testing.T) {
	t.Helper()
	m, err := Map(NoHandle, 1, 0, nil) // reserves; maps nothing yet
	if errors.Is(err, errNoMaps) {
		t.Skipf("no chunked maps here: %v", err)
	}
	if err == nil {
		m.Close()
	}
}
