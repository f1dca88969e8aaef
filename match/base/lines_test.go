package base

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestLastIndexNL: the last newline, eight bytes at a time, where
// bytes.LastIndexByte finds it, among bytes one away from a newline
// (0x09, 0x0b, 0x8a) that a looser test would take for one.
func TestLastIndexNL(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	alphabet := []byte{'\n', 0x09, 0x0b, 0x8a, 0x00, 0xff, 'a'}
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if got, want := LastIndexNL(b), bytes.LastIndexByte(b, '\n'); got != want {
			t.Fatalf("LastIndexNL(%q) = %d, want %d", b, got, want)
		}
	}
}
