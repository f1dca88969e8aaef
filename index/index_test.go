package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"urg/index/trigram"
	"urg/osfile"
)

// build writes an index of files (name to bytes) and opens it.
func build(t *testing.T, files map[string]string, start time.Time) (*Index, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index")
	w, err := NewWriter(path, osfile.StartBy(start))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	k := NewKeys()
	for i, n := range names {
		k.Write([]byte(files[n]))
		w.Add(n, osfile.Identity{Ino: uint64(i + 1), Size: int64(len(files[n]))}, k.Take(), true)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix, path
}

// candidates lists the names of the files the index keeps for q.
func candidates(t *testing.T, ix *Index, q *trigram.Query) []string {
	t.Helper()
	set, err := ix.Candidates(q)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range ix.Files() {
		if set.Has(i) {
			out = append(out, ix.Name(i))
		}
	}
	return out
}

func TestIndexRulesOut(t *testing.T) {
	files := map[string]string{
		"a.c":     "int PM_RESUME;\n",
		"b/c.h":   "pm_resume lower case\n",
		"b/d.txt": "nothing here\n",
		"e":       "PM_",
		"f":       "",
	}
	ix, _ := build(t, files, time.Now().Add(time.Hour))
	if got := candidates(t, ix, trigram.Of("pm_resume")); !slices.Equal(got, []string{"b/c.h"}) {
		t.Errorf("pm_resume: %q", got)
	}
	if got := candidates(t, ix, trigram.Of("PM_RESUME")); !slices.Equal(got, []string{"a.c"}) {
		t.Errorf("PM_RESUME: %q", got)
	}
	if got := candidates(t, ix, trigram.Of(trigram.Folded("pm_resume"))); !slices.Equal(got, []string{"a.c", "b/c.h"}) {
		t.Errorf("pm_resume in either case: %q", got)
	}
	or := &trigram.Query{Op: trigram.Or, Sub: []*trigram.Query{trigram.Of("nothing"), trigram.Of(trigram.Folded("Pm_"))}}
	if got := candidates(t, ix, or); !slices.Equal(got, []string{"a.c", "b/c.h", "b/d.txt", "e"}) {
		t.Errorf("or: %q", got)
	}
	if got := candidates(t, ix, &trigram.Query{Op: trigram.All}); len(got) != 5 {
		t.Errorf("all: %q", got)
	}
	if got := candidates(t, ix, trigram.Of("zzz")); len(got) != 0 {
		t.Errorf("zzz: %q", got)
	}
	for name := range files {
		e, ok := ix.Lookup(name)
		if !ok || ix.Name(e.Num) != name {
			t.Errorf("Lookup(%q) = %v, %v", name, e, ok)
		}
	}
	if _, ok := ix.Lookup("b"); ok {
		t.Error("Lookup found a directory")
	}
}

// TestIndexRacy: a file whose times are close to the build's start is
// never trusted, nor one whose identity moved.
func TestIndexRacy(t *testing.T) {
	start := time.Now()
	path := filepath.Join(t.TempDir(), "index")
	w, _ := NewWriter(path, osfile.StartBy(start))
	old := osfile.Identity{Ino: 1, Size: 3, Mtime: start.Add(-time.Hour).UnixNano(), Ctime: start.Add(-time.Hour).UnixNano()}
	racy := osfile.Identity{Ino: 2, Size: 3, Mtime: start.Add(-time.Second).UnixNano(), Ctime: start.Add(-time.Hour).UnixNano()}
	w.Add("old", old, nil, true)
	w.Add("racy", racy, nil, true)
	w.Add("stream", old, nil, false)
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	e, _ := ix.Lookup("old")
	if !e.Trusted(old) {
		t.Error("old not trusted")
	}
	moved := old
	moved.Ctime++
	if e.Trusted(moved) {
		t.Error("a changed ctime trusted")
	}
	if e, _ := ix.Lookup("racy"); e.Trusted(racy) {
		t.Error("racy trusted")
	}
	if e, _ := ix.Lookup("stream"); e.Trusted(old) {
		t.Error("unindexed trusted")
	}
}

// TestIndexDamaged: every damage is ErrUnreadable, at Open or when a
// posting list is read, never a wrong answer.
func TestIndexDamaged(t *testing.T) {
	files := map[string]string{"a": "hello world", "b": "goodbye world"}
	_, path := build(t, files, time.Now().Add(time.Hour))
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	try := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(t.TempDir(), "index")
		os.WriteFile(p, data, 0o666)
		ix, err := Open(p)
		if err == nil {
			every := &trigram.Query{Op: trigram.Or} // reads every posting list
			for i := range ix.h.keys {
				every.Trigrams = append(every.Trigrams, binary.LittleEndian.Uint32(ix.keys[i*keyLen:]))
			}
			_, err = ix.Candidates(every)
			ix.Close()
		}
		if !errors.Is(err, ErrUnreadable) {
			t.Errorf("%s: %v, want ErrUnreadable", name, err)
		}
	}
	try("empty", nil)
	try("foreign", []byte("#!/bin/sh\necho not an index\n"))
	try("truncated", good[:len(good)-1])
	try("half", good[:len(good)/2])
	longer := append(slices.Clone(good), 0)
	try("longer", longer)
	v := slices.Clone(good)
	v[8] = 99
	try("version", v)
	for _, at := range []int{headerLen, headerLen + 5, len(good) - 1, len(good) - 40} {
		d := slices.Clone(good)
		d[at] ^= 0x40
		try("byte flipped", d)
	}
}

// TestManyRuns adds more pairs than several batches hold, from several
// goroutines at once, so that trigrams' lists are merged from runs
// flushed out of order: every list must name exactly the files given it.
func TestManyRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index")
	w, err := NewWriter(path, osfile.StartBy(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	const files, perFile = 64, pairsMax / 12 // a little over five batches
	want := map[string][]uint32{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < files; i += 4 {
				rnd := rand.New(rand.NewPCG(uint64(i), 7))
				seen := map[uint32]bool{}
				var keys []uint32
				for len(keys) < perFile {
					// Half the keys from a small range, so that most
					// trigrams have files in every run.
					k := uint32(rnd.IntN(1 << 24))
					if len(keys)%2 == 0 {
						k = uint32(rnd.IntN(1 << 17))
					}
					if !seen[k] {
						seen[k] = true
						keys = append(keys, k)
					}
				}
				name := fmt.Sprintf("f%02d", i)
				mu.Lock()
				want[name] = keys
				mu.Unlock()
				w.Add(name, osfile.Identity{Ino: uint64(i + 1)}, keys, true)
			}
		}()
	}
	wg.Wait()
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	holders := map[uint32][]string{}
	for name, keys := range want {
		for _, k := range keys {
			holders[k] = append(holders[k], name)
		}
	}
	checked := 0
	for k, names := range holders {
		if checked++; checked > 20000 {
			break
		}
		set := ix.newSet(false)
		if _, err := ix.postingsIn(k, set, nil); err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range ix.Files() {
			if set.Has(i) {
				got = append(got, ix.Name(i))
			}
		}
		slices.Sort(got)
		slices.Sort(names)
		if !slices.Equal(got, names) {
			t.Fatalf("trigram %06x: files %v, want %v", k, got, names)
		}
	}
}
