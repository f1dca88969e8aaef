package fallback

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestMapReadsTheFile(t *testing.T) {
	want := bytes.Repeat([]byte("0123456789abcdef"), 9<<20/16+5)
	f := writeTemp(t, want)
	m, err := Map(int(f.Fd()), int64(len(want)))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !bytes.Equal(m.Bytes(), want) {
		t.Fatal("mapped bytes differ from the file")
	}
	// A write goes to a private copy, never to the file.
	m.Bytes()[0] = 'X'
	if got, _ := os.ReadFile(f.Name()); got[0] != '0' {
		t.Fatal("a write into the map reached the file")
	}
	// Released pages read back as the file holds them.
	m.Release(len(want) - 100)
	if got := m.Bytes()[:16]; string(got) != "0123456789abcdef" {
		t.Fatalf("after Release: %q", got)
	}
	if !bytes.Equal(m.Bytes(), want) {
		t.Fatal("mapped bytes differ after Release")
	}
}

func TestMapRefusesEmpty(t *testing.T) {
	f := writeTemp(t, nil)
	if _, err := Map(int(f.Fd()), 0); err == nil {
		t.Fatal("Map of an empty file succeeded")
	}
}

// TestProtectTruncated reads a map past the end of its file, truncated
// after it was mapped: the fault must come back as ErrShrunk, not crash.
func TestProtectTruncated(t *testing.T) {
	f := writeTemp(t, bytes.Repeat([]byte("x"), 1<<20))
	m, err := Map(int(f.Fd()), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := os.Truncate(f.Name(), 4096); err != nil {
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
