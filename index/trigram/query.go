// Package trigram turns patterns' parse trees into a condition on trigrams that every file holding a match contains, for an index to rule files out with.
package trigram

import (
	"slices"
	"strconv"
	"strings"
)

// AnyCase marks, in a query's trigram, an ASCII letter that may stand in
// the text in either case: the byte is its small letter with this bit
// set. The index keeps the text's bytes as they are, so a case-sensitive
// pattern reads only the lists of its own spelling, and a key with
// AnyCase letters stands for the union of its spellings' lists. No byte
// past ASCII stands in a query's trigrams (the analysis breaks its
// strings there), which leaves the bit free.
const AnyCase = 0x80

// anyCase is the mask of AnyCase in each of a key's three bytes.
const anyCase = AnyCase<<16 | AnyCase<<8 | AnyCase

// Key returns the key of the trigram of bytes a, b and c, as the index
// keeps it; in a query, a, b or c may be a letter marked AnyCase.
func Key(a, b, c byte) uint32 {
	return uint32(a)<<16 | uint32(b)<<8 | uint32(c)
}

// Spellings appends to list the keys of the text that the query key k
// stands for: k itself, or with AnyCase letters every choice of their
// cases, up to eight keys.
func Spellings(list []uint32, k uint32) []uint32 {
	if k&anyCase == 0 {
		return append(list, k)
	}
	start := len(list)
	list = append(list, 0)
	for shift := 16; shift >= 0; shift -= 8 {
		b := byte(k >> shift)
		for i := start; i < len(list); i++ {
			list[i] <<= 8
		}
		if b&AnyCase == 0 {
			for i := start; i < len(list); i++ {
				list[i] |= uint32(b)
			}
			continue
		}
		small := b &^ AnyCase
		n := len(list)
		for i := start; i < n; i++ {
			list = append(list, list[i]|uint32(small-'a'+'A'))
			list[i] |= uint32(small)
		}
	}
	return list
}

// holds reports whether has holds key k under one of its spellings.
func holds(has func(key uint32) bool, k uint32) bool {
	if k&anyCase == 0 {
		return has(k)
	}
	var buf [8]uint32
	for _, s := range Spellings(buf[:0], k) {
		if has(s) {
			return true
		}
	}
	return false
}

// Op says how a Query combines its trigrams and subqueries.
type Op uint8

// The operators of a Query. All and None are the constants true and false;
// And and Or combine the node's trigrams and subqueries.
const (
	All Op = iota
	None
	And
	Or
)

// Query is a condition on the set of trigrams of a file. It is built so
// that every file holding a match of the patterns it came from satisfies
// it; files that do not satisfy it can be skipped.
type Query struct {
	Op Op
	// Trigrams holds keys as made by Key, sorted and without duplicates.
	// Under And all of them are needed; under Or any one suffices.
	Trigrams []uint32
	// Sub holds subqueries. Under And each must hold; under Or any one
	// suffices.
	Sub []*Query

	// n counts the keys in the query and below it, counting shared
	// subqueries once per use, so that constructors can bound the size of
	// what they build.
	n int
}

// String writes the query in a readable form: trigrams are quoted, a
// conjunction is written by juxtaposition and a disjunction as a
// parenthesised list split by bars, juxtaposition binding tighter.
func (q *Query) String() string {
	var b strings.Builder
	q.write(&b)
	return b.String()
}

func (q *Query) write(b *strings.Builder) {
	if q == nil {
		b.WriteString("all")
		return
	}
	switch q.Op {
	case All:
		b.WriteString("all")
		return
	case None:
		b.WriteString("none")
		return
	case And, Or:
	default:
		b.WriteString("?")
		return
	}
	sep := " "
	if q.Op == Or {
		sep = "|"
		b.WriteByte('(')
	}
	for i, k := range q.Trigrams {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(quote(k))
	}
	for i, s := range q.Sub {
		if i > 0 || len(q.Trigrams) > 0 {
			b.WriteString(sep)
		}
		s.write(b)
	}
	if q.Op == Or {
		b.WriteByte(')')
	}
}

