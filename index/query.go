package index

import "urg/index/trigram"

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
	return ix.eval(q)
}

func (ix *Index) eval(q *trigram.Query) (Set, error) {
	switch q.Op {
	case trigram.All:
		return ix.newSet(true), nil
	case trigram.None:
		return ix.newSet(false), nil
	case trigram.And:
		acc := ix.newSet(true)
		one := ix.newSet(false)
		for _, k := range q.Trigrams {
			clear(one)
			if err := ix.postings(k, one); err != nil {
				return nil, err
			}
			for i := range acc {
				acc[i] &= one[i]
			}
		}
		for _, sub := range q.Sub {
			s, err := ix.eval(sub)
			if err != nil {
				return nil, err
			}
			for i := range acc {
				acc[i] &= s[i]
			}
		}
		return acc, nil
	default: // Or
		acc := ix.newSet(false)
		for _, k := range q.Trigrams {
			if err := ix.postings(k, acc); err != nil {
				return nil, err
			}
		}
		for _, sub := range q.Sub {
			s, err := ix.eval(sub)
			if err != nil {
				return nil, err
			}
			for i := range acc {
				acc[i] |= s[i]
			}
		}
		return acc, nil
	}
}
