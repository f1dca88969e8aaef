// Package index keeps, for a tree of files, the trigrams each file's bytes
// hold, so that a search can leave unread the files that cannot match: an
// index file of posting lists (one per trigram, the files that hold it)
// beside a table of the files with the identity each had when its bytes
// were read. It never says that a file matches, only that an unchanged
// one cannot, so a search that reads every file the index does not rule
// out prints what a scan prints.
package index

import (
	"errors"
	"fmt"
	"hash/crc32"

	"urg/osfile"
)

// The file's layout, little-endian: a header (headerLen bytes), the
// posting lists, then the files (fileLen bytes each), their names, the
// trigrams (keyLen bytes each, by key) and a hash table of the names.
// Every byte past the header is covered by a checksum: the posting lists
// each by their trigram's, the rest by the header's.
const (
	magic     = "urgindex"
	version   = 2 // 2: trigrams kept in the case of the text
	headerLen = 128
	fileLen   = 48
	keyLen    = 24
)

// Entry flags.
const (
	flagRacy      = 1 << iota // times too close to the build's start (osfile.Start.Racy)
	flagUnindexed             // bytes not indexed (a stream: compressed, transcoded)
)

// castagnoli is the checksum's table (CRC-32C, in hardware on most CPUs).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrUnreadable wraps every reason an index file cannot be used: absent
// sections, a checksum that fails, another format or version.
var ErrUnreadable = errors.New("index unreadable")

// unreadable is ErrUnreadable with its reason.
func unreadable(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnreadable, fmt.Sprintf(format, args...))
}

// Entry is what the index holds of one file.
type Entry struct {
	Num   int // the file's number, its place in the posting lists
	ID    osfile.Identity
	flags uint16
}

// Trusted says the index's trigrams for the file are those of its bytes
// now, given its identity now: the same identity, read far enough from
// the build's start, and bytes that were indexed.
func (e Entry) Trusted(now osfile.Identity) bool {
	return e.flags&(flagRacy|flagUnindexed) == 0 && e.ID == now
}
