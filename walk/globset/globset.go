// Package globset finds, of many globs, the last that matches an entry,
// at the cost of a few map lookups however many globs there are. Each
// glob is filed under the longest literal its subject must hold (the
// whole of it, how it starts, how it ends, or how its base name starts),
// as ripgrep's globset sorts globs by kind before its one regex set; only
// the globs whose literal the subject holds are matched in full, by the
// glob's own matcher, which decides, unless the lookup already has (a
// glob that is its literal, or '*' and its literal: AnyStar). The
// globs' syntax is the caller's: the set reads a pattern only to find
// its literal parts, and asks the caller (AnyStar, Cross) what its '*'
// may match.
package globset

import (
	"strings"
	"unicode/utf8"
)

// Glob is one glob of a Set.
type Glob struct {
	// Pattern is the glob's text, in lower case when Fold. Of it the set
	// reads only the literal parts: everything but '*', '?', '[', ']',
	// '\\', '{', '}' and ','.
	Pattern string
	// Path is set when the glob matches the entry's path, not its base
	// name; the path's parts are separated by '/'.
	Path bool
	// Fold is set when the glob matches the subject in lower case.
	Fold bool
	// DirOnly is set when the glob matches directories only.
	DirOnly bool
	// AnyStar is set when the glob's syntax has '*' match any string of
	// the subject (of a base name, for '*' that stops at '/'): a glob
	// that is '*' and then a literal is then decided by the set's lookup
	// of that literal, as a glob without wildcards always is, and its
	// Match is not called.
	AnyStar bool
	// Cross is set when the glob's syntax has '*' and '?' match '/' too
	// (fnmatch's without FNM_PATHNAME): the last part of a path glob
	// then says nothing of how the base name starts.
	Cross bool
	// Match is the glob's matcher, handed the subject (the name or the
	// path, in lower case when Fold).
	Match func(subject string) bool
}

// member is a glob of a Set, and whether the set's lookup decides it.
type member struct {
	Glob
	decided bool
}

// kind is what a glob's literal is of its subject.
type kind uint8

const (
	nameExact  kind = iota // the whole base name
	namePrefix             // how the base name starts
	nameSuffix             // how the base name ends
	pathExact              // the whole path
	pathPrefix             // how the path starts
	pathSuffix             // how the path ends
	pathName               // how the path's base name starts
	kinds
)

// table files globs of one kind by their literal: lens lists the
// literals' lengths, so that a subject is looked up once a length.
type table struct {
	by   map[string][]int32 // literal -> globs, in ascending order
	lens []int
}

// Set is a set of globs, ordered: of those that match, the last decides.
// It is not changed by a lookup, so goroutines share it.
type Set struct {
	globs []member
	// tabs[fold][kind]: the globs of each kind, those that fold apart.
	tabs [2][kinds]table
	rest [2][]int32 // globs with no literal worth filing, ascending
	fold bool       // some glob folds
}

// New files globs, in their order.
func New(globs []Glob) *Set {
	s := &Set{globs: make([]member, len(globs))}
	for i, g := range globs {
		s.globs[i].Glob = g
		f := 0
		if g.Fold {
			f, s.fold = 1, true
		}
		k, lit, ok := file(g)
		if !ok {
			s.rest[f] = append(s.rest[f], int32(i))
			continue
		}
		s.globs[i].decided = decides(g, k, lit)
		t := &s.tabs[f][k]
		if t.by == nil {
			t.by = map[string][]int32{}
		}
		if _, seen := t.by[lit]; !seen && !hasLen(t.lens, len(lit)) {
			t.lens = append(t.lens, len(lit))
		}
		t.by[lit] = append(t.by[lit], int32(i))
	}
	return s
}

func hasLen(lens []int, n int) bool {
	for _, l := range lens {
		if l == n {
			return true
		}
	}
	return false
}

