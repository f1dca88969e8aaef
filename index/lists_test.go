package index

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"
)

// TestLists: every trigram's list as the files hold it, keys ascending;
// fn's error stops the pass; a damaged list is reported.
func TestLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	files := map[string]string{"empty": "", "short": "ab"}
	for i := range 40 {
		b := make([]byte, rng.IntN(300))
		for j := range b {
			b[j] = "abcdeABCDE_\n"[rng.IntN(12)]
		}
		files[fmt.Sprintf("f%02d", i)] = string(b)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names) // build numbers the files in this order
	want := map[uint32][]uint32{}
	for num, n := range names {
		seen := map[uint32]bool{}
		s := files[n]
		for i := 0; i+3 <= len(s); i++ {
			k := uint32(s[i])<<16 | uint32(s[i+1])<<8 | uint32(s[i+2])
			if !seen[k] {
				seen[k] = true
				want[k] = append(want[k], uint32(num))
			}
		}
	}
	ix, path := build(t, files, time.Now().Add(-time.Hour))

	got := map[uint32][]uint32{}
	last := int64(-1)
	err := ix.Lists(func(key uint32, files []uint32) error {
		if int64(key) <= last {
			t.Errorf("key %06x after %06x", key, last)
		}
		last = int64(key)
		got[key] = slices.Clone(files)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("%d lists, want %d", len(got), len(want))
	}
	for k, w := range want {
		if !slices.Equal(got[k], w) {
			t.Errorf("list of %06x: %v, want %v", k, got[k], w)
		}
	}

	stop := errors.New("stop")
	calls := 0
	if err := ix.Lists(func(uint32, []uint32) error { calls++; return stop }); err != stop || calls != 1 {
		t.Errorf("fn's error: %v after %d calls, want stop after 1", err, calls)
	}

	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[headerLen+3] ^= 0x40 // in the posting lists, which Open does not check
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	damaged, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer damaged.Close()
	if err := damaged.Lists(func(uint32, []uint32) error { return nil }); !errors.Is(err, ErrUnreadable) {
		t.Errorf("damaged list: %v, want ErrUnreadable", err)
	}
}
