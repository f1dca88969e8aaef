package trigram

import (
	"slices"
	"strings"
)

// Sets of strings are slices. Every function here returns a new slice and
// leaves its arguments alone, since summaries share them freely.

// clean returns set sorted and without duplicates; suffix sets are sorted
// by their reversed strings so that strings ending alike sit together.
func clean(set []string, isSuffix bool) []string {
	t := clone(set)
	if isSuffix {
		slices.SortFunc(t, compareReversed)
	} else {
		slices.Sort(t)
	}
	return slices.Compact(t)
}

// compareReversed orders strings by their bytes read from the end.
func compareReversed(a, b string) int {
	for i := 1; i <= len(a) && i <= len(b); i++ {
		x, y := a[len(a)-i], b[len(b)-i]
		if x != y {
			return int(x) - int(y)
		}
	}
	return len(a) - len(b)
}

// clone returns a copy of set that is never nil.
func clone(set []string) []string {
	return append(make([]string, 0, len(set)), set...)
}

// nonNil returns set, or an empty set in place of nil.
func nonNil(set []string) []string {
	if set == nil {
		return []string{}
	}
	return set
}

// union returns the strings in either set.
func union(a, b []string) []string {
	return append(clone(a), b...)
}

// cross returns every string of a followed by a string of b.
func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, s := range a {
		for _, t := range b {
			out = append(out, s+t)
		}
	}
	return out
}

// minLen returns the length of the shortest string of set, and 0 for an
// empty set.
func minLen(set []string) int {
	if len(set) == 0 {
		return 0
	}
	m := len(set[0])
	for _, s := range set[1:] {
		m = min(m, len(s))
	}
	return m
}

// dropExtensions returns the clean set without the strings that start (or
// for suffixes, end) with another string of it: knowing the shorter one
// is all the longer one could add.
func dropExtensions(set []string, isSuffix bool) []string {
	has := strings.HasPrefix
	if isSuffix {
		has = strings.HasSuffix
	}
	out := make([]string, 0, len(set))
	for _, s := range set {
		if len(out) == 0 || !has(s, out[len(out)-1]) {
			out = append(out, s)
		}
	}
	return out
}
