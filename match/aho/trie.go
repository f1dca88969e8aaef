package aho

// The automaton's making: the trie a level at a time, then the failure
// links and the rows, and the steps a search takes through them.

// trie makes the states of sorted, distinct words: those of depth d are
// the distinct prefixes of length d, in order, so each level is one pass
// over the words still as long.
func (a *aho) trie(words []string) {
	// A state a byte of a word at most: sized once, the slices are not
	// grown and copied level by level.
	n := 1
	for _, w := range words {
		n += len(w)
	}
	a.cls, a.depth, a.flags = make([]uint8, 1, n), make([]int32, 1, n), make([]uint8, 1, n)
	kids := make([]uint32, 1, n) // by state: how many children
	at := make([]uint32, len(words))
	live := make([]int, len(words)) // the words longer than d-1
	for i := range live {
		live[i] = i
	}
	for d := 1; len(live) > 0; d++ {
		last, lastByte := uint32(1<<32-1), -1
		next := live[:0]
		for _, i := range live {
			w := words[i]
			if p := at[i]; p != last || int(w[d-1]) != lastByte {
				last, lastByte = p, int(w[d-1])
				kids[p]++
				a.cls = append(a.cls, a.class[w[d-1]])
				a.depth = append(a.depth, int32(d))
				a.flags = append(a.flags, 0)
				kids = append(kids, 0)
			}
			s := uint32(len(a.cls) - 1)
			at[i] = s
			if len(w) == d {
				a.flags[s] = ahoTerm
			} else {
				next = append(next, i)
			}
		}
		live = next
	}
	a.child = make([]uint32, len(kids)+1)
	a.child[0] = 1
	for s, k := range kids {
		a.child[s+1] = a.child[s] + k
	}
}

// links sets the failure links breadth first (a state's link is the state
// of its longest proper suffix in the trie, reached from its parent's
// link), marks where words end, and fills the rows of the states that
// dense bytes hold: a row is its failure state's with the state's own
// edges written over it, and that state is shallower, so done.
func (a *aho) links(dense int) {
	states := len(a.cls)
	a.fail = make([]uint32, states)
	a.nd = uint32(min(states, max(1, dense>>(a.shift+2))))
	a.dense = make([]uint32, int(a.nd)<<a.shift)
	for s := range uint32(states) {
		for k := a.child[s]; k < a.child[s+1]; k++ {
			if s > 0 {
				a.fail[k] = a.next(a.fail[s], a.cls[k]) &^ matchBit
			}
			if a.flags[k]&ahoTerm != 0 || a.flags[a.fail[k]]&ahoEnds != 0 {
				a.flags[k] |= ahoEnds
			}
			if a.out != nil {
				if f := a.fail[k]; a.flags[f]&ahoTerm != 0 {
					a.out[k] = f
				} else {
					a.out[k] = a.out[f]
				}
			}
		}
		if s >= a.nd {
			continue
		}
		row := a.dense[s<<a.shift : (s+1)<<a.shift]
		if s > 0 {
			f := a.fail[s]
			copy(row, a.dense[f<<a.shift:(f+1)<<a.shift])
		}
		for k := a.child[s]; k < a.child[s+1]; k++ {
			row[a.cls[k]] = a.mark(k)
		}
	}
}

// mark is the transition into s: s, with matchBit if a word ends there.
func (a *aho) mark(s uint32) uint32 {
	if a.flags[s]&ahoEnds != 0 {
		return s | matchBit
	}
	return s
}

// next is the transition from s on a byte of class c.
func (a *aho) next(s uint32, c uint8) uint32 {
	for s >= a.nd {
		for k := a.child[s]; k < a.child[s+1]; k++ {
			if a.cls[k] == c {
				return a.mark(k)
			}
		}
		s = a.fail[s]
	}
	return a.dense[s<<a.shift|uint32(c)]
}

// edge is s's child by a byte of class c, if the trie has that edge.
func (a *aho) edge(s uint32, c uint8) (uint32, bool) {
	lo, hi := a.child[s], a.child[s+1]
	if s < a.nd {
		t := a.dense[s<<a.shift|uint32(c)] &^ matchBit
		return t, lo <= t && t < hi
	}
	for k := lo; k < hi; k++ {
		if a.cls[k] == c {
			return k, true
		}
	}
	return 0, false
}