// quote writes a key back as the quoted three bytes it stands for, a
// letter of either case as its two spellings in brackets.
func quote(k uint32) string {
	var b strings.Builder
	b.WriteByte('"')
	for shift := 16; shift >= 0; shift -= 8 {
		c := byte(k >> shift)
		if c&AnyCase != 0 {
			small := c &^ AnyCase
			b.WriteString("[" + string(rune(small)) + string(rune(small-'a'+'A')) + "]")
			continue
		}
		q := strconv.Quote(string([]byte{c}))
		b.WriteString(q[1 : len(q)-1])
	}
	b.WriteByte('"')
	return b.String()
}

// Eval reports whether a file whose trigram set answers has satisfies the
// query. It stops at the first trigram that decides a node, which keeps it
// cheap when it runs once per file. A nil query or an unknown operator
// counts as true, since claiming a match is never wrong.
func (q *Query) Eval(has func(key uint32) bool) bool {
	if q == nil {
		return true
	}
	switch q.Op {
	case None:
		return false
	case And:
		for _, k := range q.Trigrams {
			if !holds(has, k) {
				return false
			}
		}
		for _, s := range q.Sub {
			if !s.Eval(has) {
				return false
			}
		}
		return true
	case Or:
		for _, k := range q.Trigrams {
			if holds(has, k) {
				return true
			}
		}
		for _, s := range q.Sub {
			if s.Eval(has) {
				return true
			}
		}
		return false
	}
	return true
}

// Keys returns every key the query mentions, sorted and without
// duplicates, so that an index can fetch the posting lists it needs once.
func (q *Query) Keys() []uint32 {
	var keys []uint32
	var walk func(*Query)
	walk = func(q *Query) {
		if q == nil {
			return
		}
		keys = append(keys, q.Trigrams...)
		for _, s := range q.Sub {
			walk(s)
		}
	}
	walk(q)
	return sortUnique(keys)
}

const (
	// maxAndKeys bounds the trigrams of one conjunction; dropping some of
	// them only weakens it, and a long literal needs few to be selective.
	maxAndKeys = 64
	// maxAndSubs bounds the subqueries of one conjunction, for the same
	// reason.
	maxAndSubs = 64
	// maxKeys bounds the keys in a whole query, which bounds the work of
	// Eval per file.
	maxKeys = 8192
)

func all() *Query  { return &Query{Op: All} }
func none() *Query { return &Query{Op: None} }

// isLeaf reports whether q is a single trigram, which means the same under
// And and Or.
func isLeaf(q *Query) bool {
	return (q.Op == And || q.Op == Or) && len(q.Trigrams) == 1 && len(q.Sub) == 0
}

// andKeys returns the conjunction of keys, which it may reorder.
// Of is the condition that the text holds every trigram of s (letters
// marked AnyCase standing for either case): what a search for the
// literal s needs. A string of fewer than three bytes gives no condition.
func Of(s string) *Query {
	keys := make([]uint32, 0, max(len(s)-2, 0))
	for i := 0; i+3 <= len(s); i++ {
		keys = append(keys, Key(s[i], s[i+1], s[i+2]))
	}
	return andKeys(keys)
}

// Folded is s with every ASCII letter marked AnyCase, as -i reads it.
func Folded(s string) string {
	b := []byte(s)
	for i, c := range b {
		if isLetter(c) {
			b[i] = c | 0x20 | AnyCase
		}
	}
	return string(b)
}

func andKeys(keys []uint32) *Query {
	keys = thin(sortUnique(keys), maxAndKeys)
	if len(keys) == 0 {
		return all()
	}
	return &Query{Op: And, Trigrams: keys, n: len(keys)}
}

