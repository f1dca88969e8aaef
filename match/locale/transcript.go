package locale

import (
	"slices"
	"unicode/utf8"

	"urg/match/base"
)

// Transcript is a stretch of text as Go's regexp is to read it under the
// locale's rule, with the offset in the text of each of its bytes (and of
// its end), or none where those are its own (see At).
type Transcript struct {
	Text []byte
	back []int32
}

// Reset empties t, keeping its memory.
func (t *Transcript) Reset() { t.Text, t.back = t.Text[:0], t.back[:0] }

// ReadBytes sets t to text with each byte from 0x80 as the UTF-8 of its
// byteRune: the C locale's reading, one character a byte.
func (t *Transcript) ReadBytes(text []byte) {
	for i, c := range text {
		if c < utf8.RuneSelf {
			t.Text = append(t.Text, c)
			t.back = append(t.back, int32(i))
			continue
		}
		t.Text = utf8.AppendRune(t.Text, base.ByteRune(c))
		t.back = append(t.back, int32(i), int32(i), int32(i))
	}
	t.back = append(t.back, int32(len(text)))
}

// InvalidAsNL sets t to line with each byte that is not UTF-8 replaced by
// a newline, which no item of a line-local pattern matches (the UTF-8
// locale's reading), and reports whether there was one.
func (t *Transcript) InvalidAsNL(line []byte) (any bool) {
	t.Text = append(t.Text, line...)
	t.back = nil // offsets are the line's: see At
	for i := 0; i < len(line); {
		if line[i] < utf8.RuneSelf {
			k := base.IndexNonASCII(line[i:])
			if k < 0 {
				break
			}
			i += k
		}
		r, n := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && n == 1 {
			t.Text[i] = '\n'
			any = true
		}
		i += n
	}
	return any
}

// At returns the offset in the text of t's offset i.
func (t *Transcript) At(i int) int {
	if t.back == nil {
		return i
	}
	return int(t.back[i])
}

// Forward returns the offset in t of the text's offset i.
func (t *Transcript) Forward(i int) int {
	if t.back == nil {
		return i
	}
	k, _ := slices.BinarySearch(t.back, int32(i))
	return k
}
