package ignore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The ignore files a directory may hold, and git's directory.
const (
	RgIgnore  = ".rgignore"
	DotIgnore = ".ignore"
	GitIgnore = ".gitignore"
	GitDir    = ".git"
)

// Rules say which ignore files count (ripgrep's --no-ignore family).
type Rules struct {
	Dot     bool // .rgignore and .ignore
	VCS     bool // .gitignore
	Exclude bool // .git/info/exclude (with VCS)
	// Global is git's global excludes file (core.excludesFile, or
	// $XDG_CONFIG_HOME/git/ignore), read with VCS; "" for none.
	Global string
	// Parents reads the ignore files of the directories above a walked
	// root (.gitignore up to the repository's root only).
	Parents bool
	// RequireGit takes .gitignore, .git/info/exclude and the global
	// file only inside a git repository.
	RequireGit bool
	// Files are --ignore-file's, each below the current directory, the
	// later over the earlier, all under every other kind.
	Files []string
	// Cwd is the current directory, which Files' patterns are below.
	Cwd string
}

// Defaults are ripgrep's default rules: every kind of ignore file, those
// of the directories above a root too, .gitignore only inside a
// repository. env looks up an environment variable (os.Getenv), for
// GlobalExcludes; cwd is the current directory.
func Defaults(env func(string) string, cwd string) Rules {
	return Rules{Dot: true, VCS: true, Exclude: true, Global: GlobalExcludes(env), Parents: true, RequireGit: true, Cwd: cwd}
}

// Set is a walk's ignore rules, with the files that apply to all of it
// (the global and explicit ones) read once.
type Set struct {
	rules    Rules
	global   *Matcher
	explicit []*Matcher // lowest first
}

// NewSet reads the global and explicit ignore files of r. A missing
// global file is no error; a --ignore-file that cannot be read is.
func NewSet(r Rules) (*Set, error) {
	s := &Set{rules: r}
	if r.VCS && r.Global != "" {
		if data, err := os.ReadFile(r.Global); err == nil {
			s.global = Compile(data)
		}
	}
	for _, f := range r.Files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		s.explicit = append(s.explicit, Compile(data))
	}
	return s, nil
}

// Node is the ignore files of one directory of a walk, linked to those
// of the directories above it: a chain each directory extends, shared by
// the walkers of its subdirectories, and never changed once made.
type Node struct {
	set    *Set
	parent *Node
	// rel is the directory's path below the walked root with a
	// trailing '/' ("" for the root); head, for a directory above the
	// root, is the root's path below it with a trailing '/'.
	rel, head string
	above     bool
	// The directory's ignore files, by precedence; nil when absent.
	custom, dot, git, exclude *Matcher
	// hasGit: the directory holds .git and the rules require one;
	// anyGit: so does this directory or one above it.
	hasGit, anyGit bool
	// repo is where the global file's patterns are rooted: an entry's
	// path there is repo.head + its path below the root past repo.strip
	// bytes (the nearest repository's root, else the walked root).
	repo struct {
		head  string
		strip int
	}
	// cwdHead is the root's path below the current directory, with a
	// trailing '/', where --ignore-file's patterns are rooted; when the
	// current directory is below the root instead, cwdStrip is its path
	// there, with a trailing '/', taken off the entries below it.
	cwdHead, cwdStrip string
}

// Root starts the chain of a walked root dir: the ignore files of the
// directories above it, as far as the rules read them. The root's own
// are read by Dir, as any directory's.
func (s *Set) Root(dir string) *Node {
	n := &Node{set: s}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return n
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	var chain []string // from the root's parent up
	for p := abs; ; {
		up := filepath.Dir(p)
		if up == p {
			break
		}
		chain = append(chain, up)
		p = up
	}
	for i := len(chain) - 1; i >= 0; i-- {
		n = s.ancestor(n, chain[i], abs)
	}
	if s.rules.Cwd != "" {
		if r, err := filepath.Rel(s.rules.Cwd, abs); err == nil && r != "." && !strings.HasPrefix(r, "..") {
			n.cwdHead = filepath.ToSlash(r) + "/"
		} else if r, err := filepath.Rel(abs, s.rules.Cwd); err == nil && r != "." && !strings.HasPrefix(r, "..") {
			n.cwdStrip = filepath.ToSlash(r) + "/"
		}
	}
	return n
}

// ancestor is the node of dir, a directory above the root abs, under
// parent.
func (s *Set) ancestor(parent *Node, dir, abs string) *Node {
	n := &Node{set: s, parent: parent, above: true}
	rel, _ := filepath.Rel(dir, abs)
	n.head = filepath.ToSlash(rel) + "/"
	has := func(name string) bool {
		_, err := os.Lstat(filepath.Join(dir, name))
		return err == nil
	}
	repo, _ := n.load(dir, has, s.rules.Parents)
	n.inherit(parent)
	if repo {
		n.repo.head, n.repo.strip = n.head, 0
	}
	return n
}

