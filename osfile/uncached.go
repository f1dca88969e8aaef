package osfile

import "sync/atomic"

// Uncached is one run's way of reading files without leaving new pages in
// the page cache (--cache=drop): RWF_DONTCACHE where the kernel and the
// file system take it (Linux 6.14 and later; ext4, xfs, btrfs), which
// serves what the cache holds from it and drops what a read brought in
// once the read is done; else, from the first refusal on, plain reads and
// POSIX_FADV_DONTNEED over what was read. The second is a worse thing to
// have to do: it drops a file's pages whoever cached them, which is why
// the run asks for it only of files that were not found cached.
//
// One Uncached is shared by every reader of a run; its zero value tries
// RWF_DONTCACHE first.
type Uncached struct {
	refused atomic.Bool
}

// Refused says the kernel or the file system refused RWF_DONTCACHE: files
// are read plainly and their pages dropped with fadvise afterwards.
func (u *Uncached) Refused() bool { return u.refused.Load() }

// Refuse records a refusal of RWF_DONTCACHE (EOPNOTSUPP, or EINVAL from a
// kernel that does not know the flag).
func (u *Uncached) Refuse() { u.refused.Store(true) }

// dropStep is how far a plain read moves on between fadvise calls that
// drop what it read, once RWF_DONTCACHE is refused: a call per read would
// cost a system call each, and a file larger than memory must not fill
// the cache before its end is reached.
const dropStep = 8 << 20

// Uncache makes f read through u from now on; where RWF_DONTCACHE is
// refused, the pages from offset from on are dropped as they are read.
// inject, for the fault suite, takes the first RWF_DONTCACHE read as
// refused.
func (f *File) Uncache(u *Uncached, inject bool, from int64) {
	f.uncached, f.inject, f.dropped = u, inject, from
}

// refused takes the refusal of RWF_DONTCACHE for f's file: for the whole
// run where f is a regular file on a disk file system (the tree is on one
// that refuses it), for this file alone otherwise (a device, a procfs
// file or a FUSE one met in a tree that takes the flag).
func (f *File) refused() {
	if f.shortIsEOF {
		f.uncached.Refuse()
	}
	f.plain = true
}

// DropRead gives the page cache back what f read of its file since the
// last drop, when it read plainly under an Uncached that was refused.
func (f *File) DropRead() {
	if f.uncached == nil || !f.plain && !f.uncached.Refused() || f.off < 0 {
		return
	}
	if f.off > f.dropped {
		dropCache(f.fd, f.dropped, f.off-f.dropped)
		f.dropped = f.off
	}
}

// DropCached drops the page cache's pages of the file open as fd: what an
// uncached read left there where RWF_DONTCACHE was refused.
func DropCached(fd Handle) { dropCache(fd, 0, 0) }
