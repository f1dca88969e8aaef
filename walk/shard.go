package walk

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard is one of N parts of a search (--shard K/N): a file belongs to
// the shard that a stable hash of its path picks, the path below the
// root it was found under (as given, for a file named on the command
// line), so that N hosts or jobs that each search one shard of the same
// tree, mounted wherever, search every file exactly once and need no
// word with each other.
type Shard struct {
	K, N int // 1 <= K <= N; N <= 1 means the whole search
}

// ParseShard reads K/N.
func ParseShard(s string) (Shard, error) {
	bad := func(why string) (Shard, error) {
		return Shard{}, fmt.Errorf("invalid argument %q for --shard: %s", s, why)
	}
	ks, ns, ok := strings.Cut(s, "/")
	if !ok {
		return bad("want K/N, such as 2/8")
	}
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	switch {
	case err1 != nil || err2 != nil:
		return bad("want K/N, two whole numbers, such as 2/8")
	case n < 1:
		return bad("N must be at least 1")
	case k < 1 || k > n:
		return bad(fmt.Sprintf("K must be from 1 to N (%d)", n))
	}
	return Shard{K: k, N: n}, nil
}

// Holds says whether the file at path key (below its root) is in the
// shard. The hash is 64-bit FNV-1a, fixed here for good: a change would
// split the same tree differently between hosts running two versions.
func (s Shard) Holds(key string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(s.N)) == s.K-1
}

// inShard applies Options.Shard to a file at display path p.
func (w *walker) inShard(p string) bool {
	if w.opts.Shard.N <= 1 {
		return true
	}
	return w.opts.Shard.Holds(strings.TrimLeft(strings.TrimPrefix(p, w.root), "/"))
}

// listed yields a file named in a list of files (Options.Listed) without
// looking at it first: the readers learn what it is when they open it,
// and a directory there is an error, as it is to grep without -r.
func (w *walker) listed(p string) {
	if p == StdinPath {
		w.operand(p)
		return
	}
	if !w.wanted(p) || !w.inShard(p) {
		return
	}
	w.yield(File{Path: p, Seq: w.nextSeq(), Size: -1, Unlooked: true})
}
