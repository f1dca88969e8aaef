package walk

import (
	pathpkg "path"
	"path/filepath"
	"runtime"
	"strings"
	"unicode"

	"github.com/bmatcuk/doublestar/v4"

	"urg/filetype"
	"urg/walk/globset"
)

// GlobSet is ripgrep's --glob and --iglob: gitignore-style globs that
// choose the entries met while walking. A glob without a slash, or with
// a trailing one only, matches the base name at any depth; one with a
// slash matches the whole path, anchored at the set's root, ripgrep's
// working directory (see anchored), "**" spanning directories; a
// trailing slash matches directories only; "!GLOB" leaves out what GLOB matches. Of the
// globs that match an entry the last decides; once a glob without "!" is
// given, a file that none matches is left out (a directory is still
// walked). A directory left out is not walked. The nil GlobSet chooses
// nothing.
type GlobSet struct {
	globs     []pathGlob
	set       *globset.Set // the globs filed, so that an entry is matched against a few
	positives int          // globs without "!"
	wholePath bool         // some glob matches paths rather than base names
	// root is the directory the globs are anchored at, with '/' for
	// separators: ripgrep builds its overrides at its working directory
	// (crates/core/flags/hiargs.rs, globs). "" strips nothing.
	root string
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
// ignored), in ripgrep's order: a --glob never outranks an --iglob. The
// globs with a slash are anchored at root, the working directory as
// ripgrep reads it (getcwd's answer; "" anchors them at the start of
// the path as the walk names it). A glob doublestar's ValidatePattern
// refuses is a *filetype.GlobError; empty globs and those that start
// with "#" are nothing, as lines of a .gitignore. It returns nil when no
// glob is left.
func ParseGlobs(globs, iglobs []string, root string) (*GlobSet, error) {
	// ripgrep's GitignoreBuilder::new drops a leading "./" of its root,
	// and Gitignore::strip strips nothing at the root ".".
	root = strings.TrimPrefix(filepath.ToSlash(root), "./")
	if root == "." {
		root = ""
	}
	s := &GlobSet{root: root}
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

// match says what the globs make of an entry: path is its path as
// anchored gives it (needed only when wholePath), name its base name,
// dir whether it is a directory.
func (s *GlobSet) match(path, name string, dir bool) verdict {
	if s == nil {
		return undecided
	}
	if i := s.set.Last(path, name, dir); i >= 0 {
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
// walk yields it, an operand or below one): ripgrep's --pre-glob, which
// matches the path, stripped as Gitignore::strip strips it, through
// Override::matched (crates/core/search.rs, should_preprocess); only a
// file the globs leave out is not taken, so that globs that all start
// with "!" take the files none of them matches.
func (s *GlobSet) Takes(path string) bool {
	path = s.strip(path)
	return s.match(path, pathpkg.Base(path), false) != leftOut
}

// anchored is the path that the globs with a slash match for an entry
// met while walking, given its path p as the walk names it (the operand
// as typed, then the names below it): what ripgrep's Ignore::matched
// (crates/ignore/src/dir.rs) hands its overrides once it has dropped a
// leading "./", stripped as Gitignore::strip strips it. The result is a
// part of p, not a copy, except on Windows, where '\' becomes '/' as in
// ripgrep's globset.
func (s *GlobSet) anchored(p string) string {
	return s.strip(strings.TrimPrefix(p, "./"))
}

// strip is ripgrep's Gitignore::strip (crates/ignore/src/gitignore.rs):
// a leading "./" goes; then, unless p is a bare name, the root, if p
// starts with it, and one slash after it. The root is compared byte by
// byte, as ripgrep compares it on Unix, not a part of the path at a
// time: at the root /a the path /ab/c is "b/c"; on Windows, where
// ripgrep compares parts, it goes only where a part ends.
func (s *GlobSet) strip(p string) string {
	p = strings.TrimPrefix(filepath.ToSlash(p), "./")
	if s.root == "" || strings.IndexByte(p, '/') < 0 {
		return p
	}
	rest, ok := strings.CutPrefix(p, s.root)
	if !ok || runtime.GOOS == "windows" && rest != "" && rest[0] != '/' && !strings.HasSuffix(s.root, "/") {
		return p
	}
	return strings.TrimPrefix(rest, "/")
}

// entry says what the globs make of an entry met while walking: p is
// its path as the walk names it, name its name, dir whether it is a
// directory, near what nearRoot said of the directory that holds it.
// The globs match the path anchored gives and that path's last part,
// which is the name but where the root ends inside the name (near):
// ripgrep matches the stripped path's last part, so that the working
// directory met below an operand above it is "" to the globs.
func (s *GlobSet) entry(p, name string, dir, near bool) verdict {
	if s == nil {
		return undecided
	}
	if !s.wholePath && !near {
		return s.match("", name, dir)
	}
	path := s.anchored(p)
	if near && len(path) < len(name) {
		name = path
	}
	return s.match(path, name, dir)
}

// nearRoot says whether stripping the root may cut into the names that
// the directory the walk names dir holds: the root starts with the
// directory's path, stripped, and goes on past it. That is so only of
// the directories above the root (and of those whose path is a start
// of its, byte by byte), so that everywhere else an entry's name is
// its last part to the globs without a look at its path.
func (s *GlobSet) nearRoot(dir string) bool {
	if s == nil || s.root == "" {
		return false
	}
	// The start of each entry's path, as anchored strips it; one
	// without a slash leaves the entry a bare name, which is not
	// stripped.
	pre := strings.TrimPrefix(strings.TrimPrefix(filepath.ToSlash(joinPath(dir, "")), "./"), "./")
	return strings.IndexByte(pre, '/') >= 0 && len(s.root) > len(pre) && strings.HasPrefix(s.root, pre)
}
