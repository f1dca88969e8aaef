package main

// The flags of the index: searching with it, building or updating it,
// and where it lives.

import (
	"errors"

	"github.com/spf13/pflag"
)

// indexFlags are --index, --index-update and --index-dir.
type indexFlags struct {
	use    bool   // --index: search with the tree's index
	update bool   // --index-update: build or update it first
	dir    string // --index-dir: where it lives ("": ROOT/.urg)
}

// indexUnit is --index, --index-update and --index-dir.
func indexUnit() flagUnit { return flagUnit{"index", defineIndexFlags, (*options).setIndex} }

func defineIndexFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.BoolVar(&o.index.use, "index", false, "leave unread the files the tree's index rules out; output as without it")
	fs.BoolVar(&o.index.update, "index-update", false, "build or update the tree's index (no pattern unless --index is given too)")
	fs.StringVar(&o.index.dir, "index-dir", "", "keep the index in `DIR` (default: .urg under the tree searched)")
}

// updateOnly says the command builds the index and searches nothing:
// --index-update without --index, which takes no pattern.
func (f indexFlags) updateOnly() bool { return f.update && !f.use }

// setIndex checks the index's flags against the input's.
func (o *options) setIndex(_ *pflag.FlagSet, _ *rawFlags) error {
	if (o.index.use || o.index.update) && o.filesFrom != "" {
		return errors.New("--index and --index-update walk a tree; --files-from lists files")
	}
	return nil
}
