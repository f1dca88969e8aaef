package main

import (
	"cmp"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"

	"urg/index/trigram"
)

// set is a set of files, one bit per file number, as urg's index.Set.
type set []uint64

func newSet(nfiles int, full bool) set {
	s := make(set, (nfiles+63)/64)
	if full {
		for i := range s {
			s[i] = ^uint64(0)
		}
	}
	return s
}

func union(acc, s set) {
	for i := range acc {
		acc[i] |= s[i]
	}
}

// intersect keeps in acc the files of s too, and says whether any is left.
func intersect(acc, s set) bool {
	var any uint64
	for i := range acc {
		acc[i] &= s[i]
		any |= acc[i]
	}
	return any != 0
}

// store is what an evaluation asks of a store: a trigram's count of
// files (0 when none holds it), and its files added to a set.
type store interface {
	count(key uint32) (int, error)
	orInto(key uint32, s set) error
	close() error
}

// bitmapStore is a store of roaring lists, which gives them as bitmaps.
type bitmapStore interface {
	store
	bitmap(key uint32) (*roaring.Bitmap, error)
}

// memoMax bounds the decoded sets an evaluation keeps, in words, as
// urg's evaluator bounds its own.
const memoMax = 4 << 20

// evaluator evaluates a query over any store as urg's index.Candidates
// does over its file: each trigram's spellings decoded into one set of
// files; an AND by its rarest trigrams first, stopped once empty; the
// sets of trigrams used more than once kept.
type evaluator struct {
	st     store
	nfiles int
	uses   map[uint32]int
	memo   map[uint32]set
	words  int
}

func evaluate(st store, nfiles int, q *trigram.Query) (set, error) {
	e := &evaluator{st: st, nfiles: nfiles, uses: map[uint32]int{}, memo: map[uint32]set{}}
	tally(e.uses, q)
	return e.eval(q)
}

// tally counts the uses of each trigram in q.
func tally(uses map[uint32]int, q *trigram.Query) {
	for _, k := range q.Trigrams {
		uses[k]++
	}
	for _, sub := range q.Sub {
		tally(uses, sub)
	}
}

// count is how many files hold key under one of its spellings, a file
// counted once per spelling.
func count(st store, key uint32) (int, error) {
	var buf [8]uint32
	n := 0
	for _, k := range trigram.Spellings(buf[:0], key) {
		c, err := st.count(k)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

func (e *evaluator) set(key uint32) (set, error) {
	if s, ok := e.memo[key]; ok {
		return s, nil
	}
	s := newSet(e.nfiles, false)
	var buf [8]uint32
	for _, k := range trigram.Spellings(buf[:0], key) {
		if err := e.st.orInto(k, s); err != nil {
			return nil, err
		}
	}
	if e.uses[key] > 1 && e.words+len(s) <= memoMax {
		e.memo[key] = s
		e.words += len(s)
	}
	return s, nil
}

func (e *evaluator) eval(q *trigram.Query) (set, error) {
	switch q.Op {
	case trigram.All:
		return newSet(e.nfiles, true), nil
	case trigram.None:
		return newSet(e.nfiles, false), nil
	case trigram.And:
		keys, err := byCount(e.st, q.Trigrams)
		if keys == nil {
			return newSet(e.nfiles, false), err
		}
		acc := newSet(e.nfiles, true)
		for _, k := range keys {
			s, err := e.set(k)
			if err != nil {
				return nil, err
			}
			if !intersect(acc, s) {
				return acc, nil
			}
		}
		for _, sub := range q.Sub {
			s, err := e.eval(sub)
			if err != nil {
				return nil, err
			}
			if !intersect(acc, s) {
				return acc, nil
			}
		}
		return acc, nil
	default: // Or
		acc := newSet(e.nfiles, false)
		for _, k := range q.Trigrams {
			s, err := e.set(k)
			if err != nil {
				return nil, err
			}
			union(acc, s)
		}
		for _, sub := range q.Sub {
			s, err := e.eval(sub)
			if err != nil {
				return nil, err
			}
			union(acc, s)
		}
		return acc, nil
	}
}

// byCount is an AND's trigrams, rarest first; nil when one is held by
// no file.
func byCount(st store, trigrams []uint32) ([]uint32, error) {
	keys := make([]uint32, 0, len(trigrams))
	counts := map[uint32]int{}
	for _, k := range trigrams {
		n, err := count(st, k)
		if n == 0 {
			return nil, err
		}
		keys, counts[k] = append(keys, k), n
	}
	slices.SortFunc(keys, func(a, b uint32) int { return cmp.Compare(counts[a], counts[b]) })
	return keys, nil
}

// bitmapEvaluator evaluates a query with roaring's own operations: a
// trigram's spellings united by FastOr, an AND by And from the rarest,
// stopped once empty, an OR by FastOr.
type bitmapEvaluator struct {
	st     bitmapStore
	nfiles int
	uses   map[uint32]int
	memo   map[uint32]*roaring.Bitmap
}

func evaluateBitmaps(st bitmapStore, nfiles int, q *trigram.Query) (*roaring.Bitmap, error) {
	e := &bitmapEvaluator{st: st, nfiles: nfiles, uses: map[uint32]int{}, memo: map[uint32]*roaring.Bitmap{}}
	tally(e.uses, q)
	return e.eval(q)
}

func (e *bitmapEvaluator) bitmap(key uint32) (*roaring.Bitmap, error) {
	if bm, ok := e.memo[key]; ok {
		return bm, nil
	}
	var buf [8]uint32
	var bms []*roaring.Bitmap
	for _, k := range trigram.Spellings(buf[:0], key) {
		bm, err := e.st.bitmap(k)
		if err != nil {
			return nil, err
		}
		if bm != nil {
			bms = append(bms, bm)
		}
	}
	var bm *roaring.Bitmap
	switch len(bms) {
	case 0:
		bm = roaring.New()
	case 1:
		bm = bms[0]
	default:
		bm = roaring.FastOr(bms...)
	}
	if e.uses[key] > 1 {
		e.memo[key] = bm
	}
	return bm, nil
}

func (e *bitmapEvaluator) eval(q *trigram.Query) (*roaring.Bitmap, error) {
	switch q.Op {
	case trigram.All:
		bm := roaring.New()
		bm.AddRange(0, uint64(e.nfiles))
		return bm, nil
	case trigram.None:
		return roaring.New(), nil
	case trigram.And:
		keys, err := byCount(e.st, q.Trigrams)
		if keys == nil {
			return roaring.New(), err
		}
		var acc *roaring.Bitmap
		and := func(bm *roaring.Bitmap) bool {
			if acc == nil {
				acc = bm.Clone()
			} else {
				acc.And(bm)
			}
			return !acc.IsEmpty()
		}
		for _, k := range keys {
			bm, err := e.bitmap(k)
			if err != nil {
				return nil, err
			}
			if !and(bm) {
				return acc, nil
			}
		}
		for _, sub := range q.Sub {
			bm, err := e.eval(sub)
			if err != nil {
				return nil, err
			}
			if !and(bm) {
				return acc, nil
			}
		}
		if acc == nil {
			return e.eval(&trigram.Query{Op: trigram.All})
		}
		return acc, nil
	default: // Or
		var bms []*roaring.Bitmap
		for _, k := range q.Trigrams {
			bm, err := e.bitmap(k)
			if err != nil {
				return nil, err
			}
			bms = append(bms, bm)
		}
		for _, sub := range q.Sub {
			bm, err := e.eval(sub)
			if err != nil {
				return nil, err
			}
			bms = append(bms, bm)
		}
		return roaring.FastOr(bms...), nil
	}
}
