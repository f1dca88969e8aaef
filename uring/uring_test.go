//go:build linux

package uring

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// newRing skips when the kernel or sandbox refuses io_uring.
func newRing(t *testing.T, entries uint32) *Ring {
	t.Helper()
	r, err := New(entries)
	if err != nil {
		t.Skipf("io_uring not available here: %v", err)
	}
	return r
}

// readThroughRing opens, reads and closes every file through the ring, the
// way the scheduler does (open, then read on its completion, then close),
// with paths, buffers and statx results in an Arena.
func readThroughRing(t *testing.T, r *Ring, paths []string, bufSize int) map[string][]byte {
	t.Helper()
	arena, err := NewArena(len(paths)*(bufSize+4096+512) + 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	defer arena.Free()
	type file struct {
		path []byte
		buf  []byte
		st   *unix.Statx_t
		fd   int
	}
	files := make([]file, len(paths))
	for i, p := range paths {
		pb, _ := arena.Alloc(len(p)+1, 1)
		copy(pb, p)
		buf, _ := arena.Alloc(bufSize, 4096)
		stb, _ := arena.Alloc(StatxSize, 8)
		files[i] = file{path: pb, buf: buf, st: StatxAt(stb), fd: -1}
	}
	const (
		opOpen = iota
		opRead
		opClose
		opStatx
	)
	ud := func(i, op int) uint64 { return uint64(i)<<8 | uint64(op) }
	for i := range files {
		if err := r.Openat(files[i].path, unix.O_RDONLY|unix.O_CLOEXEC, ud(i, opOpen)); err != nil {
			t.Fatal(err)
		}
		if err := r.Statx(unix.AT_FDCWD, files[i].path, 0, unix.STATX_SIZE, files[i].st, ud(i, opStatx)); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string][]byte{}
	sizes := map[string]int64{}
	inflight := 2 * len(files)
	for inflight > 0 {
		if _, err := r.Submit(1); err != nil {
			t.Fatal(err)
		}
		r.Completions(func(u uint64, res int32) {
			inflight--
			i, op := int(u>>8), int(u&0xff)
			f := &files[i]
			if res < 0 {
				t.Errorf("%s: op %d: %v", paths[i], op, unix.Errno(-res))
				return
			}
			switch op {
			case opOpen:
				f.fd = int(res)
				if err := r.Read(f.fd, f.buf, 0, ud(i, opRead)); err != nil {
					t.Fatal(err)
				}
				inflight++
			case opRead:
				got[paths[i]] = bytes.Clone(f.buf[:res])
				if err := r.CloseFD(f.fd, ud(i, opClose)); err != nil {
					t.Fatal(err)
				}
				inflight++
			case opStatx:
				sizes[paths[i]] = int64(f.st.Size)
			}
		})
	}
	for p, b := range got {
		if sizes[p] != int64(len(b)) {
			t.Errorf("%s: statx size %d, read %d bytes", p, sizes[p], len(b))
		}
	}
	return got
}

func makeFiles(t *testing.T, n int) ([]string, map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	want := map[string][]byte{}
	var paths []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("sub%d/file-%d.txt", i%7, i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		body := bytes.Repeat([]byte(fmt.Sprintf("file %d line\n", i)), i%300+1)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
		want[p] = body
	}
	return paths, want
}

// TestOpenReadClose opens real files through the ring and compares what it
// read with the files: a wrong path address (giouring's PrepareOpenat bug)
// shows up as ENOENT, a wrong buffer as different bytes.
func TestOpenReadClose(t *testing.T) {
	paths, want := makeFiles(t, 200)
	r := newRing(t, 64)
	defer r.Close()
	got := readThroughRing(t, r, paths, 8192)
	for _, p := range paths {
		if !bytes.Equal(got[p], want[p]) {
			t.Fatalf("%s: read %d bytes through the ring, file has %d", p, len(got[p]), len(want[p]))
		}
	}
	if r.Submitted < uint64(4*len(paths)) {
		t.Errorf("submitted %d operations, want %d", r.Submitted, 4*len(paths))
	}
	if r.Enters >= uint64(len(paths)) {
		t.Errorf("%d io_uring_enter calls for %d files: batching is not working", r.Enters, len(paths))
	}
}

// TestMissingFile reports ENOENT through the completion, not an error of
// the ring.
func TestMissingFile(t *testing.T) {
	r := newRing(t, 8)
	defer r.Close()
	a, err := NewArena(4096)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Free()
	p, _ := a.Alloc(32, 1)
	copy(p, "/nonexistent/urg/file\x00")
	if err := r.Openat(p, unix.O_RDONLY, 7); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Submit(1); err != nil {
		t.Fatal(err)
	}
	r.Completions(func(u uint64, res int32) {
		if u != 7 || unix.Errno(-res) != unix.ENOENT {
			t.Errorf("completion %d, %d: want 7, ENOENT", u, res)
		}
	})
	if err := r.Openat([]byte("no-nul"), unix.O_RDONLY, 1); err == nil {
		t.Error("a path without NUL was accepted")
	}
}

// TestGCStress reads files through the ring while the garbage collector
// runs constantly, in a child process with GODEBUG settings that make it
// clobber freed memory and check its marks: memory handed to the kernel
// lives in an Arena, so nothing the kernel writes can land on Go memory.
func TestGCStress(t *testing.T) {
	if os.Getenv("URG_GC_STRESS_CHILD") == "1" {
		debug.SetGCPercent(1)
		var stop atomic.Bool
		done := make(chan struct{})
		go func() {
			for !stop.Load() {
				runtime.GC()
				_ = make([]byte, 1<<16) // churn the heap
			}
			close(done)
		}()
		paths, want := makeFiles(t, 300)
		for round := range 5 {
			r := newRing(t, 32)
			got := readThroughRing(t, r, paths, 16384)
			r.Close()
			for _, p := range paths {
				if !bytes.Equal(got[p], want[p]) {
					t.Fatalf("round %d: %s differs after reading under GC stress", round, p)
				}
			}
		}
		stop.Store(true)
		<-done
		return
	}
	if _, err := New(4); err != nil {
		t.Skipf("io_uring not available here: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGCStress$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "URG_GC_STRESS_CHILD=1", "GOGC=1", "GODEBUG=gccheckmark=1,clobberfree=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("child under GC stress failed: %v\n%s", err, out)
		}
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("--- PASS: TestGCStress")) {
		t.Fatalf("child did not pass:\n%s", out)
	}
}

// TestSubmitInline: a shared ring opens files into direct descriptors,
// reads and closes them, linked, in one inline submission; the mirror of
// giouring's submission queue counts what giouring counts, and a missing
// file cancels its read and close.
func TestSubmitInline(t *testing.T) {
	r, err := NewShared(16)
	if err != nil {
		t.Skipf("io_uring not available here: %v", err)
	}
	defer r.Close()
	if err := r.RegisterSlots(3); err != nil {
		t.Skipf("no direct descriptors here: %v", err)
	}
	dir := t.TempDir()
	want := bytes.Repeat([]byte("inline\n"), 1000)
	if err := os.WriteFile(filepath.Join(dir, "f"), want, 0o644); err != nil {
		t.Fatal(err)
	}
	arena, err := NewArena(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	defer arena.Free()
	howb, _ := arena.Alloc(2*int(unsafe.Sizeof(unix.OpenHow{})), 8)
	how := (*unix.OpenHow)(unsafe.Pointer(&howb[0]))
	*how = unix.OpenHow{Flags: unix.O_RDONLY}
	// A how that openat2 must read to refuse: a file is no directory.
	dirOnly := (*unix.OpenHow)(unsafe.Pointer(&howb[unsafe.Sizeof(unix.OpenHow{})]))
	*dirOnly = unix.OpenHow{Flags: unix.O_RDONLY | unix.O_DIRECTORY}
	var bufs [3][]byte
	for k, name := range []string{"f", "missing", "f"} {
		p, _ := arena.Alloc(4096, 1)
		copy(p, filepath.Join(dir, name)+"\x00")
		bufs[k], _ = arena.Alloc(64<<10, 4096)
		slot := uint32(k)
		h := how
		if k == 2 {
			h = dirOnly
		}
		if err := r.OpenDirect(p, h, slot, LinkSoft, uint64(k)<<2|0); err != nil {
			t.Fatal(err)
		}
		if err := r.ReadDirect(slot, bufs[k], 0, LinkHard, uint64(k)<<2|1); err != nil {
			t.Fatal(err)
		}
		if err := r.CloseDirect(slot, uint64(k)<<2|2); err != nil {
			t.Fatal(err)
		}
	}
	sq := sqOf(r.r)
	if got, want := sq.sqeTail-*sq.head, r.r.SQReady(); got != want || got != 9 {
		t.Fatalf("the mirror of giouring's queue counts %d prepared, giouring %d, want 9", got, want)
	}
	if err := r.SubmitInline(9); err != nil {
		t.Fatal(err)
	}
	res := map[uint64]int32{}
	if n := r.Completions(func(u uint64, v int32) { res[u] = v }); n != 9 {
		t.Fatalf("%d completions, want 9: %v", n, res)
	}
	if res[8] != -int32(unix.ENOTDIR) {
		t.Errorf("open with O_DIRECTORY in its how: %d, want ENOTDIR (the how not read: openat's opcode, not openat2's)", res[8])
	}
	if res[0] != 0 || res[1] != int32(len(want)) || res[2] != 0 || !bytes.Equal(bufs[0][:len(want)], want) {
		t.Errorf("present file: open %d, read %d (want %d), close %d", res[0], res[1], len(want), res[2])
	}
	if res[4] != -int32(unix.ENOENT) || res[5] != -int32(unix.ECANCELED) || res[6] != -int32(unix.ECANCELED) {
		t.Errorf("missing file: open %d, read %d, close %d; want ENOENT, then both cancelled", res[4], res[5], res[6])
	}
	if r.Pending() != 0 {
		t.Errorf("%d operations still pending", r.Pending())
	}
}
