package ignore

import "slices"

// Verdict is what ignore rules say of a path.
type Verdict uint8

// The verdicts.
const (
	None      Verdict = iota // no pattern matches it
	Ignored                  // the last pattern that matches it leaves it out
	Whitelist                // the last pattern that matches it is a "!" one
)

// Matcher is one ignore file, compiled. Its patterns are numbered in
// the file's order and, as in git, the last one that matches a path
// decides. The patterns of a name of the commonest shapes are found by
// hash: a literal name ("core"), a literal suffix ("*.o") or prefix
// (".*"); every other pattern runs in one of two automata: one over the
// name for the patterns of a name, one over the path for the patterns
// of a path ("/vmlinux", "arch/*/generated/"), which, anchored at the
// path's start, most paths leave within their first bytes. A Matcher is
// safe for use by several goroutines at once.
type Matcher struct {
	negate []bool // by pattern: it whitelists
	names  bests
	// exts are the literal suffixes that start with a dot ("*.o",
	// "*.mod.c"): a name is looked up from each of its dots.
	exts     bests
	suffixes affixes
	prefixes affixes
	nameAuto *auto // nil when no name pattern needs it
	pathAuto *auto // nil when no path pattern needs it
}

// best holds the last pattern (highest index) of some set that matches
// a file, and the last that matches a directory, -1 for none: a pattern
// for directories only counts for a directory.
type best struct{ file, dir int32 }

func (b *best) add(pat int32, dirOnly bool) {
	b.dir = max(b.dir, pat)
	if !dirOnly {
		b.file = max(b.file, pat)
	}
}

// bests are the best of the patterns found by one key (a name, an
// extension, an affix).
type bests map[string]best

// add counts pattern pat under key in *m, made if nil.
func (m *bests) add(key string, pat int32, dirOnly bool) {
	if *m == nil {
		*m = make(bests)
	}
	b, ok := (*m)[key]
	if !ok {
		b = best{-1, -1}
	}
	b.add(pat, dirOnly)
	(*m)[key] = b
}

// affixes are literal suffixes or prefixes of names, by length.
type affixes struct {
	byText bests
	lens   []int // the distinct lengths, for the lookups a name needs
	// edge holds the bytes an affix ends with (a suffix) or starts with
	// (a prefix): a name whose own last or first byte is not one needs
	// no lookup.
	edge [256]bool
}

func (a *affixes) add(text string, edge byte, pat int32, dirOnly bool) {
	a.edge[edge] = true
	if !slices.Contains(a.lens, len(text)) {
		a.lens = append(a.lens, len(text))
	}
	a.byText.add(text, pat, dirOnly)
}

// Compile compiles the contents of an ignore file; nil when it holds no
// pattern.
func Compile(data []byte) *Matcher {
	pats := parseLines(data)
	if len(pats) == 0 {
		return nil
	}
	m := &Matcher{negate: make([]bool, len(pats))}
	// A pattern compiles to at most a position a byte, and its end: room
	// for all of each automaton's at once, not grown as they come.
	var nameRoom, pathRoom int
	for _, p := range pats {
		switch shapeOf(p) {
		case shapeName:
			nameRoom += len(p.glob) + 1
		case shapePath:
			pathRoom += len(p.glob) + 1
		}
	}
	nameProg, pathProg := make([]inst, 0, nameRoom), make([]inst, 0, pathRoom)
	dirOnly := make([]bool, len(pats))
	for n, p := range pats {
		i := int32(n)
		m.negate[i], dirOnly[i] = p.negate, p.dirOnly
		g := p.glob
		switch shapeOf(p) {
		case shapeLiteral:
			m.names.add(g, i, p.dirOnly)
		case shapeExt:
			m.exts.add(g[1:], i, p.dirOnly)
		case shapeSuffix:
			m.suffixes.add(g[1:], g[len(g)-1], i, p.dirOnly)
		case shapePrefix:
			m.prefixes.add(g[:len(g)-1], g[0], i, p.dirOnly)
		case shapeName:
			// The name is matched as git's match_basename matches it,
			// by wildmatch without WM_PATHNAME; a name holds no '/', so
			// that is the same program.
			nameProg, _ = compileGlob(nameProg, g, i)
		default:
			pathProg, _ = compileGlob(pathProg, g, i)
		}
	}
	if len(nameProg) > 0 {
		m.nameAuto = newAuto(nameProg, dirOnly)
	}
	if len(pathProg) > 0 {
		m.pathAuto = newAuto(pathProg, dirOnly)
	}
	return m
}

// shape is how a pattern is matched.
type shape uint8

const (
	shapeLiteral shape = iota // a literal name: by hash
	shapeExt                  // "*.LIT": by hash, from each of a name's dots
	shapeSuffix               // "*LIT": by hash, by length
	shapePrefix               // "LIT*": by hash, by length
	shapeName                 // any other pattern of a name: the name automaton
	shapePath                 // a pattern of a path: the path automaton
)

func shapeOf(p pattern) shape {
	g := p.glob
	switch {
	case !p.base:
		return shapePath
	case literal(g):
		return shapeLiteral
	case len(g) > 2 && g[0] == '*' && g[1] == '.' && literal(g[1:]):
		return shapeExt
	case len(g) > 1 && g[0] == '*' && literal(g[1:]):
		return shapeSuffix
	case len(g) > 1 && g[len(g)-1] == '*' && literal(g[:len(g)-1]):
		return shapePrefix
	}
	return shapeName
}

// Match says what the file's patterns make of the entry named name in
// the directory head+sub, below the ignore file's directory (head and
// sub are "" or end in '/'; the path is given in parts so that a caller
// need not join them); dir says whether it is a directory.
func (m *Matcher) Match(head, sub, name string, dir bool) Verdict {
	if m == nil {
		return None
	}
	last := int32(-1)
	pick := func(b best) {
		if dir {
			last = max(last, b.dir)
		} else {
			last = max(last, b.file)
		}
	}
	if b, ok := m.names[name]; ok {
		pick(b)
	}
	if m.exts != nil {
		for i := len(name) - 1; i >= 0; i-- {
			if name[i] == '.' {
				if b, ok := m.exts[name[i:]]; ok {
					pick(b)
				}
			}
		}
	}
	if name != "" && m.suffixes.edge[name[len(name)-1]] {
		for _, n := range m.suffixes.lens {
			if n <= len(name) {
				if b, ok := m.suffixes.byText[name[len(name)-n:]]; ok {
					pick(b)
				}
			}
		}
	}
	if name != "" && m.prefixes.edge[name[0]] {
		for _, n := range m.prefixes.lens {
			if n <= len(name) {
				if b, ok := m.prefixes.byText[name[:n]]; ok {
					pick(b)
				}
			}
		}
	}
	if m.nameAuto != nil {
		f, d := m.nameAuto.match("", "", name)
		pick(best{f, d})
	}
	if m.pathAuto != nil {
		f, d := m.pathAuto.match(head, sub, name)
		pick(best{f, d})
	}
	switch {
	case last < 0:
		return None
	case m.negate[last]:
		return Whitelist
	}
	return Ignored
}
