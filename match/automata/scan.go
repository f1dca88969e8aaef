package automata

import (
	"bytes"
	"unsafe"

	"urg/match/base"
)

// The scans of a Lazy: the first line of a block that holds a match
// (nextLine, on one chain of lookups or two), where a match ends
// (MatchEnd) and, on the reversed program, where it starts (matchStart).

// nextLine returns the bounds of the first line of text that holds a
// match (-1, -1 when none does); ok is false when the cache thrashed.
func (d *Lazy) nextLine(text []byte) (ls, le int, ok bool) {
	c := d.cache()
	defer d.pool.Put(c)
	// Where a match starts with one byte, the scan skips to it between
	// threads (see Lazy.first); two chains would each stop there.
	if d.first >= 0 || len(text) <= dualMin {
		at, s, ok := d.run(c, text, 0, d.start(c, fBOL))
		return d.lineOf(c, text, at, s, ok)
	}
	// The first dualMin bytes or so on one chain: most searches that
	// match do so there, and a second chain would be work thrown away.
	// What follows goes on two, in stretches that double, so that the
	// second chain runs far ahead only once the first has gone far.
	lo, size := 0, dualMin
	for {
		hi := len(text)
		if lo+size < len(text) {
			if nl := bytes.IndexByte(text[lo+size:], '\n'); nl >= 0 {
				hi = lo + size + nl + 1
			}
		}
		// Each stretch but the last ends its last line with its
		// newline, after which a block's state is the start state.
		part := text[lo:hi]
		var at int
		var s int32
		switch cuts, n := chains(part, lo > 0); n {
		case 4:
			at, s, ok = d.runQuad(c, part, cuts)
		case 2:
			at, s, ok = d.runDual(c, part, cuts[1])
		default:
			at, s, ok = d.run(c, part, 0, d.start(c, fBOL))
		}
		if !ok {
			return 0, 0, false
		}
		if at >= 0 || hi == len(text) {
			if at >= 0 {
				at += lo
			}
			return d.lineOf(c, text, at, s, true)
		}
		lo, size = hi, 2*size
	}
}

// dualMin is how far one chain of lookups goes before nextLine runs two
// side by side, and the first stretch of two. Each lookup waits on the
// last, so one chain leaves the core mostly idle; two, over two halves
// of the text, cost little more than one, so a text with few matches is
// read faster, and the second chain's work, thrown away when the first
// half matches, cost little. Most files of a source tree are a few KiB:
// a threshold of many KiB left them all on one chain (see
// docs/decisions.md#dualmin-two-chains-of-lookups-past-1-kib-matchautomatascango).
const dualMin = 1 << 10

// quadMin is the stretch from which nextLine reads on four chains of
// lookups rather than two: the core has room for four lookups at once,
// and each chain still waits on its last.
const quadMin = 4 << 10

// chains cuts part at line starts into the stretches its chains read: n
// is 4, 2 or 1 (one chain: many is false, or part has too few lines),
// and cuts[i] is where the (i+1)th of four starts (of two, cuts[1]).
func chains(part []byte, many bool) (cuts [4]int, n int) {
	if !many {
		return cuts, 1
	}
	// lineAfter is the start of the first line at or after i, 0 when
	// there is none before part's end.
	lineAfter := func(i int) int {
		if nl := bytes.IndexByte(part[i:], '\n'); nl >= 0 && i+nl+1 < len(part) {
			return i + nl + 1
		}
		return 0
	}
	if len(part) >= quadMin {
		q := len(part) / 4
		cuts[1], cuts[2], cuts[3] = lineAfter(q), lineAfter(2*q), lineAfter(3*q)
		if cuts[1] > 0 && cuts[1] < cuts[2] && cuts[2] < cuts[3] {
			return cuts, 4
		}
	}
	if cuts[1] = lineAfter(len(part) / 2); cuts[1] > 0 {
		return cuts, 2
	}
	return cuts, 1
}

// lineOf turns what run found in text into nextLine's answer: the line
// of the byte at, before which a match ends, or, with at -1, the last
// line when the state s at text's end matches there.
func (d *Lazy) lineOf(c *lazyCache, text []byte, at int, s int32, ok bool) (ls, le int, _ bool) {
	if !ok {
		return 0, 0, false
	}
	if at < 0 {
		t := d.step(c, s, c.eol, len(text))
		if t == lazyUnknown {
			return 0, 0, false
		}
		if t >= 0 || ^t&1 == 0 {
			return -1, -1, true
		}
		at = len(text)
	}
	ls, le = base.LineAt(text, at)
	return ls, le, true
}

