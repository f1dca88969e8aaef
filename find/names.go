package find

import (
	"urg/walk"
	"urg/walk/globset"
)

// globNode is -name (its glob matched, as fnmatch matches, against the
// base name) or, with path, -path and -wholename (against the path).
type globNode struct {
	glob string
	path bool
}

func (x globNode) eval(c *Call) bool      { return x.match(c.Node) }
func (x globNode) cheap(n *walk.Node) tri { return triOf(x.match(n)) }

func (x globNode) match(n *walk.Node) bool {
	if x.path {
		return walk.Match(x.glob, n.Path(), false)
	}
	return walk.Match(x.glob, n.Name, false)
}

// globSet is -name GLOB -o -name GLOB... (or -path's): true when one of
// the globs matches the base name (the path), found in one lookup of a
// globset.Set however many globs there are, and with one path made for
// the entry, not one a glob. The set's answer is fnmatch's: each glob's
// own matcher is walk.Match, fnmatch's '*' matches any string (AnyStar),
// and its '*' and '?' match '/' (Cross).
type globSet struct {
	set  *globset.Set
	path bool
}

func (x globSet) eval(c *Call) bool      { return x.match(c.Node) }
func (x globSet) cheap(n *walk.Node) tri { return triOf(x.match(n)) }

func (x globSet) match(n *walk.Node) bool {
	if x.path {
		p := n.Path()
		return x.set.Last(p, p, false) >= 0
	}
	return x.set.Last(n.Name, n.Name, false) >= 0
}

// orOf is the terms of an -o chain, left to right: runs of two or more
// -name side by side (or of -path) are one globSet. Tests of a name do
// nothing but answer, so that evaluating a run at once, rather than one
// glob after another until one matches, answers the same.
func orOf(terms []node) node {
	var l node
	for i := 0; i < len(terms); {
		j := i
		if g, ok := terms[i].(globNode); ok {
			for j < len(terms) && sameKind(terms[j], g.path) {
				j++
			}
		}
		var t node
		if j-i >= 2 {
			t = newGlobSet(terms[i:j])
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

// sameKind says whether n is a globNode of a path (path) or of a name.
func sameKind(n node, path bool) bool {
	g, ok := n.(globNode)
	return ok && g.path == path
}

// newGlobSet files the globs of terms, globNodes all of one kind.
func newGlobSet(terms []node) globSet {
	gs := make([]globset.Glob, len(terms))
	path := terms[0].(globNode).path
	for i, n := range terms {
		g := n.(globNode).glob
		gs[i] = globset.Glob{Pattern: g, Path: path, AnyStar: true, Cross: true,
			Match: func(s string) bool { return walk.Match(g, s, false) }}
	}
	return globSet{globset.New(gs), path}
}
