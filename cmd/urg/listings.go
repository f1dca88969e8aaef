package main

// The index's listings: --index-update records what each directory of
// the tree holds, beside the index; --index and --files with it take a
// directory's entries from there while the directory is as it was (see
// package index/listing), which spares opening and reading it.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"urg/index/listing"
	"urg/osfile"
)

// lists is the file of the tree's listings.
func (t indexTree) lists() string { return filepath.Join(t.dir, "lists") }

// openListings is the listings of the tree --index searches, for its
// walk; nil when there are none, or none it can read (said on stderr),
// and the walk reads every directory.
func openListings(o *options, stderr io.Writer) *listing.Listings {
	t, err := o.indexTree()
	if err != nil {
		return nil // the index's own refusal says why
	}
	l, err := listing.Open(t.lists(), t.root)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(stderr, "urg: %s: %v\n", t.lists(), err)
		}
		return nil
	}
	return l
}

// listingsWriter records the listings of the walk of a build begun at
// start, taking those of the previous file that still hold.
func listingsWriter(t indexTree, start osfile.Start) *listing.Writer {
	prev, err := listing.Open(t.lists(), t.root)
	if err != nil {
		prev = nil // written again whole, whatever was wrong with it
	}
	return listing.NewWriter(t.lists(), t.root, start, prev)
}

// writeListingsStats is --stats' line of the listings, under --index.
func (o *options) writeListingsStats(w io.Writer) {
	if l := o.indexLists; l != nil {
		fmt.Fprintf(w, "  listings: %d of %d directories listed from the index, %d read\n", l.Listed.Load(), l.Listed.Load()+l.Read.Load(), l.Read.Load())
	}
}
