package osfile

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// Handle is an open file as the platform names it: a descriptor on unix,
// a HANDLE on Windows. Code above this package holds it without looking
// inside, so that one scheduler serves both.
type Handle = windows.Handle

// NoHandle is the Handle of no open file.
const NoHandle Handle = windows.InvalidHandle

// Stdin is the handle of standard input.
func Stdin() Handle {
	h, err := windows.GetStdHandle(windows.STD_INPUT_HANDLE)
	if err != nil {
		return NoHandle
	}
	return h
}

// CloseHandle closes h.
func CloseHandle(h Handle) error { return windows.CloseHandle(h) }

// ReadAt reads into p from offset off of the file open as h: ReadFile
// with the offset in an OVERLAPPED, which on a handle opened for
// synchronous reads is Windows' pread. The end of the file reads as 0
// bytes, as on unix.
func ReadAt(h Handle, p []byte, off int64) (int, error) {
	var done uint32
	ov := windows.Overlapped{Offset: uint32(off), OffsetHigh: uint32(off >> 32)}
	err := windows.ReadFile(h, p[:min(len(p), maxRead)], &done, &ov)
	if err == windows.ERROR_HANDLE_EOF {
		return 0, nil
	}
	return int(done), err
}

// Seek moves h's offset as lseek(2) does (SetFilePointerEx).
func Seek(h Handle, off int64, whence int) (int64, error) { return windows.Seek(h, off, whence) }

// fileStandardInfo is FILE_STANDARD_INFO, which x/sys/windows does not
// declare.
type fileStandardInfo struct {
	AllocationSize int64
	EndOfFile      int64
	NumberOfLinks  uint32
	DeletePending  bool
	Directory      bool
}

// Stat describes the file open as h. A file is regular when it is on a
// disk (not a pipe, console or device) and not a directory; it is sparse
// when less than half its size is allocated, which also takes in files
// NTFS compresses: they are read, not mapped, either way.
func Stat(h Handle) (Info, error) {
	t, err := windows.GetFileType(h)
	if err != nil {
		return Info{}, err
	}
	if t != windows.FILE_TYPE_DISK {
		return Info{}, nil
	}
	var si fileStandardInfo
	if err := windows.GetFileInformationByHandleEx(h, windows.FileStandardInfo, (*byte)(unsafe.Pointer(&si)), uint32(unsafe.Sizeof(si))); err != nil {
		return Info{}, err
	}
	return Info{Size: si.EndOfFile, Regular: !si.Directory, Sparse: si.AllocationSize < si.EndOfFile/2}, nil
}
