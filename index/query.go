package index

import (
	"cmp"
	"slices"

	"urg/index/trigram"
)

// Set is a set of the index's files, one bit per file number.
type Set []uint64

// Has says file num is in the set.
func (s Set) Has(num int) bool { return s[num>>6]&(1<<(num&63)) != 0 }

func (ix *Index) newSet(full bool) Set {
	s := make(Set, (ix.h.files+63)/64)
	if full {
		for i := range s {
			s[i] = ^uint64(0)
		}
	}
	return s
}

// Candidates is the set of the files that may hold a match of the
// patterns whose condition q is: those whose trigrams satisfy it.
func (ix *Index) Candidates(q *trigram.Query) (Set, error) {
	e := &evaluator{ix: ix, uses: map[uint32]int{}, memo: map[uint32]Set{}}
	e.tally(q)
	return e.eval(q)
}

// memoMax bounds the posting lists an evaluation keeps decoded, in
// words of their sets.
const memoMax = 4 << 20

// evaluator evaluates one query. A long list of words (-F -f) shares
// many trigrams between its words: a trigram used more than once is
// decoded once and kept, while the kept sets stay under memoMax words.
type evaluator struct {
	ix    *Index
	buf   []byte // the last posting list read
	uses  map[uint32]int
	memo  map[uint32]Set
	words int // the words of the sets in memo
}

// tally counts the uses of each trigram in q.
func (e *evaluator) tally(q *trigram.Query) {
	for _, k := range q.Trigrams {
		e.uses[k]++
	}
	for _, sub := range q.Sub {
		e.tally(sub)
	}
}

// count is how many files hold trigram key under one of its spellings,
// counting a file once per spelling.
func (e *evaluator) count(key uint32) int {
	var buf [8]uint32
	n := 0
	for _, k := range trigram.Spellings(buf[:0], key) {
		_, c, _ := e.ix.find(k)
		n += c
	}
	return n
}

// set is the files that hold trigram key, under one of its spellings.
func (e *evaluator) set(key uint32) (Set, error) {
	if s, ok := e.memo[key]; ok {
		return s, nil
	}
	s := e.ix.newSet(false)
	var buf [8]uint32
	for _, k := range trigram.Spellings(buf[:0], key) {
		var err error
		if e.buf, err = e.ix.postingsIn(k, s, e.buf); err != nil {
			return nil, err
		}
	}
	if e.uses[key] > 1 && e.words+len(s) <= memoMax {
		e.memo[key] = s
		e.words += len(s)
	}
	return s, nil
}

func (e *evaluator) eval(q *trigram.Query) (Set, error) {
	switch q.Op {
	case trigram.All:
		return e.ix.newSet(true), nil
	case trigram.None:
		return e.ix.newSet(false), nil
	case trigram.And:
		return e.and(q)
	default: // Or
		acc := e.ix.newSet(false)
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

// and evaluates a conjunction, its rarest trigrams first, and stops once
// no file is left.
func (e *evaluator) and(q *trigram.Query) (Set, error) {
	keys := make([]uint32, 0, len(q.Trigrams))
	counts := map[uint32]int{}
	for _, k := range q.Trigrams {
		n := e.count(k)
		if n == 0 {
			return e.ix.newSet(false), nil
		}
		keys, counts[k] = append(keys, k), n
	}
	slices.SortFunc(keys, func(a, b uint32) int { return cmp.Compare(counts[a], counts[b]) })
	acc := e.ix.newSet(true)
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
}

func union(acc, s Set) {
	for i := range acc {
		acc[i] |= s[i]
	}
}

// intersect keeps in acc the files of s too, and says whether any is left.
func intersect(acc, s Set) bool {
	var any uint64
	for i := range acc {
		acc[i] &= s[i]
		any |= acc[i]
	}
	return any != 0
}
