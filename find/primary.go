package find

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"urg/walk"
)

// primary reads the primary name (its value after it, when it takes
// one) as a node, by the constructor primaries files it under.
func (p *parser) primary(name string) (node, error) {
	def, ok := primaries[name]
	if !ok {
		return nil, errorf("unknown predicate `%s'", name)
	}
	var v string
	if def.valued {
		var err error
		if v, err = p.value(name); err != nil {
			return nil, err
		}
	}
	return def.make(p, name, v)
}

// primaryDef is how one primary is read: whether it takes a value, and
// the constructor of its node, handed the primary's name and value.
type primaryDef struct {
	valued bool
	make   func(p *parser, name, v string) (node, error)
}

// primaries is find's table of primaries, as findutils' parser table
// files each name with its parser: data, read and never written.
var primaries = map[string]primaryDef{
	"-true":  {make: func(*parser, string, string) (node, error) { return trueNode{}, nil }},
	"-false": {make: func(*parser, string, string) (node, error) { return falseNode{}, nil }},
	"-print": {make: func(p *parser, _, _ string) (node, error) {
		p.actions = true
		return &printNode{sep: '\n'}, nil
	}},
	"-print0": {make: func(p *parser, _, _ string) (node, error) {
		p.actions = true
		return &printNode{sep: 0}, nil
	}},
	"-prune": {make: func(*parser, string, string) (node, error) { return pruneNode{}, nil }},
	"-quit":  {make: func(*parser, string, string) (node, error) { return quitNode{}, nil }},
	"-delete": {make: func(p *parser, _, _ string) (node, error) {
		p.actions, p.e.Deletes = true, true
		return deleteNode{}, nil
	}},
	"-depth":      {make: parseDepth},
	"-d":          {make: parseDepth},
	"-empty":      {make: func(p *parser, _, _ string) (node, error) { return p.stat(isEmpty), nil }},
	"-readable":   {make: parseAccess},
	"-writable":   {make: parseAccess},
	"-executable": {make: parseAccess},
	"-exec":       {make: parseExec},
	"-follow":     {make: parseFollow},
	"-execdir":    {make: parseExec},

	"-name":       {valued: true, make: parseName},
	"-iname":      {valued: true, make: parseName},
	"-path":       {valued: true, make: parsePath},
	"-ipath":      {valued: true, make: parsePath},
	"-wholename":  {valued: true, make: parsePath},
	"-iwholename": {valued: true, make: parsePath},
	"-regex":      {valued: true, make: parseRegex},
	"-iregex":     {valued: true, make: parseRegex},
	"-regextype":  {valued: true, make: parseRegextype},
	"-type":       {valued: true, make: parseType},
	"-size":       {valued: true, make: parseSizeTest},
	"-uid":        {valued: true, make: parseID},
	"-gid":        {valued: true, make: parseID},
	"-user":       {valued: true, make: parseOwner},
	"-group":      {valued: true, make: parseOwner},
	"-perm": {valued: true, make: func(p *parser, _, v string) (node, error) {
		t, err := perm(v)
		if err != nil {
			return nil, err
		}
		return p.stat(t), nil
	}},
	"-newer":    {valued: true, make: parseNewer},
	"-newermt":  {valued: true, make: parseNewermt},
	"-mtime":    {valued: true, make: parseAge},
	"-mmin":     {valued: true, make: parseAge},
	"-maxdepth": {valued: true, make: parseDepthLimit},
	"-mindepth": {valued: true, make: parseDepthLimit},
	"-printf":   {valued: true, make: parsePrintfAction},
}

// Primary is a primary as Parse reads it: its name, and whether a value
// follows it.
type Primary struct {
	Name   string
	Valued bool
}

