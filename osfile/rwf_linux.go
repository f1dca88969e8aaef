package osfile

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// RWFDontcache is RWF_DONTCACHE (Linux 6.14), the read flag that leaves
// no new pages in the page cache; golang.org/x/sys does not name it yet.
const RWFDontcache = 0x80

// preadUncached reads into p at off with RWF_DONTCACHE, through the raw
// system call: x/sys's Preadv2 allocates the iovec slice on every call.
// refused says the kernel or the file system does not take the flag.
func (f *File) preadUncached(p []byte, off int64) (n int, refused bool, err error) {
	f.sys.iov = unix.Iovec{Base: &p[0]}
	f.sys.iov.SetLen(len(p))
	r, _, errno := unix.Syscall6(unix.SYS_PREADV2, uintptr(f.fd), uintptr(unsafe.Pointer(&f.sys.iov)), 1, uintptr(off), 0, RWFDontcache)
	switch errno {
	case 0:
		return int(r), false, nil
	case unix.EOPNOTSUPP, unix.EINVAL, unix.ENOSYS:
		return 0, true, nil
	}
	return 0, false, errno
}
