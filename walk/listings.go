package walk

import "urg/osfile"

// Lister gives the walk what a directory holds without reading it: an
// index that keeps the listings it was told, each checked against its
// directory's identity now. It is asked from several goroutines at once.
type Lister interface {
	// Listing calls fn with each entry of the directory at path (the
	// path the walk would open) and returns the directory's device and
	// inode, when it knows what the directory holds now; false, before
	// any call of fn, has the walk read the directory.
	Listing(path string, fn func(name []byte, t Type, ino uint64)) (dev, ino uint64, ok bool)
}

// Recorder is a Lister that is also told what the walk reads: asked for
// by interface, it makes the walk take each directory's identity before
// reading its entries.
type Recorder interface {
	Lister
	// Read is told the entries of the directory at path, whole, and its
	// identity, taken before they were read: an entry made or removed
	// after moves the directory's change time past the one told.
	Read(path string, id osfile.Identity, entries []DirEntry)
}

// DirEntry is one entry of a directory as its listing gives it.
type DirEntry struct {
	Name string
	Type Type
	Ino  uint64 // 0 when the listing gives none
}

// fromListings reads the listing of job's directory from the walk's Lister,
// when it has it, appending to list and names as list does; ok is false
// when the directory must be read.
func (w *walker) fromListings(job dirJob, list []listing, names []byte) (_ []listing, _ []byte, id dirID, ok bool) {
	if w.opts.Listings == nil {
		return list, names, dirID{}, false
	}
	n, k := len(list), len(names)
	dev, ino, ok := w.opts.Listings.Listing(job.path, func(name []byte, t Type, ino uint64) {
		names = append(names, name...)
		list = append(list, listing{typ: t, ino: ino, end: len(names)})
	})
	if !ok {
		return list[:n], names[:k], dirID{}, false
	}
	named(list, names)
	return list, names, dirID{dev: dev, ino: ino}, true
}

// record tells the walk's Recorder, when it has one, a directory it read
// whole.
func (w *walker) record(job dirJob, id osfile.Identity, list []listing) {
	rec, ok := w.opts.Listings.(Recorder)
	if !ok {
		return
	}
	entries := make([]DirEntry, len(list))
	for i, l := range list {
		entries[i] = DirEntry{Name: l.name, Type: l.typ, Ino: l.ino}
	}
	rec.Read(job.path, id, entries)
}