// Dir is the node of a directory the walk reads, at path (as the walk
// opens it) and rel (below the root, with a trailing '/', "" for the
// root), under parent; has says which
// names the directory holds. It returns parent when the directory holds
// no ignore file and no .git. The error is about ignore files that could
// not be read.
func (s *Set) Dir(parent *Node, path, rel string, has func(name string) bool) (*Node, error) {
	n := &Node{set: s, parent: parent, rel: rel}
	repo, err := n.load(path, has, true)
	if n.custom == nil && n.dot == nil && n.git == nil && n.exclude == nil && !repo {
		return parent, err
	}
	n.inherit(parent)
	if repo {
		n.repo.head, n.repo.strip = "", len(rel)
	}
	return n, err
}

// inherit takes what a node keeps from the one above it.
func (n *Node) inherit(parent *Node) {
	if parent == nil {
		return
	}
	n.anyGit = n.anyGit || parent.anyGit
	n.repo = parent.repo
	n.cwdHead, n.cwdStrip = parent.cwdHead, parent.cwdStrip
}

// load reads the ignore files of dir that the rules take (files false:
// only whether it is a repository's root, which it returns).
func (n *Node) load(dir string, has func(string) bool, files bool) (repo bool, err error) {
	r := &n.set.rules
	var errs []error
	read := func(name string) *Matcher {
		if !has(name) {
			return nil
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
			return nil
		}
		return Compile(data)
	}
	repo = has(GitDir)
	n.hasGit = repo && r.RequireGit && (r.VCS || r.Exclude)
	n.anyGit = n.hasGit
	if !files {
		return repo, nil
	}
	if r.Dot {
		n.custom = read(RgIgnore)
		n.dot = read(DotIgnore)
	}
	if r.VCS {
		n.git = read(GitIgnore)
		if r.Exclude && repo {
			if gd := gitDir(filepath.Join(dir, GitDir)); gd != "" {
				if data, err := os.ReadFile(filepath.Join(gd, "info", "exclude")); err == nil {
					n.exclude = Compile(data)
				}
			}
		}
	}
	return repo, errors.Join(errs...)
}

// gitDir is the directory holding a repository's info/exclude, given
// its .git: the directory itself, or, for a worktree or submodule whose
// .git is a file ("gitdir: PATH"), the directory it names, or that
// one's common directory.
func gitDir(dotGit string) string {
	fi, err := os.Stat(dotGit)
	if err != nil {
		return ""
	}
	if fi.IsDir() {
		return dotGit
	}
	data, err := os.ReadFile(dotGit)
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(string(data), "\n")
	gd, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	if !ok {
		return ""
	}
	gd = strings.TrimSpace(gd)
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(filepath.Dir(dotGit), gd)
	}
	if c, err := os.ReadFile(filepath.Join(gd, "commondir")); err == nil {
		cd := strings.TrimSpace(string(c))
		if !filepath.IsAbs(cd) {
			cd = filepath.Join(gd, cd)
		}
		return cd
	}
	return gd
}

// Match says what the ignore files say of the entry named name in the
// directory dir, its path below the walked root ("" for the root, else
// ending in '/'; a directory entry when isDir), with ripgrep's
// precedence (crates/ignore/src/dir.rs, matched_ignore): a .rgignore
// decides before any .ignore, which decides before any .gitignore, then
// .git/info/exclude, the global file and --ignore-file; among files of
// one kind the nearest directory's decides. A .gitignore or exclude file
// counts only inside a repository (unless !RequireGit), and only up to
// the nearest repository root.
func (n *Node) Match(dir, name string, isDir bool) Verdict {
	if n == nil {
		return None
	}
	r := &n.set.rules
	anyGit := !r.RequireGit || n.anyGit
	var custom, dot, git, excl Verdict
	sawGit := false
	for x := n; x != nil; x = x.parent {
		head, sub := x.head, dir[len(x.rel):]
		if custom == None {
			custom = x.custom.Match(head, sub, name, isDir)
		}
		if dot == None {
			dot = x.dot.Match(head, sub, name, isDir)
		}
		if anyGit && !sawGit {
			if git == None {
				git = x.git.Match(head, sub, name, isDir)
			}
			if excl == None {
				excl = x.exclude.Match(head, sub, name, isDir)
			}
		}
		sawGit = sawGit || x.hasGit
	}
	for _, v := range [...]Verdict{custom, dot, git, excl} {
		if v != None {
			return v
		}
	}
	if anyGit {
		if v := n.set.global.Match(n.repo.head, dir[min(n.repo.strip, len(dir)):], name, isDir); v != None {
			return v
		}
	}
	fromCwd := strings.TrimPrefix(dir, n.cwdStrip)
	for i := len(n.set.explicit) - 1; i >= 0; i-- {
		if v := n.set.explicit[i].Match(n.cwdHead, fromCwd, name, isDir); v != None {
			return v
		}
	}
	return None
}
