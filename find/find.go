// Package find parses find's expressions (primaries, actions, operators
// and global options, as GNU find reads them) and evaluates them for the
// entries of a walk, several at once.
package find

import (
	"fmt"
	"os"
	"os/user"
	"runtime"
	"strconv"
	"strings"
	"time"

	"urg/internal/wording"
	"urg/walk"
)

// Expr is a parsed command line: the roots to walk, the global options,
// and the expression each entry is evaluated by.
type Expr struct {
	Roots    []string
	MaxDepth int // -maxdepth; -1 when not given
	MinDepth int // -mindepth
	// NeedStat: some test asks more than a name and a type, so the
	// Stat of every entry that may pass (MayMatch) must be fetched.
	NeedStat bool
	// Deletes: -delete is in the expression.
	Deletes bool
	// Follow follows every symbolic link (-L, or -follow anywhere in
	// the expression); FollowRoots only the roots that are links (-H).
	// With neither (-P, the default) no link is followed.
	Follow, FollowRoots bool
	root                node
	now                 time.Time
	// depthFirst: -depth, under which -prune does nothing, as in find.
	depthFirst bool
	regexes    string // -regextype: "emacs" (find's default) or "posix-extended"
}

// test is one test: whether n passes it.
type test func(n *walk.Node) bool

// Error is a command line find cannot take.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func errorf(format string, a ...any) error { return &Error{fmt.Sprintf(format, a...)} }

// Parse reads find's command line: the roots (the arguments before the
// first that starts with '-', or is '(', ')', '!' or ','), then the
// expression: primaries, -a (or nothing) binding tighter than -o, '!'
// (-not) tighter still, ( ... ) and ',' as find has them; -print is
// added when no action but -prune is given. now is the time -mtime
// counts back from.
func Parse(args []string, now time.Time) (*Expr, error) {
	e := &Expr{MaxDepth: -1, now: now, regexes: "emacs"}
	i := linkOptions(e, args)
	for ; i < len(args) && !startsExpr(args[i]); i++ {
		e.Roots = append(e.Roots, args[i])
	}
	if len(e.Roots) == 0 {
		e.Roots = []string{"."}
	}
	p := &parser{e: e, args: args[i:], deref: e.Follow || e.FollowRoots}
	var root node = trueNode{}
	if len(p.args) > 0 {
		var err error
		if root, err = p.list(); err != nil {
			return nil, err
		}
		if p.i < len(p.args) {
			if p.args[p.i] == ")" {
				return nil, errorf("invalid expression; you have too many ')'")
			}
			return nil, errorf("paths must precede expression: `%s'", p.args[p.i])
		}
	}
	if !p.actions {
		root = and{root, &printNode{sep: '\n'}}
	}
	e.root = root
	return e, nil
}

// linkOptions reads the options before the roots, -P, -H and -L (the
// last one given wins, as in find), into e, and returns how many
// arguments they took.
func linkOptions(e *Expr, args []string) int {
	i := 0
	for ; i < len(args); i++ {
		switch args[i] {
		case "-P":
			e.Follow, e.FollowRoots = false, false
		case "-H":
			e.Follow, e.FollowRoots = false, true
		case "-L":
			e.Follow, e.FollowRoots = true, false
		default:
			return i
		}
	}
	return i
}

// startsExpr says whether arg begins the expression rather than naming a
// root.
func startsExpr(arg string) bool {
	switch arg {
	case "(", ")", "!", ",":
		return true
	}
	return len(arg) > 1 && arg[0] == '-'
}

// parser reads the expression's tokens.
type parser struct {
	e       *Expr
	args    []string
	i       int
	actions bool // an action other than -prune was seen
	// deref: a file the expression names (-newer's) is looked at
	// through a link, as find does under -H and -L, and after -follow
	// only in the primaries that come after it.
	deref bool
}

func (p *parser) peek() string {
	if p.i < len(p.args) {
		return p.args[p.i]
	}
	return ""
}

// list is expr [, expr]...: each evaluated, the last one's value taken.
func (p *parser) list() (node, error) {
	l, err := p.or()
	for err == nil && p.peek() == "," {
		p.i++
		var r node
		if r, err = p.or(); err == nil {
			l = comma{l, r}
		}
	}
	return l, err
}

// or is and [-o and]...
func (p *parser) or() (node, error) {
	l, err := p.and()
	if err != nil || p.peek() != "-o" && p.peek() != "-or" {
		return l, err
	}
	terms := []node{l}
	for p.peek() == "-o" || p.peek() == "-or" {
		op := p.args[p.i]
		p.i++
		if p.i >= len(p.args) {
			return nil, errorf("expected an expression after '%s'", op)
		}
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		terms = append(terms, r)
	}
	return orOf(terms), nil
}

// and is not [[-a] not]...: primaries side by side are ANDed.
func (p *parser) and() (node, error) {
	l, err := p.not()
	for err == nil {
		switch tok := p.peek(); tok {
		case "", ")", "-o", "-or", ",":
			return l, nil
		case "-a", "-and":
			p.i++
			if p.i >= len(p.args) {
				return nil, errorf("expected an expression after '%s'", tok)
			}
		}
		var r node
		if r, err = p.not(); err == nil {
			l = and{l, r}
		}
	}
	return l, err
}

