// Package ignore decides which paths ignore files (.gitignore, .ignore,
// .rgignore, .git/info/exclude, git's global excludes file) leave out,
// with git's rules for a pattern and ripgrep's precedence among the
// files. Each ignore file is compiled once into a Matcher whose cost per
// path does not grow with its number of patterns: literal names,
// extensions, suffixes and prefixes are looked up by hash, and every
// other pattern runs in one of two lazily built automata, over the name
// or over the path.
package ignore

import "strings"

// pattern is one line of an ignore file, read as git's dir.c reads it
// (add_patterns_from_buffer, parse_path_pattern).
type pattern struct {
	glob    string // wildmatch's syntax; an anchored pattern's leading '/' removed
	negate  bool   // "!": what it matches is whitelisted
	dirOnly bool   // a trailing '/': it matches directories only
	// base: the pattern holds no '/' (but a trailing one), so it
	// matches the name at any depth (git's PATTERN_FLAG_NODIR).
	base bool
}

// parseLines reads the patterns of an ignore file's contents.
func parseLines(data []byte) []pattern {
	// One string for the whole file: the patterns are slices of it, not
	// a string each.
	text := strings.TrimPrefix(string(data), "\xef\xbb\xbf") // git skips a UTF-8 BOM
	out := make([]pattern, 0, strings.Count(text, "\n")+1)
	for text != "" {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimSuffix(line, "\r")
		if p, ok := parseLine(line); ok {
			out = append(out, p)
		}
	}
	return out
}

// parseLine reads one line; ok is false for a blank line or a comment.
func parseLine(line string) (p pattern, ok bool) {
	if line == "" || line[0] == '#' {
		return p, false
	}
	line = trimTrailingSpaces(line)
	if rest, neg := strings.CutPrefix(line, "!"); neg {
		p.negate, line = true, rest
	}
	if rest, dir := strings.CutSuffix(line, "/"); dir {
		p.dirOnly, line = true, rest
	}
	if line == "" {
		return p, false
	}
	p.base = !strings.Contains(line, "/")
	if !p.base {
		// Only one leading slash anchors: the pattern is matched
		// against the path below the ignore file's directory anyway.
		line = strings.TrimPrefix(line, "/")
	}
	p.glob = line
	return p, true
}

// trimTrailingSpaces removes the spaces a line ends with, unless a
// backslash escapes them (git's trim_trailing_spaces: spaces only, not
// tabs).
func trimTrailingSpaces(s string) string {
	lastSpace := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i == len(s) {
				return s
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return s[:lastSpace]
	}
	return s
}

// literal says whether a glob has no wildcard and no escape: it matches
// itself only.
func literal(s string) bool { return !strings.ContainsAny(s, `*?[\`) }
