package main

// The flags of the walk: grep's --include, --exclude and --exclude-dir,
// the depth, symbolic links, the order files are printed in, and shards.

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"

	"urg/walk"
)

// walkUnit is --include, --exclude, --exclude-dir, --max-depth,
// --follow, --sort, --sortr and --shard.
func walkUnit() flagUnit { return flagUnit{"walk", defineWalkFlags, (*options).setWalk} }

func defineWalkFlags(fs *pflag.FlagSet, o *options, r *rawFlags) {
	fs.Var(globList{&o.walk.Files, true}, "include", "search only files whose name matches `GLOB` (of several --include and --exclude, the last that matches decides)")
	fs.Var(globList{&o.walk.Files, false}, "exclude", "skip files whose name matches `GLOB`")
	fs.StringArrayVar(&o.walk.ExcludeDir, "exclude-dir", nil, "skip directories whose name matches `GLOB`")
	fs.IntVar(&o.walk.MaxDepth, "max-depth", -1, "descend at most `NUM` directories below each path")
	fs.BoolVar(&o.walk.Follow, "follow", false, "follow symbolic links met while walking")
	r.sort.key = "none"
	fs.Var(sortFlag{&r.sort, false}, "sort", "print files in `ORDER`: path (streamed as the walk finds them), modified, accessed or created (once every file is found; unknown times last), or none (as they finish); the search stays parallel")
	fs.Var(sortFlag{&r.sort, true}, "sortr", "as --sort, from last to first (`ORDER`)")
	fs.StringVar(&o.shardSpec, "shard", "", "search only the files of shard `K/N`: a stable hash of each path below its root picks one of N shards (see docs/scale.md)")
}

// setWalk reads --exclude-dir as grep does, the order and the shard.
func (o *options) setWalk(_ *pflag.FlagSet, r *rawFlags) error {
	for i, g := range o.walk.ExcludeDir {
		// grep drops a pattern's trailing slashes: --exclude-dir=vendor/
		// skips vendor.
		if t := strings.TrimRight(g, "/"); t != "" {
			o.walk.ExcludeDir[i] = t
		}
	}
	o.setSort(r.sort)
	if o.shardSpec != "" {
		sh, err := walk.ParseShard(o.shardSpec)
		if err != nil {
			return plainError{err}
		}
		o.shard = sh
	}
	return nil
}

// setSort is --sort and --sortr.
func (o *options) setSort(s sortOrder) {
	switch s.key {
	case "path":
		o.sorted = true
		if s.reverse {
			o.order = walk.Order{By: walk.SortPath, Reverse: true}
		}
	case "modified":
		o.order = walk.Order{By: walk.SortModified, Reverse: s.reverse}
	case "accessed":
		o.order = walk.Order{By: walk.SortAccessed, Reverse: s.reverse}
	case "created":
		o.order = walk.Order{By: walk.SortCreated, Reverse: s.reverse}
	case "none":
	}
	o.sorted = o.sorted || o.order.By != walk.SortNone
}

// sortOrder is what --sort and --sortr say: the later given wins.
type sortOrder struct {
	key     string
	reverse bool
}

// sortFlag is --sort (reverse false) or --sortr.
type sortFlag struct {
	dst     *sortOrder
	reverse bool
}

func (f sortFlag) String() string { return f.dst.key }
func (f sortFlag) Type() string   { return "string" }
func (f sortFlag) Set(s string) error {
	switch s {
	case "path", "modified", "accessed", "created", "none":
		f.dst.key, f.dst.reverse = s, f.reverse
		return nil
	}
	return errors.New("want path, modified, accessed, created or none")
}

// globList adds each --include (include) or --exclude to one list, so
// that their order is kept.
type globList struct {
	dst     *[]walk.FileGlob
	include bool
}

func (g globList) String() string { return "[]" }
func (g globList) Type() string   { return "stringArray" }
func (g globList) Set(s string) error {
	*g.dst = append(*g.dst, walk.FileGlob{Glob: s, Include: g.include})
	return nil
}
