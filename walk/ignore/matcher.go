package ignore

import "strings"

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
// decides. The ones of the commonest shapes are found by hash: a literal
// name ("core"), a name's literal suffix ("*.o") or prefix (".*"), a
// literal path ("/vmlinux"); every other pattern runs in one automaton.
// A Matcher is safe for use by several goroutines at once.
type Matcher struct {
	negate   []bool // by pattern: it whitelists
	names    map[string]best
	paths    map[string]best
	suffixes affixes
	prefixes affixes
	auto     *auto // nil when every pattern has a fast path
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

// affixes are literal suffixes or prefixes of names, by length.
type affixes struct {
	byText map[string]best
	lens   []int // the distinct lengths, for the lookups a name needs
}

func (a *affixes) add(text string, pat int32, dirOnly bool) {
	if a.byText == nil {
		a.byText = make(map[string]best)
	}
	b, ok := a.byText[text]
	if !ok {
		b = best{-1, -1}
		if !containsInt(a.lens, len(text)) {
			a.lens = append(a.lens, len(text))
		}
	}
	b.add(pat, dirOnly)
	a.byText[text] = b
}

func containsInt(s []int, n int) bool {
	for _, x := range s {
		if x == n {
			return true
		}
	}
	return false
}

// Compile compiles the contents of an ignore file; nil when it holds no
// pattern.
func Compile(data []byte) *Matcher {
	pats := parseLines(data)
	if len(pats) == 0 {
		return nil
	}
	m := &Matcher{negate: make([]bool, len(pats))}
	var prog []inst
	dirOnly := make([]bool, len(pats))
	addTo := func(mp *map[string]best, key string, i int32, p pattern) {
		if *mp == nil {
			*mp = make(map[string]best)
		}
		b, ok := (*mp)[key]
		if !ok {
			b = best{-1, -1}
		}
		b.add(i, p.dirOnly)
		(*mp)[key] = b
	}
	for n, p := range pats {
		i := int32(n)
		m.negate[i], dirOnly[i] = p.negate, p.dirOnly
		g := p.glob
		switch {
		case p.base && literal(g):
			addTo(&m.names, g, i, p)
		case p.base && len(g) > 1 && g[0] == '*' && literal(g[1:]):
			m.suffixes.add(g[1:], i, p.dirOnly)
		case p.base && len(g) > 1 && g[len(g)-1] == '*' && literal(g[:len(g)-1]):
			m.prefixes.add(g[:len(g)-1], i, p.dirOnly)
		case !p.base && literal(g):
			addTo(&m.paths, g, i, p)
		default:
			if p.base {
				// A name at any depth: "**/" before it, over the path.
				g = "**/" + g
			}
			prog, _ = compileGlob(prog, g, i)
		}
	}
	if len(prog) > 0 {
		m.auto = newAuto(prog, dirOnly)
	}
	return m
}

// Match says what the file's patterns make of the path head+tail, below
// the ignore file's directory (a directory when dir); the path is given
// in two parts so that a caller need not join them, and its name is the
// part of tail after its last '/'.
func (m *Matcher) Match(head, tail string, dir bool) Verdict {
	if m == nil {
		return None
	}
	name := tail[strings.LastIndexByte(tail, '/')+1:]
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
	for _, n := range m.suffixes.lens {
		if n <= len(name) {
			if b, ok := m.suffixes.byText[name[len(name)-n:]]; ok {
				pick(b)
			}
		}
	}
	for _, n := range m.prefixes.lens {
		if n <= len(name) {
			if b, ok := m.prefixes.byText[name[:n]]; ok {
				pick(b)
			}
		}
	}
	if m.paths != nil {
		p := tail
		if head != "" {
			p = head + tail
		}
		if b, ok := m.paths[p]; ok {
			pick(b)
		}
	}
	if m.auto != nil {
		f, d := m.auto.match(head, tail)
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
