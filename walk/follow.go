package walk

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// A full walk that follows links (FullWalk.Follow) uses the loop checks
// of Files's --follow: the chain of the directories above (ancestor),
// each named by its identity, and a directory met again in it is not
// walked. find reports such a loop as an error, where grep warns, and
// names the directory above that it is (LoopError), so the chain carries
// the names too.

// followLink is what the link at p, which os.Lstat described as fi,
// points to; fi itself when it points nowhere, as find lists a broken
// link as a link. Any other failure (a loop of links) is the error.
func followLink(p string, fi os.FileInfo) (os.FileInfo, error) {
	target, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return fi, nil
	}
	return target, err
}

// idOfDir is the identity of the directory at p, which os.Stat
// described as fi.
func idOfDir(p string, fi os.FileInfo) dirID {
	id, _ := pathID(p, fi)
	return dirID{dev: id.Dev, ino: id.Ino}
}

// follow looks at n, an entry of job's directory, as find -L does: a link
// becomes what it points to (its Stat the target's, when emit wants one),
// a broken link stays a link; a directory, reached through a link or not,
// is checked against job's chain, which it could lead back into, and
// chain is it and the directories above it. ok is false when n is
// neither emitted nor walked: a directory loop or a loop of links, both
// reported. A link that cannot be followed for another reason is
// reported and emitted without a Type or Stat, as find goes on with the
// name alone.
func (w *walker) follow(job dirJob, n *Node, emit bool) (chain *ancestor, ok bool) {
	if n.Type != TypeLink && n.Type != TypeDir {
		return nil, true
	}
	p := joinPath(job.path, n.Name)
	fi, err := os.Stat(p)
	switch {
	case err != nil && n.Type == TypeLink && errors.Is(err, fs.ErrNotExist):
		return nil, true
	case errors.Is(err, syscall.ELOOP):
		w.errf(n.Path(), err)
		return nil, false
	case err != nil:
		w.errf(n.Path(), err)
		n.Type, n.Stat = TypeUnknown, nil
		return nil, true
	}
	n.Type = typeOfInfo(fi)
	if w.stat && emit {
		n.Stat = statOf(fi)
	}
	if n.Type != TypeDir {
		return nil, true
	}
	id := idOfDir(p, fi)
	if a := job.chain.find(id); a != nil {
		w.errf(n.Path(), &LoopError{Path: n.Path(), Ancestor: a.path})
		return nil, false
	}
	return &ancestor{id: id, parent: job.chain, path: n.Path()}, true
}
