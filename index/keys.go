package index

import "urg/index/trigram"

// Keys collects the distinct trigrams of a file's bytes, as the index
// folds them (trigram.Fold). One Keys serves one goroutine, file after
// file: its bit per trigram is cleared by the list of those set, so a
// file costs its own length, not the trigram space's.
type Keys struct {
	seen []uint64 // a bit per trigram key, 2 MiB
	list []uint32
	last [2]byte // the bytes before the next block's
	n    int     // bytes seen so far of the file, up to two
}

// NewKeys returns an empty Keys.
func NewKeys() *Keys { return &Keys{seen: make([]uint64, 1<<24/64)} }

// Write adds the next bytes of the file: trigrams that cross from one
// block to the next are counted.
func (k *Keys) Write(p []byte) (int, error) {
	t := uint32(k.last[0])<<8 | uint32(k.last[1])
	rest := p
	for k.n < 2 && len(rest) > 0 { // a file's first two bytes end no trigram
		t = t<<8 | uint32(trigram.Fold(rest[0]))
		rest, k.n = rest[1:], k.n+1
	}
	for _, b := range rest {
		t = (t<<8 | uint32(trigram.Fold(b))) & 0xffffff
		if w, bit := t>>6, uint64(1)<<(t&63); k.seen[w]&bit == 0 {
			k.seen[w] |= bit
			k.list = append(k.list, t)
		}
	}
	k.last = [2]byte{byte(t >> 8), byte(t)}
	return len(p), nil
}

// Take gives the file's trigrams (valid until the next Write) and makes
// k ready for the next file.
func (k *Keys) Take() []uint32 {
	list := k.list
	for _, t := range list {
		k.seen[t>>6] = 0
	}
	k.list, k.n, k.last = k.list[:0], 0, [2]byte{}
	return list
}
