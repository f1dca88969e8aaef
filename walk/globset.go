package walk

import (
	pathpkg "path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/bmatcuk/doublestar/v4"

	"urg/filetype"
	"urg/walk/globset"
)

// GlobSet is ripgrep's --glob and --iglob: gitignore-style globs that
// choose the entries met while walking, matched against each one's path
// below the operand it was found under. A glob without a slash matches
// the base name at any depth, "**" spans directories, a trailing slash
// matches directories only; "!GLOB" leaves out what GLOB matches. Of the
// globs that match an entry the last decides; once a glob without "!" is
// given, a file that none matches is left out (a directory is still
// walked). A directory left out is not walked. The nil GlobSet chooses
// nothing.
type GlobSet struct {
	globs     []pathGlob
	set       *globset.Set // the globs filed, so that an entry is matched against a few
	positives int          // globs without "!"
	wholePath bool         // some glob matches paths rather than base names
}

// pathGlob is one glob of a GlobSet.
type pathGlob struct {
	pat     string // doublestar's syntax; in lower case when fold
	exclude bool   // "!": what it matches is left out
	dirOnly bool   // a trailing "/": it matches directories only
	base    bool   // no "/": it matches the base name
	fold    bool   // --iglob: case is ignored
}

// ParseGlobs compiles --glob's globs, then --iglob's (folded: case is
// ignored), in ripgrep's order: a --glob never outranks an --iglob. A
// glob doublestar's ValidatePattern refuses is a *filetype.GlobError;
// empty globs and those that start with "#" are nothing, as lines of a
// .gitignore. It returns nil when no glob is left.
func ParseGlobs(globs, iglobs []string) (*GlobSet, error) {
	s := &GlobSet{}
	for i, g := range append(append([]string{}, globs...), iglobs...) {
		pg, ok, err := parseGlob(g, i >= len(globs))
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		s.globs = append(s.globs, pg)
		if !pg.exclude {
			s.positives++
		}
		s.wholePath = s.wholePath || !pg.base
	}
	if len(s.globs) == 0 {
		return nil, nil
	}
	gs := make([]globset.Glob, len(s.globs))
	for i, g := range s.globs {
		// doublestar's '*' stops at '/' only: in a base name it matches
		// anything.
		gs[i] = globset.Glob{Pattern: g.pat, Path: !g.base, Fold: g.fold, DirOnly: g.dirOnly, AnyStar: g.base,
			Match: func(subject string) bool { return doublestar.MatchUnvalidated(g.pat, subject) }}
	}
	s.set = globset.New(gs)
	return s, nil
}

// parseGlob reads one glob as ripgrep's gitignore builder reads a line
// (crates/ignore/src/gitignore.rs, add_line); ok is false for a line
// that holds no glob.
func parseGlob(line string, fold bool) (pg pathGlob, ok bool, err error) {
	if strings.HasPrefix(line, "#") {
		return pg, false, nil
	}
	if !strings.HasSuffix(line, `\ `) {
		line = strings.TrimRightFunc(line, unicode.IsSpace)
	}
	if line == "" {
		return pg, false, nil
	}
	orig := line
	absolute := false
	switch {
	case strings.HasPrefix(line, `\!`), strings.HasPrefix(line, `\#`):
		line = line[1:] // a glob that starts with '!' or '#' itself
	default:
		if rest, ok := strings.CutPrefix(line, "!"); ok {
			pg.exclude, line = true, rest
		}
		if rest, ok := strings.CutPrefix(line, "/"); ok {
			absolute, line = true, rest
		}
	}
	if rest, ok := strings.CutSuffix(line, "/"); ok {
		pg.dirOnly = true
		line = strings.TrimSuffix(rest, `\`)
	}
	pg.base = !absolute && !strings.Contains(line, "/")
	if strings.HasSuffix(line, "/**") {
		// "dir/**" is what dir holds, not dir itself.
		line += "/*"
	}
	if !doublestar.ValidatePattern(line) {
		return pg, false, &filetype.GlobError{Glob: orig}
	}
	pg.fold = fold
	pg.pat = line
	if fold {
		pg.pat = strings.ToLower(line)
	}
	return pg, true, nil
}

// verdict is what a filter says of an entry.
type verdict uint8

const (
	undecided verdict = iota // the filter has no say
	chosen                   // taken: the filters after it have no say
	leftOut                  // left out
)

// match says what the globs make of an entry: rel is its path below the
// operand (needed only when wholePath), name its base name, dir whether
// it is a directory.
func (s *GlobSet) match(rel, name string, dir bool) verdict {
	if s == nil {
		return undecided
	}
	if i := s.set.Last(rel, name, dir); i >= 0 {
		if s.globs[i].exclude {
			return leftOut
		}
		return chosen
	}
	if s.positives > 0 && !dir {
		return leftOut
	}
	return undecided
}

// Takes says whether the globs choose the file at path (a path as the
// walk yields it, below an operand or not): ripgrep's --pre-glob, which
// matches a path rather than an entry met while walking.
func (s *GlobSet) Takes(path string) bool {
	path = strings.TrimPrefix(filepath.ToSlash(path), "./")
	return s.match(path, pathpkg.Base(path), false) == chosen
}

// needsPath says whether the globs match paths, so that the walk must
// keep each entry's path below its operand.
func (s *GlobSet) needsPath() bool { return s != nil && s.wholePath }
