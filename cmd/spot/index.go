package main

// spot --index: the roots' directories listed from the listings that
// urg --index-update keeps beside a tree's index (ROOT/.urg/lists),
// each checked against its directory's identity now, so the output is
// the walk's.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"urg/index/listing"
	"urg/walk"
)

// rootListings is a walk.Lister over the listings of several roots: a
// path is looked up in the listings of each root (the one it is below
// names it).
type rootListings []*listing.Listings

func (r rootListings) Listing(path string, fn func(name []byte, t walk.Type, ino uint64)) (dev, ino uint64, ok bool) {
	for _, l := range r {
		if dev, ino, ok = l.Listing(path, fn); ok {
			return dev, ino, true
		}
	}
	return 0, 0, false
}

// openListings opens the listings of each root that has them; one that
// cannot be read is said on stderr, and its directories are read.
func openListings(roots []string, stderr io.Writer) walk.Lister {
	var r rootListings
	for _, root := range roots {
		path := filepath.Join(root, ".urg", "lists")
		l, err := listing.Open(path, root)
		if err != nil {
			if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, os.ErrPermission) {
				fmt.Fprintf(stderr, "spot: %s: %v\n", path, err)
			}
			continue
		}
		r = append(r, l)
	}
	if len(r) == 0 {
		return nil
	}
	return r
}
