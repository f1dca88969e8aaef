package base

import (
	"encoding/binary"
	"unicode/utf8"
)

// highBits holds the top bit of each byte of a word: the bits of the bytes
// beyond ASCII.
const highBits = 0x8080808080808080

// LastIndexNonASCII returns the index of the last byte of b from 0x80, or
// -1 when b is ASCII.
func LastIndexNonASCII(b []byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		if binary.LittleEndian.Uint64(b[i-8:])&highBits != 0 {
			break
		}
	}
	for i--; i >= 0; i-- {
		if b[i] >= 0x80 {
			return i
		}
	}
	return -1
}

// IndexNonASCII returns the index of the first byte of b from 0x80, or -1
// when b is ASCII: with AVX2 64 bytes at a time; else 32, their words ORed
// and their top bits looked at once; then 8 and 1 where it stopped.
func IndexNonASCII(b []byte) int {
	i := 0
	if avx2 && len(b) >= 64 {
		// 64 bytes a step, where the loop below takes 8: the scan is
		// then bound by memory, not by the loop.
		i = highScanAVX2(&b[0], len(b))
	}
	for ; len(b)-i >= 32; i += 32 {
		w := b[i : i+32 : i+32]
		if (binary.LittleEndian.Uint64(w)|binary.LittleEndian.Uint64(w[8:])|
			binary.LittleEndian.Uint64(w[16:])|binary.LittleEndian.Uint64(w[24:]))&highBits != 0 {
			break
		}
	}
	for ; len(b)-i >= 8; i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&highBits != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			return i
		}
	}
	return -1
}

// IndexInvalid returns the offset of the first byte of b that is not
// UTF-8, or -1 when b is valid.
func IndexInvalid(b []byte) int {
	for i := 0; i < len(b); {
		j := IndexNonASCII(b[i:])
		if j < 0 {
			return -1
		}
		i += j
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// StartsNowhere reports whether a line whose first byte is c has no
// place where ^ matches under UTF-8: PCRE2's invalid-UTF mode (as GNU
// grep -P 3.8 with PCRE2 10.42 shows) moves the start of a search past
// a byte that starts no UTF-8 sequence (a continuation byte, C0, C1, F5
// to FF), and to the end when nothing valid follows, but takes a lead
// byte whose sequence is cut short or broken for the start of a
// character.
func StartsNowhere(c byte) bool {
	return c >= utf8.RuneSelf && (c < 0xc2 || c > 0xf4)
}
