package prefilter

import "math/bits"

// Starts is a filter of the places where any of many strings may begin,
// by their first three bytes: a place passes when its first two bytes
// are a pair that some string's first two may be, and its second and
// third a pair that some string's second and third may be. It is for
// sets past Teddy's (an Aho-Corasick automaton's heads), where Teddy's
// eight buckets, each a mix of many strings' bytes, let too many places
// through to decide alone: Teddy's scan, 32 places at a time, sends the
// places it passes to the pairs' tables, which decide. Without Teddy's
// scan, the tables are looked up at each place; their lookups do not
// wait on one another, as an automaton's steps each wait on the last.
type Starts struct {
	teddy         *Teddy // nil without SIMD
	first, second [1 << 16 / 64]uint64
}

// Beginning is the bytes that a string's first three may be: several
// where they fold case.
type Beginning [3][]byte

// NewStarts returns the filter of the beginnings begins, at least one.
// Beginnings that sort together share a bucket of Teddy's tables.
func NewStarts(begins []Beginning) *Starts {
	f := &Starts{}
	if SIMD {
		f.teddy = &Teddy{}
	}
	for rank, b := range begins {
		for _, b0 := range b[0] {
			for _, b1 := range b[1] {
				setBit(&f.first, uint(b0)<<8|uint(b1))
			}
		}
		for _, b1 := range b[1] {
			for _, b2 := range b[2] {
				setBit(&f.second, uint(b1)<<8|uint(b2))
			}
		}
		if f.teddy != nil {
			bit := byte(1) << (rank * teddyBuckets / len(begins))
			for j := range teddyLen {
				for _, c := range b[j] {
					f.teddy.accept(j, c, bit)
				}
			}
		}
	}
	return f
}

func setBit(t *[1 << 16 / 64]uint64, k uint) { t[k>>6] |= 1 << (k & 63) }

// StartsScan is a scan of one text by a Starts: its places are asked for
// in order, from a caller (an automaton's run) that asks again a few
// bytes after each, so the scan keeps the block of Teddy's last found
// and the tables' verdicts on it, rather than scanning it again.
type StartsScan struct {
	f    *Starts
	text []byte
	base int    // where the block of pass starts
	pass uint32 // the places of the block that passed, not yet asked past
	at   int    // where Teddy's scan goes on
}

// Scan starts a scan of text.
func (f *Starts) Scan(text []byte) StartsScan {
	return StartsScan{f: f, text: text}
}

// Next returns the first place from j on where a string may begin, or
// len(text) when there is none: no string fits in fewer than three
// bytes. j is never less than a place it returned before.
func (s *StartsScan) Next(j int) int {
	j = max(j, 0)
	f, text := s.f, s.text
	if f.teddy != nil {
		for {
			if d := j - s.base; d >= 0 && d < 32 {
				if m := s.pass >> d << d; m != 0 {
					return s.base + bits.TrailingZeros32(m)
				}
			}
			j = max(j, s.at)
			count := len(text) - (teddyLen - 1) - j
			if count < 32 {
				break
			}
			i, mask := teddyMask(text[j:], count, f.teddy)
			// Teddy passes a few places of most blocks: the tables'
			// verdicts are gathered without a branch on each, which
			// would be mispredicted as often as it is taken.
			var pass uint32
			for ; mask != 0; mask &= mask - 1 {
				k := bits.TrailingZeros32(mask)
				pass |= f.passes(text, j+i+k) << k
			}
			s.base, s.pass = j+i, pass
			s.at = j + min(count&^31, i+32)
			j = s.base
			if pass == 0 {
				j = s.at
			}
		}
	}
	if j+2 >= len(text) {
		return len(text)
	}
	t := text[j:]
	b0, b1 := uint(t[0]), uint(t[1])
	for k := 2; k < len(t); k++ {
		b2 := uint(t[k])
		x := b0<<8 | b1
		if f.first[x>>6]&(1<<(x&63)) != 0 {
			if y := b1<<8 | b2; f.second[y>>6]&(1<<(y&63)) != 0 {
				return j + k - 2
			}
		}
		b0, b1 = b1, b2
	}
	return len(text)
}

// passes is 1 when place p, which has three bytes, passes the tables,
// else 0.
func (f *Starts) passes(text []byte, p int) uint32 {
	t := text[p : p+3]
	x, y := uint(t[0])<<8|uint(t[1]), uint(t[1])<<8|uint(t[2])
	return uint32(f.first[x>>6]>>(x&63)&(f.second[y>>6]>>(y&63))) & 1
}
