package match

import (
	"bytes"
	"strings"
)

// aho finds any of many fixed strings (grep -F -f WORDS) with an
// Aho-Corasick automaton: a trie of the strings whose missing edges are
// filled in from its failure links, so that a scan of a block of lines
// costs one table lookup per byte, however many strings there are. Past
// teddyMax strings the joined alternation went to Go's regexp, whose NFA
// steps every string's thread at every byte, in time and memory that grew
// far faster than the list (docs/performance.md, issue 26).
//
// The table is over byte classes (each byte of some string a class of
// its own, every other byte one class, '\n' among them), its entries the
// next state's row offset with matchBit set where a string ends there
// (or at a state its failure links reach). Each finds grep's matches,
// leftmost-longest, by walking the trie's own edges from each place.
type aho struct {
	class  [256]uint8
	stride int
	trans  []uint32 // states × stride
	depth  []int32  // by state: the length of the string it spells
	term   []bool   // by state: a string ends there
	min    int
}

// matchBit marks a transition into a state where a string ends.
const matchBit = 1 << 31

// ahoMin is how many strings make the automaton worth it over the
// joined alternation's literal scans (Teddy handles up to teddyMax).
const ahoMin = teddyMax + 1

// newAhoFor returns the automaton of pats when each is a plain string of
// printable ASCII, without -i, -w or -x (whose rules it does not have
// yet), and they are more than Teddy takes; nil otherwise.
func newAhoFor(pats []pattern, o Options) *aho {
	if len(pats) < ahoMin || o.IgnoreCase || o.Word || o.Line {
		return nil
	}
	words := make([]string, len(pats))
	for i, p := range pats {
		w := p.text
		if w == "" || !o.Fixed && strings.ContainsAny(w, `\.+*?()|[]{}^$#`) {
			return nil
		}
		for k := 0; k < len(w); k++ {
			if w[k] < ' ' || w[k] > '~' {
				return nil
			}
		}
		words[i] = w
	}
	return newAho(words)
}

// newAho builds the automaton of words, none of them empty or holding a
// newline.
func newAho(words []string) *aho {
	a := &aho{min: -1}
	n := 1 // class 0: the bytes of no word
	for _, w := range words {
		for k := 0; k < len(w); k++ {
			if a.class[w[k]] == 0 {
				a.class[w[k]] = uint8(n)
				n++
			}
		}
		if a.min < 0 || len(w) < a.min {
			a.min = len(w)
		}
	}
	a.stride = n
	// The trie first, its edges in a map, so that the table is made
	// once at its size (growing it copied it over and over).
	edges := make(map[uint64]uint32)
	a.depth, a.term = []int32{0}, []bool{false}
	for _, w := range words {
		s := uint32(0)
		for k := 0; k < len(w); k++ {
			key := uint64(s)<<8 | uint64(a.class[w[k]])
			t, ok := edges[key]
			if !ok {
				t = uint32(len(a.depth))
				edges[key] = t
				a.depth = append(a.depth, int32(k+1))
				a.term = append(a.term, false)
			}
			s = t
		}
		a.term[s] = true
	}
	// trans holds the trie's edges (offsets; 0 is the root, never a
	// child) and nothing else yet.
	a.trans = make([]uint32, len(a.depth)*a.stride)
	for key, t := range edges {
		a.trans[int(key>>8)*a.stride+int(key&0xff)] = t * uint32(a.stride)
	}
	// Failure links breadth first: a state's missing edges are those of
	// the state its longest proper suffix in the trie reaches, whose row
	// is complete by then (it is shallower). A match ends on entering a
	// state where a string ends, or one its failure links reach: known
	// for the failure state first, for the same reason.
	states := len(a.depth)
	fail := make([]uint32, states)
	ends := make([]bool, states)
	queue := make([]uint32, 0, states)
	for c := range a.stride {
		if t := a.trans[c]; t != 0 {
			ends[t/uint32(a.stride)] = a.term[t/uint32(a.stride)]
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		f := fail[s/uint32(a.stride)]
		for c := range a.stride {
			e := int(s) + c
			if t := a.trans[e]; t != 0 {
				// A child (the rows are filled only as their
				// states come off the queue).
				i := t / uint32(a.stride)
				fail[i] = a.trans[int(f)+c]
				ends[i] = a.term[i] || ends[fail[i]/uint32(a.stride)]
				queue = append(queue, t)
				continue
			}
			a.trans[e] = a.trans[int(f)+c]
		}
	}
	for e, t := range a.trans {
		if ends[t/uint32(a.stride)] {
			a.trans[e] = t | matchBit
		}
	}
	return a
}

func (a *aho) Engine() string { return "aho-corasick" }

func (a *aho) MinLen() int { return a.min }

func (a *aho) Next(text []byte) (int, int, error) {
	s := uint32(0)
	for i := 0; i < len(text); i++ {
		t := a.trans[s+uint32(a.class[text[i]])]
		if t&matchBit != 0 {
			ls := bytes.LastIndexByte(text[:i], '\n') + 1
			le := i + bytes.IndexByte(text[i:], '\n')
			if le < i {
				le = len(text)
			}
			return ls, le, nil
		}
		s = t
	}
	return -1, -1, nil
}

// Each gives grep -F's matches: from the left, at each place the longest
// string that starts there, the search going on after it.
func (a *aho) Each(line []byte, fn func(int, int)) error {
	stride := uint32(a.stride)
	for i := 0; i < len(line); {
		s, best := uint32(0), -1
		for j := i; j < len(line); j++ {
			t := a.trans[s+uint32(a.class[line[j]])] &^ matchBit
			if a.depth[t/stride] != a.depth[s/stride]+1 {
				break // not the trie's own edge: no string goes on
			}
			if s = t; a.term[s/stride] {
				best = j + 1
			}
		}
		if best < 0 {
			i++
			continue
		}
		fn(i, best)
		i = best
	}
	return nil
}
