// Package find parses find's expressions (the primaries spot supports,
// all ANDed together) and decides which walked entries they select.
package find

import (
	"fmt"
	"os"
	"os/user"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"urg/walk"
)

// Expr is a parsed command line: the roots to walk and the tests every
// printed entry passes.
type Expr struct {
	Roots    []string
	MaxDepth int // -maxdepth; -1 when not given
	MinDepth int // -mindepth
	Print0   bool
	// NeedStat: some test asks more than a name and a type, so the
	// Stat of every entry that passes the others (MayMatch) must be
	// fetched.
	NeedStat bool
	names    []test // tests of the name or the path
	typed    []test // tests of the type
	stated   []test // tests of the Stat
}

// test is one primary: whether n passes it.
type test func(n *walk.Node) bool

// Error is a command line find cannot take.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func errorf(format string, a ...any) error { return &Error{fmt.Sprintf(format, a...)} }

// Parse reads find's syntax: roots first (those that do not start with
// '-'), then primaries, each with its value. now is the time -mtime
// counts back from.
func Parse(args []string, now time.Time) (*Expr, error) {
	e := &Expr{MaxDepth: -1}
	i := 0
	for ; i < len(args) && (!strings.HasPrefix(args[i], "-") || args[i] == "-"); i++ {
		e.Roots = append(e.Roots, args[i])
	}
	if len(e.Roots) == 0 {
		e.Roots = []string{"."}
	}
	for i < len(args) {
		name := args[i]
		i++
		value := func() (string, error) {
			if i >= len(args) {
				return "", errorf("missing argument to `%s'", name)
			}
			i++
			return args[i-1], nil
		}
		if err := e.primary(name, value, now); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// primary adds the primary name, reading its value through value.
func (e *Expr) primary(name string, value func() (string, error), now time.Time) error {
	switch name {
	case "-print":
		return nil
	case "-print0":
		e.Print0 = true
		return nil
	case "-empty":
		e.add(isEmpty)
		return nil
	}
	v, err := value()
	if err != nil {
		if _, known := valued[name]; !known {
			return errorf("unknown predicate `%s'", name)
		}
		return err
	}
	switch name {
	case "-name", "-iname", "-path":
		fold, whole := name == "-iname", name == "-path"
		e.names = append(e.names, func(n *walk.Node) bool {
			if whole {
				return walk.Match(v, n.Path(), false)
			}
			return walk.Match(v, n.Name, fold)
		})
	case "-type":
		var want [256]bool
		for _, t := range strings.Split(v, ",") {
			if len(t) != 1 || !strings.Contains("fdlpscb", t) {
				return errorf("-type: unknown type `%s'", t)
			}
			want[t[0]] = true
		}
		e.typed = append(e.typed, func(n *walk.Node) bool { return want[n.Type] })
	case "-size":
		cmp, n, unit, err := parseSize(v)
		if err != nil {
			return errorf("invalid -size argument `%s'", v)
		}
		e.add(func(nd *walk.Node) bool {
			return nd.Stat != nil && cmp.holds((nd.Stat.Size+unit-1)/unit, n)
		})
	case "-uid", "-gid":
		if err := noOwners(name); err != nil {
			return err
		}
		cmp, n, err := parseNumber(v)
		if err != nil {
			return errorf("invalid argument `%s' to `%s'", v, name)
		}
		e.ownerTest(name == "-gid", func(id int64) bool { return cmp.holds(id, n) })
	case "-user", "-group":
		if err := noOwners(name); err != nil {
			return err
		}
		id, err := lookup(v, name == "-group")
		if err != nil {
			return err
		}
		e.ownerTest(name == "-group", func(got int64) bool { return got == id })
	case "-perm":
		return e.perm(v)
	case "-newer":
		fi, err := os.Stat(v)
		if err != nil {
			return errorf("%s: %v", v, describe(err))
		}
		ref := fi.ModTime()
		e.add(func(n *walk.Node) bool { return n.Stat != nil && n.Stat.Mtime.After(ref) })
	case "-mtime":
		cmp, days, err := parseNumber(v)
		if err != nil {
			return errorf("invalid argument `%s' to `-mtime'", v)
		}
		e.add(func(n *walk.Node) bool {
			return n.Stat != nil && cmp.holds(int64(now.Sub(n.Stat.Mtime)/(24*time.Hour)), days)
		})
	case "-maxdepth", "-mindepth":
		d, err := strconv.Atoi(v)
		if err != nil || d < 0 {
			return errorf("%s: invalid depth `%s'", name, v)
		}
		if name == "-maxdepth" {
			e.MaxDepth = d
		} else {
			e.MinDepth = d
		}
	default:
		return errorf("unknown predicate `%s'", name)
	}
	return nil
}

// valued are the primaries that take a value.
var valued = map[string]struct{}{
	"-name": {}, "-iname": {}, "-path": {}, "-type": {}, "-size": {}, "-uid": {}, "-gid": {},
	"-user": {}, "-group": {}, "-perm": {}, "-newer": {}, "-mtime": {}, "-maxdepth": {}, "-mindepth": {},
}

// add adds a test of the Stat.
func (e *Expr) add(t test) {
	e.NeedStat = true
	e.stated = append(e.stated, t)
}

// ownerTest adds a test of an entry's group (or user) id.
func (e *Expr) ownerTest(group bool, ok func(id int64) bool) {
	e.add(func(n *walk.Node) bool {
		if n.Stat == nil {
			return false
		}
		if group {
			return ok(int64(n.Stat.Gid))
		}
		return ok(int64(n.Stat.Uid))
	})
}

// Match reports whether n is printed.
func (e *Expr) Match(n *walk.Node) bool {
	return e.named(n) && all(e.typed, n) && all(e.stated, n)
}

// MayMatch reports whether n, whose Stat is not fetched yet, passes every
// test that needs none: the depth, the names, and the type when known.
// An entry it rejects needs no Stat, as with find, which stats a file
// only when a test asks (and so reports no stat error for one a cheaper
// test turned away).
func (e *Expr) MayMatch(n *walk.Node) bool {
	return e.named(n) && (n.Type == 0 || all(e.typed, n))
}

// named reports whether n passes the depth and the tests of its name.
func (e *Expr) named(n *walk.Node) bool {
	return n.Depth >= e.MinDepth && all(e.names, n)
}

func all(tests []test, n *walk.Node) bool {
	for _, t := range tests {
		if !t(n) {
			return false
		}
	}
	return true
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
func describe(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		if errno, ok := pe.Err.(syscall.Errno); ok {
			return strings.ToUpper(errno.Error()[:1]) + errno.Error()[1:]
		}
		return pe.Err.Error()
	}
	return err.Error()
}
