package find

import (
	"urg/walk"
	"urg/walk/globset"
)

// nameNode is -name: its glob matched, as fnmatch matches, against the
// base name.
type nameNode struct{ glob string }

func (x nameNode) eval(c *Call) bool      { return walk.Match(x.glob, c.Node.Name, false) }
func (x nameNode) cheap(n *walk.Node) tri { return triOf(walk.Match(x.glob, n.Name, false)) }

// nameSet is -name GLOB -o -name GLOB...: true when one of the globs
// matches the base name, found in one lookup of a globset.Set however
// many globs there are. The set's answer is fnmatch's: each glob's own
// matcher is walk.Match, and fnmatch's '*' matches any string, as
// AnyStar says.
type nameSet struct{ set *globset.Set }

func (x nameSet) eval(c *Call) bool      { return x.match(c.Node) }
func (x nameSet) cheap(n *walk.Node) tri { return triOf(x.match(n)) }

func (x nameSet) match(n *walk.Node) bool { return x.set.Last(n.Name, n.Name, false) >= 0 }

// orOf is the terms of an -o chain, left to right: runs of two or more
// -name side by side are one nameSet. Tests of a name do nothing but
// answer, so that evaluating a run at once, rather than one glob after
// another until one matches, answers the same.
func orOf(terms []node) node {
	var l node
	for i := 0; i < len(terms); {
		j := i
		for j < len(terms) && isName(terms[j]) {
			j++
		}
		var t node
		if j-i >= 2 {
			t = newNameSet(terms[i:j])
		} else {
			t, j = terms[i], i+1
		}
		if l == nil {
			l = t
		} else {
			l = or{l, t}
		}
		i = j
	}
	return l
}

func isName(n node) bool {
	_, ok := n.(nameNode)
	return ok
}

// newNameSet files the globs of names, every one a nameNode.
func newNameSet(names []node) nameSet {
	gs := make([]globset.Glob, len(names))
	for i, n := range names {
		g := n.(nameNode).glob
		gs[i] = globset.Glob{Pattern: g, AnyStar: true, Match: func(s string) bool { return walk.Match(g, s, false) }}
	}
	return nameSet{globset.New(gs)}
}
