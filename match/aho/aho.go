// Package aho finds any of many fixed strings, or of many regexes that
// begin with literals, with an Aho-Corasick automaton of the strings (of
// the regexes' heads), where one alternation of them would step every
// string's thread at every byte.
package aho

import (
	"slices"
	"strings"
	"unicode/utf8"

	"urg/match/base"
	"urg/match/locale"
	"urg/match/prefilter"
)

// aho finds any of many fixed strings (grep -F -f WORDS) with an
// Aho-Corasick automaton: a trie of the strings whose missing edges are
// those of its failure links, so that a scan of a block of lines costs
// about one table lookup per byte, however many strings there are. Past
// prefilter.TeddyMax strings the joined alternation went to Go's regexp,
// whose NFA steps every string's thread at every byte, in time and memory
// that grew far faster than the list (see
// docs/decisions.md#ahofor-many-fixed-strings-on-one-aho-corasick-automaton-matchahoahogo).
//
// The states are numbered breadth first, so that a state's children are
// consecutive and every failure link points to a lower number. The first
// nd states, the shallow ones where a scan spends most of its bytes, have
// full rows over the byte classes (the next state, matchBit where a word
// ends on entering it); the deeper ones only their trie edges, following
// their failure links at search time to a state with a row. A full table
// for a hundred thousand words would take hundreds of megabytes; so the
// automaton costs about 14 bytes a state beyond its rows, and the rows a
// budget (ahoDense).
//
// The automaton is never changed by a search: one serves every goroutine.
type aho struct {
	class [256]uint8 // by byte; under -i a letter's case shares a class
	shift uint       // a row's length is 1<<shift, at least the classes'
	dense []uint32   // rows of states [0, nd)
	nd    uint32
	child []uint32 // by state and one more: s's children are [child[s], child[s+1])
	cls   []uint8  // by state: the class of the edge into it
	fail  []uint32
	depth []int32 // by state: the length of the string it spells
	flags []uint8 // by state: ahoTerm, ahoEnds
	min   int

	word bool // -w: no word character on either side of a match
	line bool // -x: the match is the whole line
	uni  bool // -w reads UTF-8 characters
	// fold: -i under UTF-8. The words are spelled in their characters'
	// canonical cases (the least of each one's simple-folding orbit), and
	// lines beyond ASCII are matched through a transcript spelled so
	// (ahoFolded); a scan of raw bytes holds only for lines of ASCII.
	fold bool
	// heads: the words are the literal heads of regexes (see headed),
	// and a match is a head followed by a match of its tail: tail[s] is
	// the tail of the head that ends at s (-1 for none; more holds the
	// others when several heads are spelled alike), and out[s] the
	// nearest state of a head that is a proper suffix of s's (0: none).
	heads *headed
	tail  []int32
	more  map[uint32][]int32
	out   []uint32
	// spelts: under fold, the buffers of the lines' transcripts.
	spelts spelts
	// starts: Next's filter of where a word may begin (nil: none);
	// shallow: the states below it spell one byte at most, so that at
	// most one byte of a word in progress lies behind a scan in them.
	starts  *prefilter.Starts
	shallow uint32
}

const (
	ahoTerm = 1 << iota // a word ends at this state
	ahoEnds             // one does, or at a state its failure links reach
)

// matchBit marks a transition into a state where a word ends.
const matchBit = 1 << 31

// MinWords is how many strings make the automaton worth it over the
// joined alternation's literal scans (Teddy handles up to
// prefilter.TeddyMax).
const MinWords = prefilter.TeddyMax + 1

// ahoDense is how many bytes the full rows may take: enough for the
// shallow states of ten or a hundred thousand identifiers, where nearly
// all of a scan's steps are taken. A larger budget gave the deeper states
// rows too, but a scan's steps then missed the caches as often, and the
// rows cost the compile, which runs before any search, their making.
const ahoDense = 8 << 20

// For returns the matcher of texts (the patterns, one line each) when
// they are more than Teddy takes and each is a plain string: under -F any
// that is not empty, else one with no regex syntax in it; under UTF8 it
// must be UTF-8 (a pattern's invalid bytes are left to the regex
// engines, which have rules for them). It returns nil otherwise.
func For(texts []string, o base.Options) base.Matcher {
	if len(texts) < MinWords {
		return nil
	}
	for _, w := range texts {
		if w == "" || !o.Fixed && strings.ContainsAny(w, `\.+*?()|[]{}^$#`) || o.UTF8 && !utf8.ValidString(w) {
			return nil
		}
	}
	return New(texts, o)
}

