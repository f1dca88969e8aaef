package find

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"urg/walk"
)

// primary reads the primary name (its values after it) as a node.
func (p *parser) primary(name string) (node, error) {
	e := p.e
	stat := func(t test) node {
		e.NeedStat = true
		return statNode{t}
	}
	switch name {
	case "-true":
		return trueNode{}, nil
	case "-false":
		return falseNode{}, nil
	case "-print":
		p.actions = true
		return &printNode{sep: '\n'}, nil
	case "-print0":
		p.actions = true
		return &printNode{sep: 0}, nil
	case "-prune":
		return pruneNode{}, nil
	case "-quit":
		return quitNode{}, nil
	case "-delete":
		p.actions, e.Deletes = true, true
		return deleteNode{}, nil
	case "-depth", "-d":
		e.depthFirst = true
		return depthNode{}, nil
	case "-empty":
		return stat(isEmpty), nil
	case "-readable", "-writable", "-executable":
		mode := map[string]uint32{"-readable": 4, "-writable": 2, "-executable": 1}[name]
		return testNode{func(n *walk.Node) bool { return access(n.Path(), mode) }}, nil
	case "-exec", "-execdir":
		p.actions = true
		return p.exec(name)
	}
	v, err := p.value(name)
	if err != nil {
		if _, known := valued[name]; !known {
			return nil, errorf("unknown predicate `%s'", name)
		}
		return nil, err
	}
	switch name {
	case "-name", "-iname":
		fold := name == "-iname"
		return testNode{func(n *walk.Node) bool { return walk.Match(v, n.Name, fold) }}, nil
	case "-path", "-ipath", "-wholename", "-iwholename":
		fold := strings.HasPrefix(name, "-i")
		return testNode{func(n *walk.Node) bool { return walk.Match(v, n.Path(), fold) }}, nil
	case "-regex", "-iregex":
		re, err := e.regex(v, name == "-iregex")
		if err != nil {
			return nil, errorf("%s: invalid regular expression `%s': %v", name, v, err)
		}
		return testNode{func(n *walk.Node) bool { return re.MatchString(n.Path()) }}, nil
	case "-regextype":
		switch v {
		case "emacs", "findutils-default":
			e.regexes = "emacs"
		case "posix-extended", "egrep", "posix-egrep":
			e.regexes = "posix-extended"
		default:
			return nil, errorf("Unknown regular expression type `%s'; valid types are `findutils-default', `emacs', `posix-extended', `egrep'.", v)
		}
		return depthNode{}, nil
	case "-type":
		var want [256]bool
		for _, t := range strings.Split(v, ",") {
			if len(t) != 1 || !strings.Contains("fdlpscb", t) {
				return nil, errorf("-type: unknown type `%s'", t)
			}
			want[t[0]] = true
		}
		return typeNode{&want}, nil
	case "-size":
		cmp, n, unit, err := parseSize(v)
		if err != nil {
			return nil, errorf("invalid -size argument `%s'", v)
		}
		return stat(func(nd *walk.Node) bool { return cmp.holds((nd.Stat.Size+unit-1)/unit, n) }), nil
	case "-uid", "-gid":
		if err := noOwners(name); err != nil {
			return nil, err
		}
		cmp, n, err := parseNumber(v)
		if err != nil {
			return nil, errorf("invalid argument `%s' to `%s'", v, name)
		}
		return stat(ownerTest(name == "-gid", func(id int64) bool { return cmp.holds(id, n) })), nil
	case "-user", "-group":
		if err := noOwners(name); err != nil {
			return nil, err
		}
		id, err := lookup(v, name == "-group")
		if err != nil {
			return nil, err
		}
		return stat(ownerTest(name == "-group", func(got int64) bool { return got == id })), nil
	case "-perm":
		t, err := perm(v)
		if err != nil {
			return nil, err
		}
		return stat(t), nil
	case "-newer":
		fi, err := os.Stat(v)
		if err != nil {
			return nil, errorf("%s: %v", v, describe(err))
		}
		ref := fi.ModTime()
		return stat(func(n *walk.Node) bool { return n.Stat.Mtime.After(ref) }), nil
	case "-newermt":
		ref, err := parseDate(v)
		if err != nil {
			return nil, errorf("I cannot figure out how to interpret `%s' as a date or time", v)
		}
		return stat(func(n *walk.Node) bool { return n.Stat.Mtime.After(ref) }), nil
	case "-mtime", "-mmin":
		cmp, k, err := parseNumber(v)
		if err != nil {
			return nil, errorf("invalid argument `%s' to `%s'", v, name)
		}
		unit := 24 * time.Hour
		if name == "-mmin" {
			unit = time.Minute
		}
		now := e.now
		return stat(func(n *walk.Node) bool { return cmp.holds(int64(now.Sub(n.Stat.Mtime)/unit), k) }), nil
	case "-maxdepth", "-mindepth":
		d, err := strconv.Atoi(v)
		if err != nil || d < 0 {
			return nil, errorf("%s: invalid depth `%s'", name, v)
		}
		if name == "-maxdepth" {
			e.MaxDepth = d
		} else {
			e.MinDepth = d
		}
		return depthNode{}, nil
	case "-printf":
		p.actions = true
		f, err := parsePrintf(v)
		if err != nil {
			return nil, err
		}
		if f.stat {
			e.NeedStat = true
		}
		return f, nil
	}
	return nil, errorf("unknown predicate `%s'", name)
}