// Primaries is every primary (test, action and global option) Parse
// takes on this system (Available), read from the parser's own table,
// in name order: what a shell's completion offers.
func Primaries() []Primary {
	var out []Primary
	for name, def := range primaries {
		if Available(name) {
			out = append(out, Primary{name, def.valued})
		}
	}
	slices.SortFunc(out, func(a, b Primary) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Operators are the operators that are words, as a shell's completion
// offers them beside the primaries.
func Operators() []string { return []string{"-not", "-a", "-and", "-o", "-or"} }

// LinkOptions are the options Parse takes before the roots, which say
// which symbolic links are followed.
func LinkOptions() []string { return []string{"-P", "-H", "-L"} }

// TypeLetters are the types -type takes, find's letters (walk.Type's).
const TypeLetters = "fdlpscb"

// stat is a node of test t, which needs the entry's Stat.
func (p *parser) stat(t test) node {
	p.e.NeedStat = true
	return statNode{t}
}

// parseDepth reads -depth (-d).
func parseDepth(p *parser, _, _ string) (node, error) {
	p.e.depthFirst = true
	return depthNode{}, nil
}

// parseAccess reads -readable, -writable and -executable.
func parseAccess(_ *parser, name, _ string) (node, error) {
	mode := map[string]uint32{"-readable": 4, "-writable": 2, "-executable": 1}[name]
	return testNode{func(n *walk.Node) bool { return access(n.Path(), mode) }}, nil
}

// parseExec reads -exec and -execdir.
func parseExec(p *parser, name, _ string) (node, error) {
	p.actions = true
	return p.exec(name)
}

// parseName reads -name and -iname.
func parseName(_ *parser, name, v string) (node, error) {
	if name == "-name" {
		return globNode{glob: v}, nil
	}
	return testNode{func(n *walk.Node) bool { return walk.Match(v, n.Name, true) }}, nil
}

// parsePath reads -path, -wholename and their -i forms.
func parsePath(_ *parser, name, v string) (node, error) {
	if !strings.HasPrefix(name, "-i") {
		return globNode{glob: v, path: true}, nil
	}
	return testNode{func(n *walk.Node) bool { return walk.Match(v, n.Path(), true) }}, nil
}

// parseRegex reads -regex and -iregex.
func parseRegex(p *parser, name, v string) (node, error) {
	re, err := p.e.regex(v, name == "-iregex")
	if err != nil {
		return nil, errorf("%s: invalid regular expression `%s': %v", name, v, err)
	}
	return testNode{func(n *walk.Node) bool { return re.MatchString(n.Path()) }}, nil
}

// parseRegextype reads -regextype.
func parseRegextype(p *parser, _, v string) (node, error) {
	switch v {
	case "emacs", "findutils-default":
		p.e.regexes = "emacs"
	case "posix-extended", "egrep", "posix-egrep":
		p.e.regexes = "posix-extended"
	default:
		return nil, errorf("Unknown regular expression type `%s'; valid types are `findutils-default', `emacs', `posix-extended', `egrep'.", v)
	}
	return depthNode{}, nil
}

// parseType reads -type's list of types.
func parseType(_ *parser, _, v string) (node, error) {
	var want [256]bool
	for _, t := range strings.Split(v, ",") {
		if len(t) != 1 || !strings.Contains(TypeLetters, t) {
			return nil, errorf("-type: unknown type `%s'", t)
		}
		want[t[0]] = true
	}
	return typeNode{&want}, nil
}

// parseSizeTest reads -size.
func parseSizeTest(p *parser, _, v string) (node, error) {
	cmp, n, unit, err := parseSize(v)
	if err != nil {
		return nil, errorf("invalid -size argument `%s'", v)
	}
	return p.stat(func(nd *walk.Node) bool { return cmp.holds((nd.Stat.Size+unit-1)/unit, n) }), nil
}

// parseID reads -uid and -gid.
func parseID(p *parser, name, v string) (node, error) {
	if err := noOwners(name); err != nil {
		return nil, err
	}
	cmp, n, err := parseNumber(v)
	if err != nil {
		return nil, errorf("invalid argument `%s' to `%s'", v, name)
	}
	return p.stat(ownerTest(name == "-gid", func(id int64) bool { return cmp.holds(id, n) })), nil
}

// parseOwner reads -user and -group.
func parseOwner(p *parser, name, v string) (node, error) {
	if err := noOwners(name); err != nil {
		return nil, err
	}
	id, err := lookup(v, name == "-group")
	if err != nil {
		return nil, err
	}
	return p.stat(ownerTest(name == "-group", func(got int64) bool { return got == id })), nil
}

// parseFollow reads -follow, find's older spelling of -L: a global
// option, but one that find applies to the files named after it only
// (parser.deref).
func parseFollow(p *parser, _, _ string) (node, error) {
	p.e.Follow, p.e.FollowRoots, p.deref = true, false, true
	return depthNode{}, nil
}

// parseNewer reads -newer. FILE is a link's own time unless links are
// followed (parser.deref), as in find.
func parseNewer(p *parser, _, v string) (node, error) {
	stat := os.Lstat
	if p.deref {
		stat = os.Stat
	}
	fi, err := stat(v)
	if err != nil {
		return nil, errorf("%s: %v", v, describe(err))
	}
	ref := fi.ModTime()
	return p.stat(func(n *walk.Node) bool { return n.Stat.Mtime.After(ref) }), nil
}

// parseNewermt reads -newermt.
func parseNewermt(p *parser, _, v string) (node, error) {
	ref, err := parseDate(v)
	if err != nil {
		return nil, errorf("I cannot figure out how to interpret `%s' as a date or time", v)
	}
	return p.stat(func(n *walk.Node) bool { return n.Stat.Mtime.After(ref) }), nil
}

// parseAge reads -mtime and -mmin.
func parseAge(p *parser, name, v string) (node, error) {
	cmp, k, err := parseNumber(v)
	if err != nil {
		return nil, errorf("invalid argument `%s' to `%s'", v, name)
	}
	unit := 24 * time.Hour
	if name == "-mmin" {
		unit = time.Minute
	}
	now := p.e.now
	return p.stat(func(n *walk.Node) bool { return cmp.holds(int64(now.Sub(n.Stat.Mtime)/unit), k) }), nil
}

// parseDepthLimit reads -maxdepth and -mindepth.
func parseDepthLimit(p *parser, name, v string) (node, error) {
	d, err := strconv.Atoi(v)
	if err != nil || d < 0 {
		return nil, errorf("%s: invalid depth `%s'", name, v)
	}
	if name == "-maxdepth" {
		p.e.MaxDepth = d
	} else {
		p.e.MinDepth = d
	}
	return depthNode{}, nil
}

// parsePrintfAction reads -printf.
func parsePrintfAction(p *parser, _, v string) (node, error) {
	p.actions = true
	f, err := parsePrintf(v)
	if err != nil {
		return nil, err
	}
	if f.stat {
		p.e.NeedStat = true
	}
	return f, nil
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