// New returns the matcher of words (none empty or holding a newline)
// under o's -i, -w, -x and locale, however few they are.
func New(words []string, o base.Options) base.Matcher {
	a := newAho(words, o, ahoDense)
	if a.fold {
		// Lines of ASCII are scanned raw (the class map folds their
		// letters), the others through transcripts.
		return locale.NewSplit(a, ahoFolded{a})
	}
	return a
}

// newAho builds the automaton of words (none empty or holding a newline)
// under o's -i, -w, -x and locale, with full rows for as many states as
// dense bytes hold.
func newAho(words []string, o base.Options, dense int) *aho {
	return newAhoTails(words, nil, o, dense)
}

// newAhoTails is newAho where tails is not nil: the words are heads, and
// the automaton keeps what it needs to find where each one ends (out).
func newAhoTails(words []string, tails []int32, o base.Options, dense int) *aho {
	a := &aho{word: o.Word && !o.Line, line: o.Line, uni: o.UTF8, fold: o.IgnoreCase && o.UTF8, min: -1}
	words = slices.Clone(words)
	for i, w := range words {
		if o.IgnoreCase {
			w = canonical(w, o.UTF8)
			words[i] = w
		}
		n := len(w)
		if a.fold {
			// 'S' may be 'ſ', two bytes, and 'K' three; a character
			// is a byte at least.
			n = utf8.RuneCountInString(w)
		}
		if a.min < 0 || n < a.min {
			a.min = n
		}
	}
	canon := words
	// Sorted, the words that share a prefix are together: the trie is
	// made a level at a time, its states numbered breadth first.
	if tails != nil {
		words = slices.Clone(words)
	}
	slices.Sort(words)
	words = slices.Compact(words)
	a.classes(words, o.IgnoreCase)
	a.trie(words)
	if tails != nil {
		a.out = make([]uint32, len(a.cls))
		a.tail = make([]int32, len(a.cls))
		for i := range a.tail {
			a.tail[i] = -1
		}
		a.more = map[uint32][]int32{}
	}
	a.links(dense)
	if !a.line && !a.word {
		a.starts, a.shallow = a.newStarts(words), a.child[1]
	}
	for i, w := range canon[:len(tails)] {
		s := a.state(w)
		switch id := tails[i]; {
		case a.tail[s] < 0:
			a.tail[s] = id
		case a.tail[s] != id && !slices.Contains(a.more[s], id):
			a.more[s] = append(a.more[s], id)
		}
	}
	return a
}

// classes numbers the bytes of words (sorted) by class, and under fold
// gives a lower-case ASCII letter its upper case's class. Class 0 is the
// bytes of no word; the others are numbered as the bytes, so that a
// state's children come in the order of their classes.
func (a *aho) classes(words []string, fold bool) {
	var used [256]bool
	for _, w := range words {
		for k := 0; k < len(w); k++ {
			used[w[k]] = true
		}
	}
	n := 1
	for b := range 256 {
		if used[b] {
			a.class[b] = uint8(n)
			n++
		}
	}
	if fold {
		for b := 'a'; b <= 'z'; b++ {
			a.class[b] = a.class[b-'a'+'A']
		}
	}
	for 1<<a.shift < n {
		a.shift++
	}
}

// state is the state that spells w, a word of the trie.
func (a *aho) state(w string) uint32 {
	s := uint32(0)
	for k := 0; k < len(w); k++ {
		s, _ = a.edge(s, a.class[w[k]])
	}
	return s
}

// tailsMatch says whether a head that ends at e, in state s, is followed
// by a match of its tail in line (which ends at the line's end).
func (a *aho) tailsMatch(s uint32, line []byte, e int) bool {
	if a.flags[s]&ahoTerm == 0 {
		s = a.out[s]
	}
	for ; s != 0; s = a.out[s] {
		if a.heads.end(a.tail[s], line, e, true) >= 0 {
			return true
		}
		for _, id := range a.more[s] {
			if a.heads.end(id, line, e, true) >= 0 {
				return true
			}
		}
	}
	return false
}

// tailsEnd returns where the longest match ends of the regexes whose
// head ends at e, in state s (a head's), -1 if none matches. t is the
// line as spelt; e and the end are the line's own offsets.
func (a *aho) tailsEnd(s uint32, t *spelt, e int) int {
	line := t.text
	if t.at != nil {
		line, e = t.orig, int(t.at[e])
	}
	best := a.heads.end(a.tail[s], line, e, false)
	for _, id := range a.more[s] {
		best = max(best, a.heads.end(id, line, e, false))
	}
	return best
}