// valued are the primaries that take a value.
var valued = map[string]struct{}{
	"-name": {}, "-iname": {}, "-path": {}, "-ipath": {}, "-wholename": {}, "-iwholename": {},
	"-regex": {}, "-iregex": {}, "-regextype": {}, "-type": {}, "-size": {}, "-uid": {}, "-gid": {},
	"-user": {}, "-group": {}, "-perm": {}, "-newer": {}, "-newermt": {}, "-mtime": {}, "-mmin": {},
	"-maxdepth": {}, "-mindepth": {}, "-printf": {},
}

// ownerTest is a test of an entry's group (or user) id.
func ownerTest(group bool, ok func(id int64) bool) test {
	return func(n *walk.Node) bool {
		if group {
			return ok(int64(n.Stat.Gid))
		}
		return ok(int64(n.Stat.Uid))
	}
}

// regex compiles -regex's pattern, which matches the whole path, in the
// syntax -regextype names: emacs's (find's default), where ( ) | { } are
// characters and \( \) \| \{ \} operators, or POSIX's extended one.
func (e *Expr) regex(v string, fold bool) (*regexp.Regexp, error) {
	src := v
	if e.regexes == "emacs" {
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			c := v[i]
			switch {
			case c == '\\' && i+1 < len(v) && strings.IndexByte("()|{}", v[i+1]) >= 0:
				b.WriteByte(v[i+1])
				i++
			case strings.IndexByte("()|{}", c) >= 0:
				b.WriteByte('\\')
				b.WriteByte(c)
			default:
				b.WriteByte(c)
			}
		}
		src = b.String()
	}
	if fold {
		src = "(?i)" + src
	}
	re, err := regexp.Compile(`^(?:` + src + `)$`)
	if err != nil {
		return nil, err
	}
	re.Longest()
	return re, nil
}

// dateLayouts are the forms -newermt reads (in the local time zone,
// unless the form says otherwise): a subset of GNU find's.
var dateLayouts = []string{
	time.RFC3339Nano, time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05.999999999",
	"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02", "2006/01/02 15:04:05", "2006/01/02",
	"Jan 2 2006", "2 Jan 2006", "Mon Jan _2 15:04:05 MST 2006", "Mon Jan _2 15:04:05 2006",
}

// parseDate reads -newermt's date: a layout of dateLayouts, or @SECONDS.
func parseDate(v string) (time.Time, error) {
	if s, ok := strings.CutPrefix(v, "@"); ok {
		sec, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return time.Time{}, err
		}
		return time.Unix(0, int64(sec*1e9)), nil
	}
	for _, l := range dateLayouts {
		if t, err := time.ParseInLocation(l, strings.TrimSpace(v), time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, strconv.ErrSyntax
}
