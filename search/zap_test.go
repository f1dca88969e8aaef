package search

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestZapNULs compares the word-at-a-time NUL replacement with the
// byte-at-a-time one on data of every length and NUL density.
func TestZapNULs(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for n := range 300 {
		for _, density := range []int{0, 1, 2, 8, 255} {
			b := make([]byte, n)
			for i := range b {
				if rng.Intn(256) < density {
					b[i] = 0
				} else {
					b[i] = byte(rng.Intn(256))
				}
			}
			want := bytes.ReplaceAll(b, []byte{0}, []byte{'\n'})
			zapNULs(b)
			if !bytes.Equal(b, want) {
				t.Fatalf("len %d density %d: %q, want %q", n, density, b, want)
			}
		}
	}
}