// run scans a block from text[i] in the state at row s, and returns the
// byte before which the first match ends, or -1 and the state at text's
// end; ok is false when the cache thrashed.
func (d *Lazy) run(c *lazyCache, text []byte, i int, s int32) (at int, end int32, ok bool) {
	classOf := &d.prog.classOf
	trans := c.trans
	for ; i < len(text); i++ {
		col := int32(classOf[text[i]])
		t := at32(trans, s+col)
		if t >= 0 {
			s = t
			continue
		}
		if t == lazyUnknown {
			if t = d.step(c, s, col, i); t == lazyUnknown {
				return 0, 0, false
			}
			trans = c.trans
			if t >= 0 {
				s = t
				continue
			}
		}
		if ^t&1 != 0 {
			return i, 0, true
		}
		// No thread: none starts before the next first byte, and a
		// match needs one.
		j := bytes.IndexByte(text[i+1:], byte(d.first))
		if j < 0 {
			return -1, lazyDead, true
		}
		i += j // the loop's i++ reads the first byte next
		s = d.startAt(c, text[i] == '\n', text[i])
		trans = c.trans
	}
	return -1, s, true
}

// runDual is run over part[:mid] (which ends with a newline) and
// part[mid:] at once, a byte of each per turn, while both stay on
// transitions made and plain, the first half's match coming first; then
// finish.
func (d *Lazy) runDual(c *lazyCache, part []byte, mid int) (at int, end int32, ok bool) {
	classOf := &d.prog.classOf
	start := d.start(c, fBOL)
	trans := c.trans // after start, which may grow it
	emptied := c.emptied
	a, b := part[:mid], part[mid:]
	n := min(len(a), len(b))
	sA, sB := start, start
	k := 0
	for ; k < n; k++ {
		tA := at32(trans, sA+int32(classOf[a[k]]))
		tB := at32(trans, sB+int32(classOf[b[k]]))
		if tA|tB < 0 {
			ts, ss := [2]int32{tA, tB}, [2]int32{sA, sB}
			if !d.makeAll(c, ts[:], ss[:], []byte{a[k], b[k]}, 2*k) {
				break
			}
			tA, tB, trans = ts[0], ts[1], c.trans
		}
		sA, sB = tA, tB
	}
	return d.finish(c, part, []int{0, mid}, k, sA, c.emptied != emptied)
}

// makeAll makes, for chains that stand in states ss and read the bytes
// read, the transitions ts that are not made yet, in place; ok is false,
// and the chains stop, when a transition is not plain (a match ends, or
// the scan may skip), or when the cache thrashed or was emptied, which
// states do not survive. Without it, each transition made stopped the chains and
// left the rest of their stretch to one: a program of Unicode's classes
// makes hundreds of states, one transition at a time, as its text asks.
func (d *Lazy) makeAll(c *lazyCache, ts, ss []int32, read []byte, scanned int) (ok bool) {
	emptied := c.emptied
	for i, t := range ts {
		if t >= 0 {
			continue
		}
		if t != lazyUnknown {
			return false
		}
		t = d.step(c, ss[i], int32(d.prog.classOf[read[i]]), scanned)
		if t < 0 || c.emptied != emptied {
			return false
		}
		ts[i] = t
	}
	return true
}

// finish ends runDual or runQuad, whose chains stopped together at k of
// each stretch of part (starting at cuts) when one met a transition not
// plain, or one that could not be made: the first stretch goes on alone
// from k in its state s (from the start of its line at k where the cache
// was emptied: lost), then each after it from the start of the line it
// was in at k, in a fresh state, since making a transition may empty the
// cache, which a state would not survive.
func (d *Lazy) finish(c *lazyCache, part []byte, cuts []int, k int, s int32, lost bool) (at int, end int32, ok bool) {
	from := k
	if lost {
		from = bytes.LastIndexByte(part[:k], '\n') + 1
		s = d.start(c, fBOL)
	}
	if at, _, ok = d.run(c, part[:cuts[1]], from, s); !ok || at >= 0 {
		return at, 0, ok
	}
	for i := 1; i < len(cuts); i++ {
		lo, hi := cuts[i], len(part)
		if i+1 < len(cuts) {
			hi = cuts[i+1]
		}
		q := part[lo:hi]
		from := bytes.LastIndexByte(q[:k], '\n') + 1
		if at, end, ok = d.run(c, q, from, d.start(c, fBOL)); !ok || at >= 0 {
			if at >= 0 {
				at += lo
			}
			return at, 0, ok
		}
	}
	return -1, end, true
}

