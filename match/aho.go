package match

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
	"urg/match/locale"
	"urg/match/prefilter"
)

// aho finds any of many fixed strings (grep -F -f WORDS) with an
// Aho-Corasick automaton: a trie of the strings whose missing edges are
// those of its failure links, so that a scan of a block of lines costs
// about one table lookup per byte, however many strings there are. Past
// prefilter.TeddyMax strings the joined alternation went to Go's regexp, whose NFA
// steps every string's thread at every byte, in time and memory that grew
// far faster than the list (docs/performance.md, issue 26).
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
}

const (
	ahoTerm = 1 << iota // a word ends at this state
	ahoEnds             // one does, or at a state its failure links reach
)

// matchBit marks a transition into a state where a word ends.
const matchBit = 1 << 31

// ahoMin is how many strings make the automaton worth it over the
// joined alternation's literal scans (Teddy handles up to prefilter.TeddyMax).
const ahoMin = prefilter.TeddyMax + 1

// ahoDense is how many bytes the full rows may take: enough for every
// state of ten thousand identifiers, and for the shallow states of a
// hundred thousand, where nearly all of a scan's steps are taken.
const ahoDense = 32 << 20

// newAhoFor returns the matcher of texts (the patterns, one line each)
// when they are more than Teddy takes and each is a plain string: under
// -F any that is not empty, else one with no regex syntax in it; under
// UTF8 it must be UTF-8 (a pattern's invalid bytes are left to the regex
// engines, which have rules for them). It returns nil otherwise.
func newAhoFor(texts []string, o Options) Matcher {
	if len(texts) < ahoMin {
		return nil
	}
	for _, w := range texts {
		if w == "" || !o.Fixed && strings.ContainsAny(w, `\.+*?()|[]{}^$#`) || o.UTF8 && !utf8.ValidString(w) {
			return nil
		}
	}
	a := newAho(texts, o, ahoDense)
	if a.fold {
		// Lines of ASCII are scanned raw (the class map folds their
		// letters), the others through transcripts.
		return locale.NewSplit(a, ahoFolded{a})
	}
	return a
}

// canonical spells w as -i matches it: ASCII letters in upper case, and
// under uni every character as the least of its simple-folding orbit
// (which for an ASCII letter is its upper case, so both spellings agree:
// 'ſ' and 'K' (U+212A) become 'S' and 'K').
func canonical(w string, uni bool) string {
	if !uni {
		// Bytes, not characters: strings.Map would spell an invalid
		// byte as U+FFFD.
		b := []byte(w)
		for i, c := range b {
			if 'a' <= c && c <= 'z' {
				b[i] = c - 'a' + 'A'
			}
		}
		return string(b)
	}
	return strings.Map(canonRune, w)
}

