package walk

import (
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/windows"

	"urg/osfile"
)

// This file and sys_unix.go are what differs in how the walk learns an
// entry's type, its Stat and its identity: here from the file attributes
// the listing and os.Lstat report, and from GetFileInformationByHandle.

// statOf is the Stat of what os.Lstat returned. Windows files have no
// st_mode and no numeric owners: Mode is made of the Type's st_mode bits
// and the permissions Go reports (0444 for a read-only file, else 0666,
// with 0111 added for a directory), so that find's -perm and -type see
// what os.FileMode.Perm and the listing say; Uid and Gid stay 0 (find
// refuses its owner primaries there).
func statOf(fi os.FileInfo) *Stat {
	return &Stat{
		Mode:  statModeOfType(typeOfInfo(fi)) | uint32(fi.Mode().Perm()),
		Size:  fi.Size(),
		Mtime: fi.ModTime(),
	}
}

// typeOfInfo is the Type of what os.Lstat returned, or of a listed
// entry's Info: its attributes say whether it is a reparse point, which
// its mode does not always (see typeOfAttrs).
func typeOfInfo(fi os.FileInfo) Type {
	if d, ok := fi.Sys().(*syscall.Win32FileAttributeData); ok {
		return typeOfAttrs(d.FileAttributes, fi.Mode())
	}
	return typeOfMode(fi.Mode())
}

// typeOfEntry is the Type of a listed entry. Its Info costs nothing
// here: the listing (NtQueryDirectoryFile) carried the attributes.
func typeOfEntry(e fs.DirEntry) Type {
	fi, err := e.Info()
	if err != nil {
		return typeOfMode(e.Type())
	}
	return typeOfInfo(fi)
}

// IDOf returns the identity of the file fi describes; false where the
// platform does not give one, as here: a FileInfo holds no volume serial
// number. IDOfFile gives it for an open file.
func IDOf(os.FileInfo) (FileID, bool) { return FileID{}, false }

// fileID is the identity of the open file f: its volume's serial number
// and its file index. The handle is borrowed through SyscallConn, since
// f.Fd would take it off the runtime's I/O completion port for good.
func fileID(f *os.File) (FileID, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return FileID{}, err
	}
	var id FileID
	var idErr error
	if err := rc.Control(func(h uintptr) { id, idErr = handleID(windows.Handle(h)) }); err != nil {
		return FileID{}, err
	}
	if idErr != nil {
		return FileID{}, &os.PathError{Op: "GetFileInformationByHandle", Path: f.Name(), Err: idErr}
	}
	return id, nil
}

// pathID is the identity of the file at p, following links as os.Stat
// did. It opens p for no access at all, which neither needs the right to
// read it nor conflicts with how others share it; FILE_FLAG_BACKUP_SEMANTICS
// lets directories open too.
func pathID(p string, _ os.FileInfo) (FileID, bool) {
	name, err := windows.UTF16PtrFromString(osfile.LongPath(p))
	if err != nil {
		return FileID{}, false
	}
	h, err := windows.CreateFile(name, 0, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return FileID{}, false
	}
	defer windows.CloseHandle(h)
	id, err := handleID(h)
	return id, err == nil
}

// handleID is the identity of the file open as h.
func handleID(h windows.Handle) (FileID, error) {
	var d windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &d); err != nil {
		return FileID{}, err
	}
	return FileID{Dev: uint64(d.VolumeSerialNumber), Ino: uint64(d.FileIndexHigh)<<32 | uint64(d.FileIndexLow)}, nil
}
