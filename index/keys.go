package index

// Keys collects the distinct trigrams of a file's bytes, as they are:
// the case of letters kept, so that a case-sensitive search reads the
// lists of its own spelling only. One Keys serves one goroutine, file after
// file: its bit per trigram is cleared by the list of those set, so a
// file costs its own length, not the trigram space's.
type Keys struct {
	seen *[1 << 18]uint64 // a bit per trigram key, 2 MiB
	list []uint32
	last [2]byte // the bytes before the next block's
	n    int     // bytes seen so far of the file, up to two
}

// NewKeys returns an empty Keys.
func NewKeys() *Keys {
	return &Keys{seen: new([1 << 18]uint64)}
}

// Write adds the next bytes of the file: trigrams that cross from one
// block to the next are counted.
func (k *Keys) Write(p []byte) (int, error) {
	t := uint32(k.last[0])<<8 | uint32(k.last[1])
	rest := p
	for k.n < 2 && len(rest) > 0 { // a file's first two bytes end no trigram
		t = t<<8 | uint32(rest[0])
		rest, k.n = rest[1:], k.n+1
	}
	for len(rest) > 0 {
		block := rest[:min(len(rest), blockLen)]
		rest = rest[len(block):]
		t = k.add(t, block)
	}
	k.last = [2]byte{byte(t >> 8), byte(t)}
	return len(p), nil
}

// blockLen bounds the list's room to spare: a trigram is written past
// the list's end before it is known to be new.
const blockLen = 64 << 10

// add adds the trigrams of block, t the two bytes before it, and returns
// its last two bytes. Every trigram is written at the list's end, and the
// end moves on only for one not seen before: no branch on what the
// bitset holds, which is as good as random while a file's first
// trigrams come.
func (k *Keys) add(t uint32, block []byte) uint32 {
	list, n := k.list, len(k.list)
	if free := cap(list) - n; free < len(block) {
		list = append(list[:cap(list)], make([]uint32, len(block)-free)...)
	}
	list = list[:cap(list)]
	seen := k.seen
	for _, b := range block {
		t = (t<<8 | uint32(b)) & 0xffffff
		w := &seen[t>>6]
		old := *w
		*w = old | 1<<(t&63)
		list[n] = t
		n += int(^old>>(t&63)) & 1
	}
	k.list = list[:n]
	return t
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
