package posix

import (
	"slices"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// equivalents is the equivalence class [=c=]: in a locale whose
// collation gives characters weights (not C, POSIX or C.UTF-8, which
// order by code point), the characters of c's script, and the full-width
// forms, that collate with c at the primary level, as glibc's does (the
// case, the accents and the width aside: [[=e=]] in en_US.UTF-8 is e, é,
// è, E, ...); else c alone. It returns ranges.
func equivalents(c rune, tag string) []rune {
	if tag == "" || c < 0x80 && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
		return []rune{c, c}
	}
	t, err := language.Parse(tag)
	if err != nil {
		return []rune{c, c}
	}
	col := collate.New(t, collate.Loose)
	want := string(c)
	var ranges []rune
	add := func(r rune) {
		if n := len(ranges); n > 0 && ranges[n-1] == r-1 {
			ranges[n-1] = r
			return
		}
		ranges = append(ranges, r, r)
	}
	tables := []*unicode.RangeTable{unicode.Latin}
	for _, s := range unicode.Scripts {
		if unicode.Is(s, c) {
			tables = []*unicode.RangeTable{s}
			break
		}
	}
	fullWidth := &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0xff00, Hi: 0xffef, Stride: 1}}}
	seen := map[rune]bool{}
	var found []rune
	for _, tab := range append(tables, fullWidth) {
		for _, r16 := range tab.R16 {
			for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
				if !seen[r] && col.CompareString(string(r), want) == 0 {
					seen[r] = true
					found = append(found, r)
				}
			}
		}
		for _, r32 := range tab.R32 {
			for r := rune(r32.Lo); r <= rune(r32.Hi); r += rune(r32.Stride) {
				if !seen[r] && col.CompareString(string(r), want) == 0 {
					seen[r] = true
					found = append(found, r)
				}
			}
		}
	}
	if !seen[c] {
		found = append(found, c)
	}
	slices.Sort(found)
	for _, r := range found {
		add(r)
	}
	return ranges
}
