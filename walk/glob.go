package walk

import "unicode/utf8"

// Match reports whether the glob pat matches all of s, with the rules of
// fnmatch(3) without flags, which find's -name and -path and GNU grep's
// --include, --exclude and --exclude-dir all use: '*' and '?' match any
// byte, '/' and a leading '.' included; [...] is a set of bytes and
// ranges, negated by '!' or '^'; '\' quotes the next byte; a '[' without
// its ']' is itself. fold compares ASCII letters in either case
// (-iname). It is the one glob matcher of urg and spot.
func Match(pat, s string, fold bool) bool {
	// Backtracking over the last '*' only: linear in practice, as in
	// the classic wildcard matchers.
	px, sx := 0, 0
	starP, starS := -1, -1
	for sx < len(s) {
		if px < len(pat) {
			switch c := pat[px]; c {
			case '*':
				starP, starS = px, sx
				px++
				continue
			case '?':
				px++
				sx++
				continue
			case '[':
				if end, ok, valid := bracket(pat, px, s[sx], fold); valid {
					if ok {
						px, sx = end, sx+1
						continue
					}
				} else if s[sx] == '[' {
					// An unterminated '[' is itself, as in fnmatch.
					px, sx = px+1, sx+1
					continue
				}
			default:
				if c == '\\' && px+1 < len(pat) {
					px++
					c = pat[px]
				}
				if same(c, s[sx], fold) {
					px++
					sx++
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		starS++
		px, sx = starP+1, starS
	}
	for px < len(pat) && pat[px] == '*' {
		px++
	}
	return px == len(pat)
}

func same(a, b byte, fold bool) bool {
	return a == b || fold && lower(a) == lower(b)
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// bracket reads the set that starts at pat[i] == '[': end is just past
// its ']', matched whether c is in it, valid false when it has no end.
func bracket(pat string, i int, c byte, fold bool) (end int, matched, valid bool) {
	j := i + 1
	negate := false
	if j < len(pat) && (pat[j] == '!' || pat[j] == '^') {
		negate = true
		j++
	}
	first := true
	for j < len(pat) && (pat[j] != ']' || first) {
		first = false
		lo := pat[j]
		if lo == '\\' && j+1 < len(pat) {
			j++
			lo = pat[j]
		}
		j++
		hi := lo
		if j+1 == len(pat) && pat[j] == '-' {
			// A range cut off by the pattern's end: glibc's fnmatch
			// (grep's, find's) then matches nothing at all.
			return len(pat), false, true
		}
		if j+1 < len(pat) && pat[j] == '-' && pat[j+1] != ']' {
			hi = pat[j+1]
			if hi == '\\' && j+2 < len(pat) {
				j++
				hi = pat[j+1]
			}
			j += 2
		}
		if lo <= c && c <= hi || fold && (lo <= lower(c) && lower(c) <= hi || lo <= upper(c) && upper(c) <= hi) {
			matched = true
		}
	}
	if j >= len(pat) {
		return 0, false, false
	}
	return j + 1, matched != negate, true
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// MatchChars is Match as glibc's fnmatch matches in a UTF-8 locale, where
// GNU grep's --include, --exclude and --exclude-dir and find's -name
// read names as characters: s matches when it does byte by byte (Match),
// or, both being valid UTF-8, character by character, '?' and a bracket
// then taking one character. glibc (2.36) answers yes to either: both
// "?.md" and "??.md" match "é.md", and a name that is not UTF-8 is
// matched as bytes.
func MatchChars(pat, s string) bool {
	if Match(pat, s, false) {
		return true
	}
	if isASCII(pat) && isASCII(s) || !utf8.ValidString(pat) || !utf8.ValidString(s) {
		return false // as characters, the same as bytes, or none
	}
	return matchRunes([]rune(pat), []rune(s))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// matchRunes is Match's loop over characters, without case folding.
func matchRunes(pat, s []rune) bool {
	px, sx := 0, 0
	starP, starS := -1, -1
	for sx < len(s) {
		if px < len(pat) {
			switch c := pat[px]; c {
			case '*':
				starP, starS = px, sx
				px++
				continue
			case '?':
				px++
				sx++
				continue
			case '[':
				if end, ok, valid := bracketRunes(pat, px, s[sx]); valid {
					if ok {
						px, sx = end, sx+1
						continue
					}
				} else if s[sx] == '[' {
					px, sx = px+1, sx+1
					continue
				}
			default:
				if c == '\\' && px+1 < len(pat) {
					px++
					c = pat[px]
				}
				if c == s[sx] {
					px++
					sx++
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		starS++
		px, sx = starP+1, starS
	}
	for px < len(pat) && pat[px] == '*' {
		px++
	}
	return px == len(pat)
}

// bracketRunes is bracket over characters.
func bracketRunes(pat []rune, i int, c rune) (end int, matched, valid bool) {
	j := i + 1
	negate := false
	if j < len(pat) && (pat[j] == '!' || pat[j] == '^') {
		negate = true
		j++
	}
	first := true
	for j < len(pat) && (pat[j] != ']' || first) {
		first = false
		lo := pat[j]
		if lo == '\\' && j+1 < len(pat) {
			j++
			lo = pat[j]
		}
		j++
		hi := lo
		if j+1 == len(pat) && pat[j] == '-' {
			return len(pat), false, true
		}
		if j+1 < len(pat) && pat[j] == '-' && pat[j+1] != ']' {
			hi = pat[j+1]
			if hi == '\\' && j+2 < len(pat) {
				j++
				hi = pat[j+1]
			}
			j += 2
		}
		if lo <= c && c <= hi {
			matched = true
		}
	}
	if j >= len(pat) {
		return 0, false, false
	}
	return j + 1, matched != negate, true
}
