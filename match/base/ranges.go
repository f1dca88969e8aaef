package base

import (
	"cmp"
	"slices"
	"unicode"
)

// Sets of characters as regexp/syntax keeps a class: flat pairs lo, hi,
// sorted, merged ("merged": no two pairs overlap or touch).

// EachRange calls fn with the ranges of t in order, each character of a
// stride on its own, until fn returns false; it reports whether fn never
// did.
func EachRange(t *unicode.RangeTable, fn func(lo, hi rune) bool) bool {
	one := func(lo, hi, stride rune) bool {
		if stride == 1 {
			return fn(lo, hi)
		}
		for r := lo; r <= hi; r += stride {
			if !fn(r, r) {
				return false
			}
		}
		return true
	}
	for _, r := range t.R16 {
		if !one(rune(r.Lo), rune(r.Hi), rune(r.Stride)) {
			return false
		}
	}
	for _, r := range t.R32 {
		if !one(rune(r.Lo), rune(r.Hi), rune(r.Stride)) {
			return false
		}
	}
	return true
}

// TableRanges is t as flat pairs, sorted.
func TableRanges(t *unicode.RangeTable) []rune {
	var out []rune
	EachRange(t, func(lo, hi rune) bool {
		out = append(out, lo, hi)
		return true
	})
	return out
}

// MergeRanges is ranges (flat pairs in any order, empty ones dropped)
// sorted and merged.
func MergeRanges(ranges []rune) []rune {
	type pair struct{ lo, hi rune }
	ps := make([]pair, 0, len(ranges)/2)
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= ranges[i+1] {
			ps = append(ps, pair{ranges[i], ranges[i+1]})
		}
	}
	slices.SortFunc(ps, func(a, b pair) int { return cmp.Compare(a.lo, b.lo) })
	out := make([]rune, 0, 2*len(ps))
	for _, p := range ps {
		if n := len(out); n > 0 && p.lo <= out[n-1]+1 {
			out[n-1] = max(out[n-1], p.hi)
			continue
		}
		out = append(out, p.lo, p.hi)
	}
	return out
}

// MinusRanges is the characters of a not in b, both sorted pairs, a's
// merged.
func MinusRanges(a, b []rune) []rune {
	out := make([]rune, 0, len(a))
	j := 0
	for i := 0; i+1 < len(a); i += 2 {
		lo, hi := a[i], a[i+1]
		for j+1 < len(b) && b[j+1] < lo {
			j += 2
		}
		for k := j; lo <= hi && k+1 < len(b) && b[k] <= hi; k += 2 {
			if b[k] > lo {
				out = append(out, lo, b[k]-1)
			}
			lo = max(lo, b[k+1]+1)
		}
		if lo <= hi {
			out = append(out, lo, hi)
		}
	}
	return out
}

// ComplementRanges is the characters, to unicode.MaxRune, that no range
// of class (sorted, merged) holds.
func ComplementRanges(class []rune) []rune {
	var out []rune
	next := rune(0)
	for i := 0; i+1 < len(class); i += 2 {
		if class[i] > next {
			out = append(out, next, class[i]-1)
		}
		next = class[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, next, unicode.MaxRune)
	}
	return out
}