// runQuad is runDual over four stretches of part, which cuts[1..3] start
// (each but the last ends with a newline), a byte of each per turn while
// all stay on transitions made and plain; then finish.
func (d *Lazy) runQuad(c *lazyCache, part []byte, cuts [4]int) (at int, end int32, ok bool) {
	classOf := &d.prog.classOf
	start := d.start(c, fBOL)
	trans := c.trans // after start, which may grow it
	p0, p1, p2, p3 := part[:cuts[1]], part[cuts[1]:cuts[2]], part[cuts[2]:cuts[3]], part[cuts[3]:]
	n := min(len(p0), len(p1), len(p2), len(p3))
	s0, s1, s2, s3 := start, start, start, start
	emptied := c.emptied
	k := 0
	for ; k < n; k++ {
		t0 := at32(trans, s0+int32(classOf[p0[k]]))
		t1 := at32(trans, s1+int32(classOf[p1[k]]))
		t2 := at32(trans, s2+int32(classOf[p2[k]]))
		t3 := at32(trans, s3+int32(classOf[p3[k]]))
		if t0|t1|t2|t3 < 0 {
			ts, ss := [4]int32{t0, t1, t2, t3}, [4]int32{s0, s1, s2, s3}
			if !d.makeAll(c, ts[:], ss[:], []byte{p0[k], p1[k], p2[k], p3[k]}, 4*k) {
				break
			}
			t0, t1, t2, t3, trans = ts[0], ts[1], ts[2], ts[3], c.trans
		}
		s0, s1, s2, s3 = t0, t1, t2, t3
	}
	return d.finish(c, part, cuts[:], k, s0, c.emptied != emptied)
}

// MatchEnd returns where the leftmost-first match in line from at (which
// sees the bytes before it) ends, -1 when there is none, or with first,
// where the first match seen ends (enough to know the line matches); ok
// is false when the cache thrashed.
func (d *Lazy) MatchEnd(line []byte, at int, first bool) (end int, ok bool) {
	c := d.cache()
	defer d.pool.Put(c)
	return d.matchEnd(c, line, at, first)
}

// matchEnd is MatchEnd with the cache c. In a block (anchored, as
// nextAt runs it) the run ends with at's line, and a newline before at
// is a line's start.
func (d *Lazy) matchEnd(c *lazyCache, line []byte, at int, first bool) (end int, ok bool) {
	var s int32
	if at == 0 || d.block && line[at-1] == '\n' {
		s = d.start(c, fBOL)
	} else {
		s = d.startAt(c, false, line[at-1])
	}
	end = -1
	classOf := &d.prog.classOf
	trans := c.trans
	for i := at; i < len(line); i++ {
		col := int32(classOf[line[i]])
		t := trans[s+col]
		if t < 0 {
			if t == lazyUnknown {
				if t = d.step(c, s, col, i-at); t == lazyUnknown {
					return 0, false
				}
				trans = c.trans
			}
			if t < 0 {
				if ^t&1 != 0 {
					if end = i; first {
						return end, true
					}
				}
				t = ^t >> 2
			}
		}
		if s = t; s == lazyDead {
			return end, true
		}
	}
	t := d.step(c, s, c.eol, len(line)-at)
	if t == lazyUnknown {
		return 0, false
	}
	if t < 0 && ^t&1 != 0 {
		end = len(line)
	}
	return end, true
}

// nextAt is Automaton.NextAt for d, anchored in a block.
func (d *Lazy) nextAt(text []byte, next func() int) (hit int, sure bool) {
	c := d.cache()
	defer d.pool.Put(c)
	for hit = next(); hit >= 0; hit = next() {
		if e, sure := d.matchEnd(c, text, hit, true); !sure || e >= 0 {
			return hit, sure
		}
	}
	return -1, true
}

// matchStart runs the reversed program backwards from end, as far as
// floor, and returns the leftmost place from which a match reaches end;
// ok is false when the cache thrashed. c is d's cache, held by the
// caller across the matches of a line. In a block, the run ends with
// end's line: a '\n' before end is the line's start.
func (d *Lazy) matchStart(c *lazyCache, line []byte, floor, end int) (start int, ok bool) {
	var s int32
	if end == len(line) || d.block && line[end] == '\n' {
		s = d.start(c, fBOL)
	} else {
		s = d.startAt(c, false, line[end])
	}
	start = -1
	classOf := &d.prog.classOf
	trans := c.trans
	for i := end - 1; i >= floor; i-- {
		col := int32(classOf[line[i]])
		t := trans[s+col]
		if t < 0 {
			if t == lazyUnknown {
				if t = d.step(c, s, col, end-i); t == lazyUnknown {
					return 0, false
				}
				trans = c.trans
			}
			if t < 0 {
				if ^t&1 != 0 {
					start = i + 1
				}
				t = ^t >> 2
			}
		}
		if s = t; s == lazyDead {
			return start, true
		}
	}
	col := c.eol
	if floor > 0 {
		col = int32(classOf[line[floor-1]])
	}
	t := d.step(c, s, col, end-floor)
	if t == lazyUnknown {
		return 0, false
	}
	if t < 0 && ^t&1 != 0 {
		start = floor
	}
	return start, true
}

// at32 is trans[i] without the bounds check, in the scans' inner loops:
// i is a state's row offset plus a column, inside the table by making
// (a row is width entries, and a column is below width).
func at32(trans []int32, i int32) int32 {
	return *(*int32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(trans)), uintptr(i)*4))
}
