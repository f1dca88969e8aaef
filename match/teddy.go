package match

// teddy finds where any of a few literals may start by their first three
// bytes at once, Hyperscan's "Teddy": each literal owns a bit, and for
// each of the three positions two 16-entry tables, indexed by a byte's low
// and high nibble, hold the bits of the literals that accept a byte with
// that nibble there. A position is a candidate when one bit survives the
// six lookups. The fused pair scan costs eight instructions per literal
// per 32 bytes; this costs the same for one literal or eight. Warm, on
// the 8 GiB file, -c '(?i)(panic|fatal|deadline|unreachable)' spent 75%
// of its time in the pair scan and took 1.42 s; with teddy 0.67 s. Two
// literals gain too: (deadline|unreachable) 0.76 s with pairs, 0.54 s.
//
// With each literal on a bit of its own the lookups are exact for its
// three bytes (a letter's cases differ in the high nibble only), so the
// candidates are the positions where some literal's first three bytes
// are, and occursAt confirms the rest.
type teddy struct {
	// tabs are the low- and high-nibble tables of positions 0, 1 and 2,
	// in that order, each repeated in both 16-byte halves of its row:
	// the scan looks them up in both halves of a 32-byte vector.
	tabs [6][32]byte
}

// teddyLen is how many leading bytes of each literal teddy compares.
const teddyLen = 3

// teddyMax is how many literals teddy takes: one bit of a byte each.
const teddyMax = 8

// newTeddy builds the tables for lits, or returns nil where the scan
// cannot run or cannot take them: without AVX2, for one literal (its
// pair scan costs less) or more than eight, or when one is shorter than
// three bytes.
func newTeddy(lits []*prefilter) *teddy {
	if !pairSIMD || len(lits) < 2 || len(lits) > teddyMax {
		return nil
	}
	t := &teddy{}
	for k, p := range lits {
		if len(p.lit) < teddyLen {
			return nil
		}
		bit := byte(1) << k
		for j := range teddyLen {
			c := p.lit[j]
			t.accept(j, c, bit)
			if p.fold && 'a' <= c && c <= 'z' {
				t.accept(j, c-'a'+'A', bit)
			}
		}
	}
	return t
}

// accept marks byte c at position j as a byte of the literal with bit.
func (t *teddy) accept(j int, c, bit byte) {
	lo, hi := &t.tabs[2*j], &t.tabs[2*j+1]
	lo[c&15] |= bit
	lo[16+c&15] |= bit
	hi[c>>4] |= bit
	hi[16+c>>4] |= bit
}
