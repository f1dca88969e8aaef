package walk

import (
	"bytes"
	"encoding/binary"

	"golang.org/x/sys/unix"

	"urg/osfile"
)

// listDir lists a directory with getdents64, keeping the type the file
// system reports (d_type) so that most entries need no stat. buf is
// scratch space reused across calls. The directory's identity is read,
// before its entries, only when withID asks (loop checks of followed
// links, a Recorder): an fstat for every directory was one system call
// more per directory, for nothing. opened says whether the directory was
// opened, so that a listing cut short by an error still yields what it
// read.
func listDir(path string, buf []byte, withID bool, fn func(name []byte, t Type, ino uint64)) (id osfile.Identity, opened bool, err error) {
	fd, err := openDir(path)
	if err != nil {
		return id, false, err
	}
	defer unix.Close(fd)
	if withID {
		if id, err = osfile.Identify(fd); err != nil {
			return id, false, err
		}
	}
	return id, true, readDirFD(fd, buf, fn, nil)
}

// listBatches lists a directory as listDir does, without its identity,
// one getdents buffer at a time: fn sees each entry of a buffer, then
// batch runs with the directory still open as fd (for stats relative to
// it); the names fn saw stay valid until batch returns.
func listBatches(path string, buf []byte, fn func(name []byte, t Type, ino uint64), batch func(fd int)) error {
	fd, err := openDir(path)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	return readDirFD(fd, buf, fn, func() { batch(fd) })
}

// readDirFD reads the entries of the directory open as fd, calling batch
// (when not nil) after each buffer of them.
//
// Only an empty read ends a listing, on every file system. A read that
// leaves room in the buffer is not the last when a signal arrived during
// it (filldir64 stops at any pending signal once it has an entry), and a
// Go program is sent them all the time (SIGURG preempts goroutines). A
// walk that took such a read as the end, to save the second read of most
// directories (one of the four calls a directory costs), lost files from
// a directory read short in a cold run (see docs/decisions.md#readdirfd-only-an-empty-read-ends-a-listing-walkreaddir_linuxgo-was-schedreaddir_linuxgo).
func readDirFD(fd int, buf []byte, fn func(name []byte, t Type, ino uint64), batch func()) error {
	for {
		n, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		if n <= 0 {
			return nil
		}
		for b := buf[:n]; len(b) >= 19; {
			reclen := int(binary.NativeEndian.Uint16(b[16:18]))
			if reclen < 19 || reclen > len(b) {
				break
			}
			name := b[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if !isDot(name) {
				fn(name, typeOfDirent(b[18]), binary.NativeEndian.Uint64(b[0:8]))
			}
			b = b[reclen:]
		}
		if batch != nil {
			batch()
		}
	}
}

// openDir opens a directory, waiting while descriptors run out.
func openDir(path string) (int, error) {
	flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC | unix.O_NOATIME
	for b := (osfile.Backoff{}); ; {
		fd, err := osfile.OpenPath(path, flags)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EPERM && flags&unix.O_NOATIME != 0:
			flags &^= unix.O_NOATIME
			continue
		case (err == unix.EMFILE || err == unix.ENFILE) && b.Wait():
			continue
		}
		return fd, err
	}
}

// typeOfDirent is the Type of a d_type (TypeUnknown for DT_UNKNOWN).
func typeOfDirent(t byte) Type {
	switch t {
	case unix.DT_REG:
		return TypeFile
	case unix.DT_DIR:
		return TypeDir
	case unix.DT_LNK:
		return TypeLink
	case unix.DT_FIFO:
		return TypeFIFO
	case unix.DT_SOCK:
		return TypeSocket
	case unix.DT_CHR:
		return TypeChar
	case unix.DT_BLK:
		return TypeBlock
	}
	return TypeUnknown
}

func isDot(name []byte) bool {
	return len(name) == 1 && name[0] == '.' || len(name) == 2 && name[0] == '.' && name[1] == '.'
}

// pseudoFS reports whether path is on a file system whose files report
// sizes that are not their contents (procfs, sysfs and the like), where a
// short read does not mean the end of the file.
func pseudoFS(path string) bool {
	var fs unix.Statfs_t
	return unix.Statfs(path, &fs) != nil || pseudoType(fs.Type)
}

// pseudoType says whether a file system of statfs type t is one of
// pseudoFS's.
func pseudoType(t int64) bool {
	switch t {
	case unix.PROC_SUPER_MAGIC, unix.SYSFS_MAGIC, unix.DEBUGFS_MAGIC, unix.TRACEFS_MAGIC,
		unix.SECURITYFS_MAGIC, unix.CGROUP_SUPER_MAGIC, unix.CGROUP2_SUPER_MAGIC,
		unix.FUSE_SUPER_MAGIC, unix.BPF_FS_MAGIC:
		return true
	}
	return false
}

// Plain says of open files whether each is a regular file on a file
// system whose short reads end its files (not one of pseudoFS's), with
// its size: what the walk knows of the files it meets (File.ShortIsEOF),
// learnt of a file it only named (File.Unlooked). It keeps
// each file system's answer, so that a file costs one fstat. Its zero
// value is ready; it is not for use by several goroutines at once.
type Plain struct{ pseudo map[uint64]bool }

// FD asks of the open file fd.
func (p *Plain) FD(fd int) (size int64, plain bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return -1, false
	}
	pseudo, ok := p.pseudo[st.Dev]
	if !ok {
		var fs unix.Statfs_t
		if unix.Fstatfs(fd, &fs) != nil {
			return -1, false
		}
		pseudo = pseudoType(fs.Type)
		if p.pseudo == nil {
			p.pseudo = map[uint64]bool{}
		}
		p.pseudo[st.Dev] = pseudo
	}
	if pseudo {
		return -1, false
	}
	return st.Size, true
}