// isMeta reports whether c may be other than itself in a glob.
func isMeta(c byte) bool {
	switch c {
	case '*', '?', '[', ']', '\\', '{', '}', ',':
		return true
	}
	return false
}

// decides says whether the lookup of lit, of kind k, decides g: g is
// lit itself, or '*' and lit when '*' matches any string of the subject.
// A literal that starts inside a character (a UTF-8 continuation byte)
// is left to Match, which may step over characters whole.
func decides(g Glob, k kind, lit string) bool {
	switch k {
	case nameExact, pathExact:
		return true
	case nameSuffix, pathSuffix:
		return g.AnyStar && len(g.Pattern) == len(lit)+1 && g.Pattern[0] == '*' && utf8.RuneStart(lit[0])
	}
	return false
}

// file says under which kind and literal a glob goes: the longest of the
// literals its subject must hold; ok is false when it has none.
func file(g Glob) (k kind, lit string, ok bool) {
	p := g.Pattern
	first := strings.IndexFunc(p, func(r rune) bool { return r < 0x80 && isMeta(byte(r)) })
	if first < 0 {
		if g.Path {
			return pathExact, p, true
		}
		return nameExact, p, true
	}
	last := len(p) - 1
	for !isMeta(p[last]) {
		last--
	}
	pre, suf := p[:first], p[last+1:]
	k, lit = namePrefix, pre
	if g.Path {
		k = pathPrefix
	}
	if len(suf) > len(lit) {
		k, lit = nameSuffix, suf
		if g.Path {
			k = pathSuffix
		}
	}
	if g.Path && !g.Cross {
		// How the last part starts, where a wildcard comes before it:
		// what the base name must start with. It goes before a longer
		// start of the path, which names a directory and all it holds
		// ("drivers/**/a*": every file below drivers has "drivers/").
		if j := strings.LastIndexByte(p, '/'); j >= first {
			seg := p[j+1:]
			n := 0
			for n < len(seg) && !isMeta(seg[n]) {
				n++
			}
			if n > 0 && n >= len(suf) {
				k, lit = pathName, seg[:n]
			}
		}
	}
	return k, lit, lit != ""
}

// Last returns the index of the last glob that matches the entry whose
// path is path and base name name (dir: it is a directory), or -1. path
// is read only by globs that match paths.
func (s *Set) Last(path, name string, dir bool) int {
	if s == nil {
		return -1
	}
	best := -1
	for f := range 2 {
		if f == 1 && !s.fold {
			break
		}
		p, n := path, name
		if f == 1 {
			p, n = strings.ToLower(path), strings.ToLower(name)
		}
		for k := range kinds {
			t := &s.tabs[f][k]
			if t.by == nil {
				continue
			}
			subject := n
			if k >= pathExact && k != pathName {
				subject = p
			}
			for _, l := range t.lens {
				key, ok := keyOf(k, subject, l)
				if ok {
					best = s.better(t.by[key], best, p, n, dir)
				}
			}
		}
		best = s.better(s.rest[f], best, p, n, dir)
	}
	return best
}

// keyOf is the part of subject that a literal of kind k and length l is
// compared with.
func keyOf(k kind, subject string, l int) (string, bool) {
	switch k {
	case nameExact, pathExact:
		return subject, len(subject) == l
	case nameSuffix, pathSuffix:
		return subject[max(0, len(subject)-l):], len(subject) >= l
	}
	return subject[:min(l, len(subject))], len(subject) >= l
}

// better is the last of ids after best whose glob matches, or best.
func (s *Set) better(ids []int32, best int, path, name string, dir bool) int {
	for j := len(ids) - 1; j >= 0 && int(ids[j]) > best; j-- {
		g := &s.globs[ids[j]]
		if g.DirOnly && !dir {
			continue
		}
		subject := name
		if g.Path {
			subject = path
		}
		if g.decided || g.Match(subject) {
			return int(ids[j])
		}
	}
	return best
}
