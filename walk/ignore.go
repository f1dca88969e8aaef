package walk

import (
	"strings"

	gitignore "github.com/sabhiram/go-gitignore"
)

// ignoreNode holds the ignore files of one directory (--ignore), with a
// link to those of the directories above it.
type ignoreNode struct {
	base   string                 // the directory, as the walk names it
	files  []*gitignore.GitIgnore // .ignore, .gitignore, .git/info/exclude: the first with a say decides
	parent *ignoreNode
}

// loadIgnores reads the ignore files among a directory's entries; it
// returns parent when there are none.
func loadIgnores(dir string, has func(name string) bool, parent *ignoreNode) *ignoreNode {
	var files []*gitignore.GitIgnore
	for _, name := range []string{".ignore", ".gitignore", ".git/info/exclude"} {
		first, _, _ := strings.Cut(name, "/")
		if !has(first) {
			continue
		}
		if gi, err := gitignore.CompileIgnoreFile(joinPath(dir, name)); err == nil {
			files = append(files, gi)
		}
	}
	if len(files) == 0 {
		return parent
	}
	return &ignoreNode{base: dir, files: files, parent: parent}
}

// ignored reports whether the entry at p (a directory when dir) is
// ignored: the nearest ignore file with a pattern that matches it decides,
// as in git and ripgrep.
func (n *ignoreNode) ignored(p string, dir bool) bool {
	for ; n != nil; n = n.parent {
		// The prefix the walk joined the directory's entries under.
		rel, ok := strings.CutPrefix(p, joinPath(n.base, ""))
		if !ok {
			continue
		}
		if dir {
			rel += "/" // so that "build/" matches the directory itself
		}
		for _, gi := range n.files {
			if ignore, how := gi.MatchesPathHow(rel); how != nil {
				return ignore
			}
		}
	}
	return false
}
