package index

import (
	"math/rand/v2"
	"os"
	"testing"
)

// BenchmarkKeys feeds the trigrams of a sample of source files, one 16 KiB
// file after another, set by URG_KEYS_SAMPLE.
func BenchmarkKeys(b *testing.B) {
	path := os.Getenv("URG_KEYS_SAMPLE")
	if path == "" {
		b.Skip("URG_KEYS_SAMPLE names no sample")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	k := NewKeys()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for off := 0; off < len(data); off += 16 << 10 {
			k.Write(data[off:min(len(data), off+16<<10)])
			k.Take()
		}
	}
}

// BenchmarkRadix sorts one batch of pairs with keys spread as a source
// tree's are: a few thousand keys hold most pairs.
func BenchmarkRadix(b *testing.B) {
	rnd := rand.New(rand.NewPCG(1, 2))
	pairs := make([]uint64, pairsMax)
	for i := range pairs {
		k := uint64(rnd.IntN(1 << 24))
		if i%2 == 0 {
			k = uint64(rnd.ExpFloat64()*20000) & 0xffffff
		}
		pairs[i] = k<<32 | uint64(i/1500)
	}
	work, spare := make([]uint64, len(pairs)), make([]uint64, len(pairs))
	b.SetBytes(int64(len(pairs)))
	for b.Loop() {
		copy(work, pairs)
		radixByKey(work, spare)
	}
}
