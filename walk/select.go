package walk

import (
	"os"

	"urg/filetype"
	"urg/walk/globset"
	"urg/walk/ignore"
)

// fnmatchSet files fnmatch globs, those of --include and --exclude or of
// --exclude-dir (chars: matched by character, as in a UTF-8 locale), so
// that a name is matched against the few that may match it; nil when
// there are none.
func fnmatchSet(globs []string, chars bool) *globset.Set {
	if len(globs) == 0 {
		return nil
	}
	gs := make([]globset.Glob, len(globs))
	for i, glob := range globs {
		// fnmatch's '*' matches any string, '/' and a leading '.' too.
		gs[i] = globset.Glob{Pattern: glob, AnyStar: true, Match: func(s string) bool {
			return chars && MatchChars(glob, s) || !chars && Match(glob, s, false)
		}}
	}
	return globset.New(gs)
}

// fileGlobs is the globs of --include and --exclude, in their order.
func fileGlobs(g []FileGlob) []string {
	globs := make([]string, len(g))
	for i, f := range g {
		globs[i] = f.Glob
	}
	return globs
}

// readable says whether an entry of type t met while walking is read:
// regular files, and, under -D read, FIFOs, sockets and devices, as grep
// reads them then (a socket's open fails, as grep's does).
func (w *walker) readable(t Type) bool {
	switch t {
	case TypeFile:
		return true
	case TypeFIFO, TypeSocket, TypeChar, TypeBlock:
		return w.opts.Devices == DevicesRead
	}
	return false
}

// taken applies to an entry (a directory when dir) ripgrep's filters in
// ripgrep's order (crates/ignore/src/dir.rs, Ignore::matched): a glob
// that matches decides; then the ignore files, whose whitelist (a "!"
// pattern) chooses the entry unless a type leaves it out; then, for a
// file, the types; last, hidden names, unless something chose the
// entry. globbed is what the globs made of it (GlobSet's entry); dirRel
// is its directory's path below the operand (dirJob.rel), for the
// ignore files.
func (w *walker) taken(globbed verdict, name, dirRel string, dir bool, ignores *ignore.Node) bool {
	switch globbed {
	case chosen:
		return true
	case leftOut:
		return false
	}
	if dir && w.opts.NoGitDir && name == ignore.GitDir {
		return false
	}
	whitelisted := false
	if w.opts.Ignore != nil {
		switch ignores.Match(dirRel, name, dir) {
		case ignore.Ignored:
			return false
		case ignore.Whitelist:
			whitelisted = true
		}
	}
	if !dir {
		switch w.opts.Types.Match(name) {
		case filetype.Selected:
			return true
		case filetype.Excluded:
			return false
		}
	}
	return whitelisted || !w.opts.NoHidden || name[0] != '.'
}

// sizeWanted applies --max-filesize to the regular file at p, and keeps
// the size it learned in f. A file it cannot stat is searched, so that
// the error is the reader's, as in ripgrep.
func (w *walker) sizeWanted(p string, f *File) bool {
	fi, err := os.Stat(p)
	if err != nil {
		return true
	}
	if fi.Size() > *w.opts.MaxFileSize {
		return false
	}
	if f.ShortIsEOF {
		f.Size = fi.Size()
	}
	return true
}

// FileGlob is one --include (Include) or --exclude of a file's name.
type FileGlob struct {
	Glob    string
	Include bool
}

// wanted applies --include and --exclude to a file's name (or, for a file
// named on the command line, to its path and every trailing part of it)
// as GNU grep does: the last option whose glob matches decides; a name
// that none matches is searched unless the first option is --include.
func (w *walker) wanted(p string) bool {
	g := w.opts.Files
	if w.files != nil && indexSlash(p) < 0 {
		if i := w.files.Last(p, p, false); i >= 0 {
			return g[i].Include
		}
		return !g[0].Include
	}
	for i := len(g) - 1; i >= 0; i-- {
		if matchGlob(g[i].Glob, p, w.opts.UTF8) {
			return g[i].Include
		}
	}
	return len(g) == 0 || !g[0].Include
}

// excludedDir reports whether --exclude-dir names the directory p: a
// name met while walking is looked up in the set of the globs at once.
func (w *walker) excludedDir(p string) bool {
	if w.dirs != nil && indexSlash(p) < 0 {
		return w.dirs.Last(p, p, false) >= 0
	}
	for _, g := range w.opts.ExcludeDir {
		if matchGlob(g, p, w.opts.UTF8) {
			return true
		}
	}
	return false
}

// matchGlob reports whether glob matches p or a part of it after a
// separator (a slash; on Windows a backslash too, since an operand is a
// path as typed there), with fnmatch's rules, as GNU grep matches --include, --exclude and
// --exclude-dir: Match, or in a UTF-8 locale (chars) MatchChars.
func matchGlob(glob, p string, chars bool) bool {
	for s := p; ; {
		if chars && MatchChars(glob, s) || !chars && Match(glob, s, false) {
			return true
		}
		i := indexSlash(s)
		if i < 0 {
			return false
		}
		s = s[i+1:]
	}
}

func indexSlash(s string) int {
	for i := 0; i < len(s); i++ {
		if os.IsPathSeparator(s[i]) {
			return i
		}
	}
	return -1
}