// canonRune is the least character of r's simple-folding orbit.
func canonRune(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// newAho builds the automaton of words (none empty or holding a newline)
// under o's -i, -w, -x and locale, with full rows for as many states as
// dense bytes hold.
func newAho(words []string, o Options, dense int) *aho {
	return newAhoTails(words, nil, o, dense)
}

// newAhoTails is newAho where tails is not nil: the words are heads, and
// the automaton keeps what it needs to find where each one ends (out).
func newAhoTails(words []string, tails []int32, o Options, dense int) *aho {
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
	var used [256]bool
	for _, w := range words {
		for k := 0; k < len(w); k++ {
			used[w[k]] = true
		}
	}
	// Class 0 is the bytes of no word; the others are numbered as the
	// bytes, so that a state's children come in the order of their
	// classes.
	n := 1
	for b := range 256 {
		if used[b] {
			a.class[b] = uint8(n)
			n++
		}
	}
	if o.IgnoreCase {
		for b := 'a'; b <= 'z'; b++ {
			a.class[b] = a.class[b-'a'+'A']
		}
	}
	for 1<<a.shift < n {
		a.shift++
	}
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

// trie makes the states of sorted, distinct words: those of depth d are
// the distinct prefixes of length d, in order, so each level is one pass
// over the words still as long.
func (a *aho) trie(words []string) {
	a.cls, a.depth, a.flags = []uint8{0}, []int32{0}, []uint8{0}
	kids := []uint32{0} // by state: how many children
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

func (a *aho) Engine() string {
	return fmt.Sprintf("aho-corasick (%d states, %d with rows)", len(a.cls), a.nd)
}

func (a *aho) MinLen() int { return a.min }

// Next is the hot loop: one lookup a byte while the scan stays in the
// states with rows. No word holds '\n', so a line's end takes the scan
// back to the root and the block is scanned as one.
func (a *aho) Next(text []byte) (int, int, error) {
	if a.line {
		return a.nextWhole(text)
	}
	if a.word {
		if p, _ := a.find(text, 0, nil); p >= 0 {
			return lineAround(text, p)
		}
		return -1, -1, nil
	}
	s, nd, le := uint32(0), a.nd, -1
	for i := 0; i < len(text); i++ {
		c := a.class[text[i]]
		var t uint32
		if s < nd {
			t = a.dense[s<<a.shift|uint32(c)]
		} else {
			t = a.next(s, c)
		}
		if t&matchBit != 0 {
			if a.heads == nil {
				return lineAround(text, i)
			}
			if le < i {
				le = base.LineEndFrom(text, i)
			}
			if a.tailsMatch(t&^matchBit, text[:le], i+1) {
				return lineAround(text, i)
			}
		}
		s = t &^ matchBit
	}
	return -1, -1, nil
}

// lineAround is lineAt as Next returns it.
func lineAround(text []byte, i int) (int, int, error) {
	s, e := base.LineAt(text, i)
	return s, e, nil
}

// nextWhole is -x's Next: a line is selected when it is a word.
func (a *aho) nextWhole(text []byte) (int, int, error) {
	s, e := base.FirstLine(text, a.whole)
	return s, e, nil
}

// whole says whether line is one of the words.
func (a *aho) whole(line []byte) bool {
	s := uint32(0)
	for _, b := range line {
		t, ok := a.edge(s, a.class[b])
		if !ok {
			return false
		}
		s = t
	}
	return a.flags[s]&ahoTerm != 0
}

// spelt is a line as the automaton reads it: the line itself, or under
// fold its transcript (text), with at mapping the transcript's offsets
// to the line's (orig).
type spelt struct {
	text, orig []byte
	at         []int32
}

// wordBefore says whether a word character comes just before the
// transcript's offset p in the line; wordAfter, just after it.
func (t *spelt) wordBefore(p int, uni bool) bool {
	if t.at == nil {
		return base.WordBefore(t.text, p, uni)
	}
	return base.WordBefore(t.orig, int(t.at[p]), uni)
}

func (t *spelt) wordAfter(p int, uni bool) bool {
	if t.at == nil {
		return base.WordAfter(t.text, p, uni)
	}
	return base.WordAfter(t.orig, int(t.at[p]), uni)
}

// find returns the leftmost match in text from i on (the longest of those
// that start there), as grep -F reports them: under -w the leftmost
// start where a word fits between non-word characters, the longest that
// fits. It returns -1 when there is none. t is the line's spelling when
// text is a transcript, else nil.
//
// The scan runs until a word ends, at e. A match that starts before e
// has its start in the suffix of text[:e] that the state spells (a
// longer suffix would be in the trie), so those few starts are walked
// from the root, from the left; none fitting, the scan goes on, and the
// starts before e are decided.
func (a *aho) find(text []byte, i int, t *spelt) (int, int) {
	if t == nil {
		t = &spelt{text: text}
	}
	s, tried := uint32(0), i
	for j := i; j < len(text); j++ {
		n := a.next(s, a.class[text[j]])
		s = n &^ matchBit
		if n&matchBit == 0 {
			continue
		}
		e := j + 1
		for p := max(tried, e-int(a.depth[s])); p < e; p++ {
			if q := a.longestAt(text, p, t); q >= 0 {
				return p, q
			}
		}
		tried = e
	}
	return -1, -1
}

// longestAt returns the end of the longest word at p in text (under -w,
// of those with no word character beside them), or -1. Of heads (see
// headed), it is the end of the longest regex's match, in the line's
// own offsets.
func (a *aho) longestAt(text []byte, p int, t *spelt) int {
	if a.word && t.wordBefore(p, a.uni) {
		return -1
	}
	s, best := uint32(0), -1
	for j := p; j < len(text); j++ {
		n, ok := a.edge(s, a.class[text[j]])
		if !ok {
			break
		}
		if s = n; a.flags[s]&ahoTerm == 0 {
			continue
		}
		if a.heads != nil {
			best = max(best, a.tailsEnd(s, t, j+1))
		} else if !a.word || !t.wordAfter(j+1, a.uni) {
			best = j + 1
		}
	}
	return best
}

// findIn is find for heads in line from its offset i, through the
// transcript t (of line) when the automaton folds: the match's bounds in
// line's offsets.
func (a *aho) findIn(line []byte, i int, t *spelt) (int, int) {
	if !a.fold {
		return a.find(line, i, nil)
	}
	k, _ := slices.BinarySearch(t.at, int32(i))
	p, q := a.find(t.text, k, t)
	if p < 0 {
		return -1, -1
	}
	return int(t.at[p]), q
}

// Each gives grep -F's matches: from the left, at each place the longest
// word that starts there (under -w, that fits), the search going on after
// it; under -x the whole line when it is a word.
func (a *aho) Each(line []byte, fn func(int, int)) error {
	if a.line {
		if len(line) > 0 && a.whole(line) {
			fn(0, len(line))
		}
		return nil
	}
	for i := 0; i < len(line); {
		p, q := a.find(line, i, nil)
		if p < 0 {
			break
		}
		fn(p, q)
		i = q
	}
	return nil
}

// ahoFolded is the matcher of -i under UTF-8 for lines beyond ASCII: it
// runs the automaton over a transcript of each line in which every
// character is spelled in its canonical case, as the words are, and maps
// the transcript's offsets back. An invalid byte becomes 0xff, which no
// word holds (they are UTF-8): in a UTF-8 locale it matches nothing.
type ahoFolded struct{ a *aho }

func (f ahoFolded) Engine() string { return f.a.Engine() + " over folded transcripts" }

func (f ahoFolded) MinLen() int { return f.a.MinLen() }

// transcribe spells line as the words of -i under UTF-8 are spelled.
func transcribe(line []byte) *spelt {
	t := &spelt{orig: line, text: make([]byte, 0, len(line)+8), at: make([]int32, 0, len(line)+9)}
	for i := 0; i < len(line); {
		r, n := rune(line[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(line[i:])
		}
		k := len(t.text)
		switch {
		case r == utf8.RuneError && n == 1:
			t.text = append(t.text, 0xff)
		case r < utf8.RuneSelf:
			t.text = append(t.text, byte(r))
		default:
			t.text = utf8.AppendRune(t.text, canonRune(r))
		}
		for range len(t.text) - k {
			t.at = append(t.at, int32(i))
		}
		i += n
	}
	t.at = append(t.at, int32(len(line)))
	return t
}

func (f ahoFolded) Next(text []byte) (int, int, error) {
	s, e := base.FirstLine(text, f.matches)
	return s, e, nil
}

// matches says whether line holds a match.
func (f ahoFolded) matches(line []byte) bool {
	t := transcribe(line)
	if f.a.line {
		return f.a.whole(t.text)
	}
	p, _ := f.a.find(t.text, 0, t)
	return p >= 0
}

func (f ahoFolded) Each(line []byte, fn func(int, int)) error {
	t := transcribe(line)
	if f.a.line {
		if len(line) > 0 && f.a.whole(t.text) {
			fn(0, len(line))
		}
		return nil
	}
	for i := 0; i < len(t.text); {
		p, q := f.a.find(t.text, i, t)
		if p < 0 {
			break
		}
		fn(int(t.at[p]), int(t.at[q]))
		i = q
	}
	return nil
}
