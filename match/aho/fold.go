package aho

// -i under UTF-8: the words, and the lines beyond ASCII, spelled in each
// character's canonical case.

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
)

// canonical spells w as -i matches it: ASCII letters in upper case, and
// under uni every character as the least of its simple-folding orbit
// (which for an ASCII letter is its upper case, so both spellings agree:
// 'ſ' and 'K' (U+212A) become 'S' and 'K').
func canonical(w string, uni bool) string {
	if !uni {
		// Bytes, not characters: strings.Map would spell an invalid
		// byte as U+FFFD.
		b := []byte(w)
		for i, c := range b {
			if 'a' <= c && c <= 'z' {
				b[i] = c - 'a' + 'A'
			}
		}
		return string(b)
	}
	return strings.Map(canonRune, w)
}

// canonRune is the least character of r's simple-folding orbit.
func canonRune(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// spelt is a line as the automaton reads it: the line itself, or under
// fold its transcript (text), with at mapping the transcript's offsets
// to the line's (orig).
type spelt struct {
	text, orig []byte
	at         []int32
}

// spelts keeps transcripts' buffers from one line to the next: a line
// beyond ASCII is transcribed for each search of it, and a buffer made
// for each was most of such a search's cost.
type spelts struct{ pool sync.Pool }

// get returns line's transcript, in buffers of a transcript put back.
func (p *spelts) get(line []byte) *spelt {
	t, _ := p.pool.Get().(*spelt)
	if t == nil {
		t = new(spelt)
	}
	return t.spell(line)
}

// put takes t back once its searches are done; the line it spelt is let go.
func (p *spelts) put(t *spelt) {
	t.orig = nil
	p.pool.Put(t)
}

// wordBefore says whether a word character comes just before the
// transcript's offset p in the line; wordAfter, just after it.
func (t *spelt) wordBefore(p int, uni bool) bool {
	if t.at == nil {
		return base.WordBefore(t.text, p, uni)
	}
	return base.WordBefore(t.orig, int(t.at[p]), uni)
}

func (t *spelt) wordAfter(p int, uni bool) bool {
	if t.at == nil {
		return base.WordAfter(t.text, p, uni)
	}
	return base.WordAfter(t.orig, int(t.at[p]), uni)
}

// ahoFolded is the matcher of -i under UTF-8 for lines beyond ASCII: it
// runs the automaton over a transcript of each line in which every
// character is spelled in its canonical case, as the words are, and maps
// the transcript's offsets back. An invalid byte becomes 0xff, which no
// word holds (they are UTF-8): in a UTF-8 locale it matches nothing.
type ahoFolded struct{ a *aho }

func (f ahoFolded) Engine() string { return f.a.Engine() + " over folded transcripts" }

func (f ahoFolded) MinLen() int { return f.a.MinLen() }

// spell makes t line's transcript, in t's buffers: line spelled as the
// words of -i under UTF-8 are spelled.
func (t *spelt) spell(line []byte) *spelt {
	t.orig, t.text, t.at = line, t.text[:0], t.at[:0]
	for i := 0; i < len(line); {
		r, n := rune(line[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(line[i:])
		}
		k := len(t.text)
		switch {
		case r == utf8.RuneError && n == 1:
			t.text = append(t.text, 0xff)
		case r < utf8.RuneSelf:
			t.text = append(t.text, byte(r))
		default:
			t.text = utf8.AppendRune(t.text, canonRune(r))
		}
		for range len(t.text) - k {
			t.at = append(t.at, int32(i))
		}
		i += n
	}
	t.at = append(t.at, int32(len(line)))
	return t
}

func (f ahoFolded) Next(text []byte) (int, int, error) {
	s, e := base.FirstLine(text, f.matches)
	return s, e, nil
}

// matches says whether line holds a match.
func (f ahoFolded) matches(line []byte) bool {
	t := f.a.spelts.get(line)
	defer f.a.spelts.put(t)
	if f.a.line {
		return f.a.whole(t.text)
	}
	p, _ := f.a.find(t.text, 0, t)
	return p >= 0
}

func (f ahoFolded) Each(line []byte, fn func(int, int)) error {
	t := f.a.spelts.get(line)
	defer f.a.spelts.put(t)
	if f.a.line {
		if len(line) > 0 && f.a.whole(t.text) {
			fn(0, len(line))
		}
		return nil
	}
	for i := 0; i < len(t.text); {
		p, q := f.a.find(t.text, i, t)
		if p < 0 {
			break
		}
		fn(int(t.at[p]), int(t.at[q]))
		i = q
	}
	return nil
}
