package find

import "urg/walk"

// node is one part of the expression.
type node interface {
	// eval evaluates it for c's entry; actions act through c.
	eval(c *Call) bool
	// cheap is what it is known to be for n before n's Stat is fetched:
	// yes, no or unknown (a test of the Stat, an action).
	cheap(n *walk.Node) tri
}

// tri is a value known or not.
type tri uint8

const (
	no tri = iota
	yes
	unknown
)

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

type and struct{ l, r node }

func (x and) eval(c *Call) bool { return x.l.eval(c) && !c.quit && x.r.eval(c) }

func (x and) cheap(n *walk.Node) tri {
	l := x.l.cheap(n)
	switch {
	case l == no:
		return no
	case l == yes:
		return x.r.cheap(n)
	}
	// The left is unknown: it may act, so the right's no cannot skip
	// it.
	return unknown
}

type or struct{ l, r node }

func (x or) eval(c *Call) bool { return x.l.eval(c) || !c.quit && x.r.eval(c) }

func (x or) cheap(n *walk.Node) tri {
	switch l := x.l.cheap(n); l {
	case yes:
		return yes
	case no:
		return x.r.cheap(n)
	}
	return unknown
}

type not struct{ x node }

func (x not) eval(c *Call) bool { return !x.x.eval(c) }

func (x not) cheap(n *walk.Node) tri {
	switch v := x.x.cheap(n); v {
	case yes:
		return no
	case no:
		return yes
	}
	return unknown
}

// comma is find's ',': both evaluated, the right's value taken.
type comma struct{ l, r node }

func (x comma) eval(c *Call) bool {
	x.l.eval(c)
	return !c.quit && x.r.eval(c)
}

func (x comma) cheap(n *walk.Node) tri {
	if x.l.cheap(n) != no {
		return unknown
	}
	return x.r.cheap(n)
}

// trueNode is -true, and the empty expression.
type trueNode struct{}

func (trueNode) eval(*Call) bool          { return true }
func (trueNode) cheap(*walk.Node) tri     { return yes }
func (falseNode) eval(*Call) bool         { return false }
func (falseNode) cheap(*walk.Node) tri    { return no }
func (x testNode) eval(c *Call) bool      { return x.t(c.Node) }
func (x testNode) cheap(n *walk.Node) tri { return x.known(n) }
func (x statNode) eval(c *Call) bool      { return c.Node.Stat != nil && x.t(c.Node) }
func (x statNode) cheap(*walk.Node) tri   { return unknown }
func (x typeNode) eval(c *Call) bool      { return x.want[c.Node.Type] }
func (x typeNode) cheap(n *walk.Node) tri { return x.known(n) }
func (x depthNode) eval(c *Call) bool     { return true }
func (x depthNode) cheap(*walk.Node) tri  { return yes }

// falseNode is -false.
type falseNode struct{}

// testNode is a test of the name or the path, known before any Stat.
type testNode struct{ t test }

func (x testNode) known(n *walk.Node) tri { return triOf(x.t(n)) }

// statNode is a test of the Stat: false where it could not be fetched.
type statNode struct{ t test }

// typeNode is -type: known where the walk knows the type.
type typeNode struct{ want *[256]bool }

func (x typeNode) known(n *walk.Node) tri {
	if n.Type == walk.TypeUnknown {
		return unknown
	}
	return triOf(x.want[n.Type])
}

// depthNode is a global option (-maxdepth, -mindepth, -depth,
// -regextype, -follow): always true where it stands.
type depthNode struct{}

// Match evaluates the expression for the entry c holds.
func (e *Expr) Match(c *Call) bool {
	if c.Node.Depth < e.MinDepth {
		return false
	}
	return e.root.eval(c)
}

// MayMatch reports whether n, whose Stat is not fetched yet, could pass
// the expression or set off an action: an entry it turns away needs no
// Stat and is not evaluated, as with find, which stats a file only when
// a test asks (and so reports no stat error for one a cheaper test
// turned away).
func (e *Expr) MayMatch(n *walk.Node) bool {
	return n.Depth >= e.MinDepth && e.root.cheap(n) != no
}
