package osfile

import (
	"golang.org/x/sys/windows"
)

// fileSys is what a File needs of its own on Windows: nothing.
type fileSys struct{}

// Open opens path for reading, sharing it with writers and deleters as
// unix opens do, and hints that it is read in order (the cache manager
// reads further ahead). A path past MAX_PATH is given the \\?\ prefix.
// Running out of handles makes Open wait and retry instead of failing.
func Open(path string, shortIsEOF bool) (*File, error) {
	name, err := windows.UTF16PtrFromString(LongPath(path))
	if err != nil {
		return nil, err // a NUL in the name
	}
	for b := (Backoff{}); ; {
		h, err := windows.CreateFile(name, windows.GENERIC_READ,
			windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
			nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_SEQUENTIAL_SCAN, 0)
		switch {
		case err == nil:
			f := &File{fd: h, shortIsEOF: shortIsEOF}
			if t, err := windows.GetFileType(h); err == nil && t != windows.FILE_TYPE_DISK {
				f.off = -1 // a pipe, console or device (NUL, CON): no offsets
			}
			return f, nil
		case err == windows.ERROR_TOO_MANY_OPEN_FILES && b.Wait():
			continue
		}
		return nil, err
	}
}

// read is one ReadFile into p, at the File's offset when it has one; a
// pipe whose writer has gone reads as its end, as on unix.
func (f *File) read(p []byte) (n int, again bool, err error) {
	if f.off >= 0 {
		n, err = ReadAt(f.fd, p, f.off)
		return n, false, err
	}
	var done uint32
	err = windows.ReadFile(f.fd, p, &done, nil)
	if err == windows.ERROR_BROKEN_PIPE || err == windows.ERROR_HANDLE_EOF {
		return 0, false, nil
	}
	return int(done), false, err
}

// SkipHole skips nothing on Windows: a sparse file's holes are read as
// zeros (FSCTL_QUERY_ALLOCATED_RANGES could find them; not done).
func (f *File) SkipHole() int64 { return 0 }
