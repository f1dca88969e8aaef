package walk

import "unicode/utf8"

// Match reports whether the glob pat matches all of s, with the rules of
// fnmatch(3) without flags, which find's -name and -path and GNU grep's
// --include, --exclude and --exclude-dir all use: '*' and '?' match any
// byte, '/' and a leading '.' included; [...] is a set of bytes and
// ranges, negated by '!' or '^'; '\' quotes the next byte; a '[' without
// its ']' is itself. fold compares ASCII letters in either case
// (-iname). It is the one glob matcher of urg and spot.
func Match(pat, s string, fold bool) bool { return match(pat, s, fold, false) }

// match is Match, and with chars MatchChars's match character by
// character of valid UTF-8 (fold then unused): '?' and a bracket take a
// character, not a byte.
func match(pat, s string, fold, chars bool) bool {
	// Backtracking over the last '*' only: linear in practice, as in
	// the classic wildcard matchers.
	px, sx := 0, 0
	starP, starS := -1, -1
	for sx < len(s) {
		sc, sn := unit(s, sx, chars)
		if px < len(pat) {
			switch c, n := unit(pat, px, chars); c {
			case '*':
				starP, starS = px, sx
				px++
				continue
			case '?':
				px++
				sx += sn
				continue
			case '[':
				if end, ok, valid := bracket(pat, px, sc, fold, chars); valid {
					if ok {
						px, sx = end, sx+sn
						continue
					}
				} else if sc == '[' {
					// An unterminated '[' is itself, as in fnmatch.
					px, sx = px+1, sx+1
					continue
				}
			default:
				if c == '\\' && px+1 < len(pat) {
					px++
					c, n = unit(pat, px, chars)
				}
				if same(c, sc, fold) {
					px += n
					sx += sn
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		_, n := unit(s, starS, chars)
		starS += n
		px, sx = starP+1, starS
	}
	for px < len(pat) && pat[px] == '*' {
		px++
	}
	return px == len(pat)
}

// unit is the byte of s at i, or with chars the UTF-8 character there,
// and its length.
func unit(s string, i int, chars bool) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf || !chars {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

func same(a, b rune, fold bool) bool {
	return a == b || fold && lower(a) == lower(b)
}

func lower(c rune) rune {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// bracket reads the set that starts at pat[i] == '[': end is just past
// its ']', matched whether c (a byte, or with chars a character) is in
// it, valid false when it has no end.
func bracket(pat string, i int, c rune, fold, chars bool) (end int, matched, valid bool) {
	j := i + 1
	negate := false
	if j < len(pat) && (pat[j] == '!' || pat[j] == '^') {
		negate = true
		j++
	}
	first := true
	for j < len(pat) && (pat[j] != ']' || first) {
		first = false
		lo, n := unit(pat, j, chars)
		if lo == '\\' && j+1 < len(pat) {
			j++
			lo, n = unit(pat, j, chars)
		}
		j += n
		hi := lo
		if j+1 == len(pat) && pat[j] == '-' {
			// A range cut off by the pattern's end: glibc's fnmatch
			// (grep's, find's) then matches nothing at all.
			return len(pat), false, true
		}
		if j+1 < len(pat) && pat[j] == '-' && pat[j+1] != ']' {
			var m int
			hi, m = unit(pat, j+1, chars)
			if hi == '\\' && j+2 < len(pat) {
				j++
				hi, m = unit(pat, j+1, chars)
			}
			j += 1 + m
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

func upper(c rune) rune {
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
	return match(pat, s, false, true)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
