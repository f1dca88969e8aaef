package index

import (
	"encoding/binary"
	"sync"
)

// pairsMax is how many (trigram, file) pairs one batch holds before it is
// sorted into a run on disk. A Writer has at most batches of them, each
// with the sort's second buffer, so its memory for trigrams stays at
// 2*batches*pairsMax words however large the tree.
const (
	pairsMax = 1 << 20
	batches  = 3
)

// batch is (trigram, file) pairs waiting to become a run: filled under
// the Writer's lock, then sorted and written by a goroutine of its own
// while the next batch fills, so that no adder waits for a sort.
type batch struct {
	pairs []uint64 // trigram<<32 | file number, in the order added
	spare []uint64 // the sort's second buffer
	order int      // the batch's place: earlier ones hold smaller file numbers
	enc   []byte   // the run, encoded
	// at is where in enc the trigrams of each first byte start, and at
	// 256 its end: where the merge's parts begin and end in the run.
	at [257]int64
}

// span is where one run sits in the runs file.
type span struct {
	start, end int64
	order      int
	at         [257]int64 // the batch's at, from start
}

// runs is the temporary file of sorted runs, appended to by the
// batches' goroutines one at a time.
type runs struct {
	mu    sync.Mutex
	spans []span
	end   int64
	err   error
}

// encodeRun sorts b's pairs by trigram, keeping the files' order within
// each, and encodes them as one run: per trigram a segment of its key,
// its count, its first and last file number and the length of the rest,
// then the gaps between its file numbers. The gaps are a posting list's
// own encoding, so the merge copies them as they are.
func (b *batch) encodeRun() {
	if cap(b.spare) < len(b.pairs) {
		b.spare = make([]uint64, len(b.pairs))
	}
	sorted := radixByKey(b.pairs, b.spare[:len(b.pairs)])
	enc := b.enc[:0]
	var gaps []byte
	next := 0 // the next first byte whose start is not known
	for i := 0; i < len(sorted); {
		key := sorted[i] >> 32
		for ; next <= int(key>>16); next++ {
			b.at[next] = int64(len(enc))
		}
		j := i + 1
		for j < len(sorted) && sorted[j]>>32 == key {
			j++
		}
		gaps = gaps[:0]
		first, last := sorted[i]&0xffffffff, sorted[i]&0xffffffff
		for _, p := range sorted[i+1 : j] {
			gaps = binary.AppendUvarint(gaps, p&0xffffffff-last)
			last = p & 0xffffffff
		}
		enc = binary.AppendUvarint(enc, key)
		enc = binary.AppendUvarint(enc, uint64(j-i))
		enc = binary.AppendUvarint(enc, first)
		enc = binary.AppendUvarint(enc, last)
		enc = binary.AppendUvarint(enc, uint64(len(gaps)))
		enc = append(enc, gaps...)
		i = j
	}
	for ; next <= 256; next++ {
		b.at[next] = int64(len(enc))
	}
	b.enc = enc
}

// radixByKey sorts pairs by their top 32 bits (the trigram, which fits
// in 24), stably, in two passes of 12 bits, using spare; it returns the
// buffer that holds the result.
func radixByKey(pairs, spare []uint64) []uint64 {
	for shift := uint(32); shift < 56; shift += 12 {
		var count [1 << 12]int
		for _, p := range pairs {
			count[(p>>shift)&0xfff]++
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, p := range pairs {
			d := (p >> shift) & 0xfff
			spare[count[d]] = p
			count[d]++
		}
		pairs, spare = spare, pairs
	}
	return pairs
}
