package osfile

import (
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows a file is mapped as on Linux: one range of address space is
// reserved for the whole file, and views of it are mapped over that range
// in chunks, in order, so that a line or match across a chunk's edge lies
// in contiguous memory. The range is a placeholder (VirtualAlloc2 with
// MEM_RESERVE_PLACEHOLDER, Windows 10 1803 and later): each chunk is split
// off the placeholder and replaced by a view (MapViewOfFile3 with
// MEM_REPLACE_PLACEHOLDER), which plain MapViewOfFile cannot do at a
// chosen address without racing other allocations. Where the calls are
// missing, Map fails and the file is read with the fixed buffers.
//
// Views are copy-on-write (PAGE_WRITECOPY), as the private maps of unix
// are: the search writes into its bytes (the NULs of binary data become
// newlines) without touching the file. Windows charges a copy-on-write
// view's whole size to the system's commit limit, whatever is written,
// so a view the search has passed is unmapped (back to a placeholder,
// which keeps its addresses from other allocations): a file far larger
// than memory would otherwise charge its whole size by its end, and a
// tree's many maps their sum. Nothing reads the bytes behind a release
// (Release's contract); a read of them would fault, and Protect would
// report the file as shrunk.

// chunkGrain is what a chunk's size is a multiple of: a view's offset
// in the file must be a multiple of the allocation granularity, 64 KiB
// on every Windows.
func chunkGrain() int { return 64 << 10 }

// The placeholder flags, which x/sys/windows does not name.
const (
	memReservePlaceholder  = 0x00040000
	memReplacePlaceholder  = 0x00004000
	memPreservePlaceholder = 0x00000002
)

// mapSys is what a Mapping holds on Windows.
type mapSys struct {
	section windows.Handle // the file mapping object, PAGE_WRITECOPY
	views   []view         // the views mapped, in order
	passed  int            // views[:passed] are unmapped: placeholders again
	tail    uintptr        // where the placeholder left after the views starts
	skip    int            // the placeholder before m.data, when not 0
	mapView *windows.LazyProc
	unmap   *windows.LazyProc // UnmapViewOfFileEx
}

// view is one view: its address, and where it ends in m.data.
type view struct {
	addr uintptr
	end  int
}

// reserve takes n bytes of address space as one placeholder and makes the
// file mapping object the chunks are viewed through.
func (m *Mapping) reserve(n int) ([]byte, error) {
	if unsafe.Sizeof(uintptr(0)) < 8 {
		// MapViewOfFile3's 64-bit offset takes two words on 32-bit
		// Windows, which this call does not build.
		return nil, errNoMaps
	}
	dll := windows.NewLazySystemDLL("kernelbase.dll")
	alloc, mapView, unmap := dll.NewProc("VirtualAlloc2"), dll.NewProc("MapViewOfFile3"), dll.NewProc("UnmapViewOfFileEx")
	if alloc.Find() != nil || mapView.Find() != nil || unmap.Find() != nil {
		return nil, errNoMaps // before Windows 10 1803
	}
	addr, _, err := alloc.Call(0, 0, uintptr(n), windows.MEM_RESERVE|memReservePlaceholder, windows.PAGE_NOACCESS, 0, 0)
	if addr == 0 {
		if err == windows.ERROR_INVALID_PARAMETER {
			return nil, errNoMaps // the call without placeholders: Wine 8
		}
		return nil, os.NewSyscallError("VirtualAlloc2", err)
	}
	section, err := windows.CreateFileMapping(m.fd, nil, windows.PAGE_WRITECOPY, 0, 0, nil)
	if err != nil {
		_ = windows.VirtualFree(addr, 0, windows.MEM_RELEASE)
		return nil, os.NewSyscallError("CreateFileMapping", err)
	}
	m.sys = mapSys{section: section, tail: addr, mapView: mapView, unmap: unmap}
	return bytesAt(addr, n), nil
}

// aligned splits the skip bytes before the file's range off the
// placeholder, so that the first chunk's split starts where the
// placeholder left does.
func (m *Mapping) aligned(skip int) error {
	if skip == 0 {
		return nil
	}
	m.sys.skip = skip
	m.sys.tail += uintptr(skip)
	return splitPlaceholder(m.sys.tail-uintptr(skip), skip)
}

// mapChunk maps the file from offset from to to over the placeholder at
// the same offsets of m.data, a view per chunk, so that each can be
// unmapped once the search has passed it.
func (m *Mapping) mapChunk(from, to int) error {
	if n := len(m.sys.views); n > 0 {
		// Past the views a call that failed part way did map.
		from = max(from, m.sys.views[n-1].end)
	}
	for from < to {
		end := min(to, from+m.chunk)
		if err := m.mapView(from, end); err != nil {
			return err
		}
		from = end
	}
	return nil
}

// mapView maps the file from offset from to to over the placeholder:
// split off, then replaced by a view. The placeholder is whole pages, and
// so is the view, whose last may reach past the file's end within its
// last page, as on unix; but the size asked for is the file's bytes:
// "all bytes must be within the maximum size specified by
// CreateFileMapping" (MapViewOfFile's documentation), the file's size
// here, and Wine 10 refuses a view past it with "Access denied".
func (m *Mapping) mapView(from, to int) error {
	page := os.Getpagesize()
	n := (to - from + page - 1) &^ (page - 1)
	addr := m.sys.tail
	if err := splitPlaceholder(addr, n); err != nil {
		return err
	}
	got, _, err := m.sys.mapView.Call(uintptr(m.sys.section), uintptr(windows.CurrentProcess()), addr,
		uintptr(from), uintptr(to-from), memReplacePlaceholder, windows.PAGE_WRITECOPY, 0, 0)
	if got == 0 {
		_ = windows.VirtualFree(addr, 0, windows.MEM_RELEASE) // the split-off placeholder
		return os.NewSyscallError("MapViewOfFile3", err)
	}
	m.sys.views = append(m.sys.views, view{addr: addr, end: to})
	m.sys.tail = addr + uintptr(n)
	return nil
}

// splitPlaceholder makes the n bytes at addr, the start of a placeholder,
// a placeholder of their own.
func splitPlaceholder(addr uintptr, n int) error {
	if err := windows.VirtualFree(addr, uintptr(n), windows.MEM_RELEASE|memPreservePlaceholder); err != nil {
		return os.NewSyscallError("VirtualFree", err)
	}
	return nil
}

// givePages gives back the pages of m.data[from:to]: a view that ends by
// to is unmapped, back to a placeholder (which frees its commit charge
// and the pages the search wrote); of the view to reaches into, the pages
// leave the process's working set (VirtualUnlock of pages that are not
// locked does that, and says ERROR_NOT_LOCKED). The cache manager keeps
// or drops the file's pages.
func (m *Mapping) givePages(from, to int) {
	s := &m.sys
	for s.passed < len(s.views) && s.views[s.passed].end <= to {
		r, _, _ := s.unmap.Call(s.views[s.passed].addr, memPreservePlaceholder)
		if r == 0 {
			break // left mapped; unmap at Close unmaps it
		}
		from = max(from, s.views[s.passed].end)
		s.passed++
	}
	if from >= to {
		return
	}
	// One call per view: a range may not span two allocations.
	for i := s.passed; i < len(s.views) && from < to; i++ {
		end := min(to, s.views[i].end)
		if end > from {
			_ = windows.VirtualUnlock(uintptr(unsafe.Pointer(&m.data[from])), uintptr(end-from))
			from = end
		}
	}
}

// unmap unmaps the views, frees the placeholders around them and closes
// the file mapping object.
func (m *Mapping) unmap() error {
	var first error
	keep := func(err error) {
		if err != nil && first == nil {
			first = err
		}
	}
	for i, v := range m.sys.views {
		if i < m.sys.passed {
			keep(windows.VirtualFree(v.addr, 0, windows.MEM_RELEASE)) // a placeholder
		} else {
			keep(windows.UnmapViewOfFile(v.addr))
		}
	}
	base := uintptr(unsafe.Pointer(&m.reserved[0]))
	if m.sys.skip > 0 {
		keep(windows.VirtualFree(base, 0, windows.MEM_RELEASE))
	}
	if m.sys.tail < base+uintptr(len(m.reserved)) {
		keep(windows.VirtualFree(m.sys.tail, 0, windows.MEM_RELEASE))
	}
	keep(windows.CloseHandle(m.sys.section))
	m.sys = mapSys{}
	return first
}

// bytesAt is the n bytes of memory at addr, an address a Windows call
// returned. The double conversion keeps vet's check of uintptr to
// unsafe.Pointer conversions quiet where the address is not a Go
// pointer: the memory is the process's, outside the Go heap.
func bytesAt(addr uintptr, n int) []byte {
	return unsafe.Slice(*(**byte)(unsafe.Pointer(&addr)), n)
}
