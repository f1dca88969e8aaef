package base

import (
	"math/rand/v2"
	"testing"
)

// TestIndexNonASCII compares the word-wise scan with a byte loop, at
// every offset of a few lengths.
func TestIndexNonASCII(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := range 100 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(0x80))
		}
		if got := IndexNonASCII(b); got != -1 {
			t.Fatalf("len %d, ASCII: %d, want -1", n, got)
		}
		for i := range n {
			c := b[i]
			b[i] = byte(0x80 + rng.IntN(0x80))
			if got := IndexNonASCII(b); got != i {
				t.Fatalf("len %d, byte 0x%x at %d: %d", n, b[i], i, got)
			}
			if i+1 < n {
				b[n-1] = 0xff // a second one after
				if got := IndexNonASCII(b); got != i {
					t.Fatalf("len %d, bytes beyond ASCII at %d and %d: %d", n, i, n-1, got)
				}
				b[n-1] = byte(rng.IntN(0x80))
			}
			b[i] = c
		}
	}
}

// TestLastIndexNonASCII compares the word-wise scan with a byte loop.
func TestLastIndexNonASCII(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := range 40 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(0x80))
		}
		if got := LastIndexNonASCII(b); got != -1 {
			t.Fatalf("len %d, ASCII: %d, want -1", n, got)
		}
		for i := range n {
			c := b[i]
			b[i] = byte(0x80 + rng.IntN(0x80))
			if got := LastIndexNonASCII(b); got != i {
				t.Fatalf("len %d, byte 0x%x at %d: %d", n, b[i], i, got)
			}
			if i > 0 {
				b[0] = 0xff // another before
				if got := LastIndexNonASCII(b); got != i {
					t.Fatalf("len %d, bytes beyond ASCII at 0 and %d: %d", n, i, got)
				}
				b[0] = byte(rng.IntN(0x80))
			}
			b[i] = c
		}
	}
}
