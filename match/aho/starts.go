package aho

import "urg/match/prefilter"

// newStarts returns the filter of where words may begin, nil when a word
// is shorter than three bytes (the filter reads three). It is made of the
// classes, as the automaton reads the bytes: under -i both cases of a
// letter. However many words there are, the filter is kept: where their
// beginnings cover most of a text's trigrams, the scan spends its bytes
// in states deeper than one byte, which do not ask the filter.
func (a *aho) newStarts(words []string) *prefilter.Starts {
	var bytesOf [256][]byte // by class
	for b := range 256 {
		c := a.class[b]
		bytesOf[c] = append(bytesOf[c], byte(b))
	}
	var begins []prefilter.Beginning
	seen := map[[3]uint8]bool{}
	for _, w := range words { // sorted: alike beginnings together
		if len(w) < 3 {
			return nil
		}
		k := [3]uint8{a.class[w[0]], a.class[w[1]], a.class[w[2]]}
		if seen[k] {
			continue
		}
		seen[k] = true
		begins = append(begins, prefilter.Beginning{bytesOf[k[0]], bytesOf[k[1]], bytesOf[k[2]]})
	}
	return prefilter.NewStarts(begins)
}