// newAnd returns the conjunction of qs, flattened and simplified. It never
// changes its arguments; where it must bound the result it drops parts,
// which only weakens a conjunction.
func newAnd(qs ...*Query) *Query {
	var keys []uint32
	var subs []*Query
	for _, q := range qs {
		switch {
		case q == nil || q.Op == All:
		case q.Op == None:
			return none()
		case q.Op == And || isLeaf(q):
			keys = append(keys, q.Trigrams...)
			subs = append(subs, q.Sub...)
		case q.Op == Or:
			subs = append(subs, q)
		}
	}
	keys = thin(sortUnique(keys), maxAndKeys)
	n := len(keys)
	w := 0
	for _, s := range subs {
		if w == maxAndSubs || n+s.n > maxKeys || intersects(s.Trigrams, keys) {
			continue
		}
		subs[w] = s
		w++
		n += s.n
	}
	subs = subs[:w]
	switch {
	case len(keys) == 0 && len(subs) == 0:
		return all()
	case len(keys) == 0 && len(subs) == 1:
		return subs[0]
	}
	return &Query{Op: And, Trigrams: keys, Sub: subs, n: n}
}

// newOr returns the disjunction of qs, flattened and simplified. It never
// changes its arguments. A disjunction cannot drop alternatives, so when it
// grows too big its alternatives are weakened, and failing that it gives up
// and returns All.
func newOr(qs ...*Query) *Query {
	var keys []uint32
	var subs []*Query
	for _, q := range qs {
		switch {
		case q == nil:
			return all()
		case q.Op == None:
		case q.Op == Or || isLeaf(q):
			keys = append(keys, q.Trigrams...)
			subs = append(subs, q.Sub...)
		case q.Op == And:
			subs = append(subs, q)
		default:
			return all()
		}
	}
	keys = sortUnique(keys)
	n := len(keys)
	w := 0
	for _, s := range subs {
		if !intersects(s.Trigrams, keys) {
			subs[w] = s
			w++
			n += s.n
		}
	}
	subs = subs[:w]
	if n > maxKeys {
		return shrinkOr(keys, subs)
	}
	switch {
	case len(keys) == 0 && len(subs) == 0:
		return none()
	case len(keys) == 0 && len(subs) == 1:
		return subs[0]
	case len(keys) == 1 && len(subs) == 0:
		return &Query{Op: And, Trigrams: keys, n: 1}
	}
	return &Query{Op: Or, Trigrams: keys, Sub: subs, n: n}
}

// shrinkOr builds a disjunction of keys and subs that fits in maxKeys by
// keeping only some trigrams of each alternative and none of its
// subqueries; each alternative gets weaker, so the whole does too.
func shrinkOr(keys []uint32, subs []*Query) *Query {
	items := len(keys) + len(subs)
	if items > maxKeys {
		return all()
	}
	budget := maxKeys / items
	out := make([]*Query, 0, len(subs)+1)
	n := len(keys)
	for _, s := range subs {
		t := thin(s.Trigrams, budget)
		if len(t) == 0 {
			return all()
		}
		out = append(out, &Query{Op: And, Trigrams: t, n: len(t)})
		n += len(t)
	}
	if len(keys) == 0 && len(out) == 1 {
		return out[0]
	}
	return &Query{Op: Or, Trigrams: keys, Sub: out, n: n}
}

// sortUnique sorts keys in place and drops duplicates.
func sortUnique(keys []uint32) []uint32 {
	slices.Sort(keys)
	return slices.Compact(keys)
}

// thin returns at most limit of the sorted keys, spread over the list; the
// result is a new slice when it differs from keys.
func thin(keys []uint32, limit int) []uint32 {
	if len(keys) <= limit {
		return keys
	}
	out := make([]uint32, limit)
	for i := range out {
		out[i] = keys[i*len(keys)/limit]
	}
	return out
}

// intersects reports whether the sorted lists a and b share a key. It
// looks the keys of the shorter list up in the longer one, since one side
// is usually a handful of keys.
func intersects(a, b []uint32) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return false
	}
	for _, k := range a {
		if _, ok := slices.BinarySearch(b, k); ok {
			return true
		}
	}
	return false
}