// not is [! | -not]... primary, or a parenthesised list.
func (p *parser) not() (node, error) {
	switch tok := p.peek(); tok {
	case "!", "-not":
		p.i++
		if p.i >= len(p.args) {
			return nil, errorf("expected an expression after '%s'", tok)
		}
		x, err := p.not()
		return not{x}, err
	case "(":
		p.i++
		if p.peek() == ")" {
			return nil, errorf("invalid expression; empty parentheses are not allowed.")
		}
		x, err := p.list()
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, errorf("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
		}
		p.i++
		return x, nil
	case "":
		return nil, errorf("invalid expression")
	case ")":
		return nil, errorf("invalid expression; you have too many ')'")
	case "-a", "-and", "-o", "-or", ",":
		return nil, errorf("invalid expression; you have used a binary operator '%s' with nothing before it.", tok)
	}
	name := p.args[p.i]
	p.i++
	if !strings.HasPrefix(name, "-") {
		return nil, errorf("paths must precede expression: `%s'", name)
	}
	return p.primary(name)
}

// value reads the value of primary name.
func (p *parser) value(name string) (string, error) {
	if p.i >= len(p.args) {
		return "", errorf("missing argument to `%s'", name)
	}
	p.i++
	return p.args[p.i-1], nil
}

// cmp is how a number is compared: exactly, more than (+N), less than (-N).
type cmp byte

func (c cmp) holds(got, n int64) bool {
	switch c {
	case '+':
		return got > n
	case '-':
		return got < n
	}
	return got == n
}

// parseNumber reads [+-]N.
func parseNumber(v string) (cmp, int64, error) {
	c := cmp(0)
	if v != "" && (v[0] == '+' || v[0] == '-') {
		c, v = cmp(v[0]), v[1:]
	}
	if v == "" || v[0] < '0' || v[0] > '9' {
		return 0, 0, strconv.ErrSyntax
	}
	n, err := strconv.ParseInt(v, 10, 64)
	return c, n, err
}

// parseSize reads -size's [+-]N[cwbkMG]: N units of 512 bytes unless a
// suffix says otherwise. A file's size is rounded up to whole units
// before it is compared, as find does.
func parseSize(v string) (cmp, int64, int64, error) {
	unit := int64(512)
	if v != "" {
		if u, ok := sizeUnits[v[len(v)-1]]; ok {
			unit, v = u, v[:len(v)-1]
		}
	}
	c, n, err := parseNumber(v)
	return c, n, unit, err
}

var sizeUnits = map[byte]int64{'c': 1, 'w': 2, 'b': 512, 'k': 1 << 10, 'M': 1 << 20, 'G': 1 << 30}

// Owners says files here have numeric owners, so that -uid, -gid, -user
// and -group mean something: not on Windows, whose owners are security
// identifiers, which walk's Stat does not carry.
const Owners = runtime.GOOS != "windows"

// Available says this system takes the primary: not the owner primaries
// where files have no numeric owners (Owners).
func Available(primary string) bool {
	switch primary {
	case "-uid", "-gid", "-user", "-group":
		return Owners
	}
	return true
}

// noOwners refuses an owner primary where files have no numeric owners:
// -uid 0 matching every file there would be a lie.
func noOwners(name string) error {
	if !Available(name) {
		return errorf("%s: Windows files have no numeric user or group IDs", name)
	}
	return nil
}

// lookup resolves -user or -group: a name, or a number. A name whose ID
// is not a number (Unix's always are) is refused with an *Error, like
// every other bad command line, not with strconv's.
func lookup(v string, group bool) (int64, error) {
	primary, id := "-user", ""
	if group {
		primary = "-group"
		if g, err := user.LookupGroup(v); err == nil {
			id = g.Gid
		}
	} else if u, err := user.Lookup(v); err == nil {
		id = u.Uid
	}
	if id != "" {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return 0, errorf("%s: the ID of %s is %q, not a number", primary, v, id)
		}
		return n, nil
	}
	if n, err := strconv.ParseUint(v, 10, 32); err == nil {
		return int64(n), nil
	}
	if group {
		return 0, errorf("-group: %s is not the name of an existing group", v)
	}
	return 0, errorf("-user: %s is not the name of a known user", v)
}

// isEmpty is -empty: a regular file of no bytes, or a directory with
// no entries.
func isEmpty(n *walk.Node) bool {
	switch {
	case n.Stat == nil:
		return false
	case n.Type == 'f':
		return n.Stat.Size == 0
	case n.Type == 'd':
		f, err := os.Open(n.Path())
		if err != nil {
			return false
		}
		defer f.Close()
		names, _ := f.Readdirnames(1)
		return len(names) == 0
	}
	return false
}

// describe is an error as find words it: the system's message alone.
func describe(err error) string { return wording.Of(err) }
