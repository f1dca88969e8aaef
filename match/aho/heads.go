package aho

import (
	"bytes"
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"

	"urg/match/automata"
	"urg/match/base"
	"urg/match/parsed"
)

// headed is the matcher of many regexes that each begin with a literal
// (a list of `WORD\w*[0-9]`, `(?i)WORD\s+\d+`): an Aho-Corasick automaton
// of the heads finds where one ends, and only there is its tail run, by
// a lazy DFA anchored at that place. Joined into one alternation for Go's
// regexp or one DFA, the regexes' threads pile up on every identifier
// (each head seen so far keeps a \w* alive), and the DFA's states
// multiply with the combinations (see
// docs/decisions.md#ahonewheaded-regexes-found-by-their-heads-matchahoheadsgo).
//
// The heads are found in two automata at most, one for those that fold
// case and one for those that do not. The tails are shared: regexes whose
// tails are spelled alike run one.
type headed struct {
	parts []*aho
	tails []*tailAuto
	min   int
	uni   bool // UTF-8's lines beyond ASCII: searched a line at a time
	// folds: under uni, a head's automaton folds case and reads
	// transcripts (see ahoFolded), made in spelts' buffers.
	folds  bool
	spelts spelts
	// asciiHeads: every head is ASCII (see spelling).
	asciiHeads bool
}

// tailAuto runs one tail, anchored where its head ends.
type tailAuto struct {
	auto *automata.Automaton // nil: the tail is empty, matched at once
	at   *automata.Lazy      // auto's program, anchored
	key  string              // the tail as Go's syntax prints it
}

// NewHeaded returns the matcher of the patterns srcs, whose parses are
// trees (nil where Go's parser refused one), when they are many (more
// than Teddy takes) and each is a literal followed by what Go's regexp
// reads; nil otherwise, and under -w and -x, whose bounds it does not
// check. uni says that it reads UTF-8's lines beyond ASCII too, a line
// at a time, so that the lines of ASCII are better decided by the C
// locale's reading beside it.
//
// In the C locale's words (and for a UTF-8 locale's lines of ASCII,
// ASCIILines) the tails run over bytes and the scan over blocks; under
// UTF-8 (its lines beyond ASCII, which the caller hands it) over UTF-8 characters, line by line, a
// folding head's automaton reading transcripts (see ahoFolded), and a
// tail may not look at word bounds, which the byte automaton knows in
// ASCII's words only.
func NewHeaded(srcs []string, trees []*syntax.Regexp, o base.Options) (m base.Matcher, uni bool) {
	if h := newHeaded(srcs, trees, o); h != nil {
		return h, h.uni
	}
	return nil, false
}

// newHeaded is NewHeaded's matcher, nil when it has none.
func newHeaded(srcs []string, trees []*syntax.Regexp, o base.Options) *headed {
	if len(srcs) < MinWords || o.Word || o.Line || !headedShape(trees) {
		return nil
	}
	uni := o.UTF8 && !o.ASCIILines
	h := &headed{min: -1, uni: uni, asciiHeads: true}
	var heads [2][]string // plain, folded
	var ids [2][]int32
	byTail := map[string]int32{}   // by the tail as Go prints it
	bySource := map[string]int32{} // by sourceTail
	for i, src := range srcs {
		head, fold, _ := splitHead(trees[i])
		if o.ASCIILines && !isASCII(head) {
			// Its head is beyond ASCII: it matches no line of ASCII,
			// which are all this matcher is handed.
			continue
		}
		// Tails spelled alike in the source are one, found without
		// making the tail again: under UTF-8 a \w is a large class of
		// Unicode's, costly to rewrite and print ten thousand times.
		key, cheap := "", uni || isASCII(head)
		if cheap {
			key, cheap = sourceTail(src, head, fold, o.IgnoreCase)
		}
		id, ok := bySource[key]
		if !cheap || !ok {
			var t *tailAuto
			if head, t = newTail(src, o, uni); t == nil {
				return nil
			}
			if id, ok = byTail[t.key]; !ok {
				id = int32(len(h.tails))
				byTail[t.key] = id
				h.tails = append(h.tails, t)
			}
			if cheap {
				bySource[key] = id
			}
		}
		k := 0
		if fold {
			k = 1
		}
		h.asciiHeads = h.asciiHeads && isASCII(head)
		heads[k] = append(heads[k], head)
		ids[k] = append(ids[k], id)
		if n := utf8.RuneCountInString(head); h.min < 0 || n < h.min {
			h.min = n
		}
	}
	for k := range heads {
		if len(heads[k]) == 0 {
			continue
		}
		a := newAhoTails(heads[k], ids[k], base.Options{IgnoreCase: k == 1, UTF8: uni}, ahoDense)
		a.heads = h
		h.parts = append(h.parts, a)
		h.folds = h.folds || a.fold
	}
	// No parts: every head is beyond ASCII (asciiLines), and no line of
	// ASCII matches.
	h.min = max(h.min, 1)
	return h
}

// looksAtWords says whether re holds \b or \B.
func looksAtWords(re *syntax.Regexp) bool {
	if re.Op == syntax.OpWordBoundary || re.Op == syntax.OpNoWordBoundary {
		return true
	}
	return slices.ContainsFunc(re.Sub, looksAtWords)
}

// newTail returns the head of the pattern src as the automaton looks for
// it and the automaton of what follows it (its key the tail's spelling,
// "-" for none), or nil when the tail is not for this matcher.
func newTail(src string, o base.Options, uni bool) (string, *tailAuto) {
	// A fresh parse: the tree is rewritten below.
	tree, err := syntax.Parse(src, parsed.Flags(o))
	if err != nil {
		return "", nil
	}
	head, fold, tail := splitHead(tree)
	switch {
	case !uni && !isASCII(head):
		// The C locale's bytes beyond ASCII are runes of their own
		// (see locale.ByteEscaped): the head is the ASCII before
		// them, the rest goes to the tail.
		k := strings.IndexFunc(head, func(r rune) bool { return r >= utf8.RuneSelf })
		if k == 0 {
			return "", nil
		}
		rest := &syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune(head[k:])}
		if fold {
			rest.Flags = syntax.FoldCase
		}
		if tail == nil {
			tail = rest
		} else {
			tail = &syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{rest, tail}}
		}
		head = head[:k]
	case uni && tail != nil && looksAtWords(tail):
		return "", nil
	}
	t := &tailAuto{key: "-"}
	if tail == nil {
		return head, t
	}
	if tail = parsed.LineLocal(tail); !uni {
		tail = parsed.ASCIIFold(tail)
	}
	tail = tail.Simplify()
	t.key = parsed.Print(tail)
	if o.UTF8 {
		t.auto = automata.NewAutomaton(tail, o.DFAStates)
	} else {
		t.auto = automata.NewByteAutomaton(tail, o.DFAStates)
	}
	if t.auto == nil {
		return "", nil
	}
	t.at = t.auto.Anchored(o.DFAStates)
	return head, t
}

// sourceTail returns the source of what follows head in src, keyed by
// whether it folds case, when src spells head plainly at its start
// (after a leading (?i) when fold, unless all fold: -i); ok is false
// otherwise.
func sourceTail(src, head string, fold, all bool) (key string, ok bool) {
	if fold {
		var had bool
		if src, had = strings.CutPrefix(src, "(?i)"); !had && !all {
			return "", false
		}
	}
	if rest, ok := strings.CutPrefix(src, head); ok {
		return fmt.Sprintf("%t %s", fold, rest), true
	}
	return "", false
}

// headedShape says whether each of trees begins with a literal, as
// newHeaded wants them.
func headedShape(trees []*syntax.Regexp) bool {
	for _, tree := range trees {
		if tree == nil || !HasHead(tree) {
			return false
		}
	}
	return true
}

// HasHead says whether tree begins with a literal, the head that
// NewHeaded looks for.
func HasHead(tree *syntax.Regexp) bool {
	head, _, _ := splitHead(tree)
	return head != ""
}

// isASCII says whether s is ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// splitHead returns the literal tree begins with, whether it folds case,
// and what follows it (nil for nothing); "" when tree begins otherwise.
func splitHead(tree *syntax.Regexp) (head string, fold bool, tail *syntax.Regexp) {
	lit := tree
	if tree.Op == syntax.OpConcat && len(tree.Sub) > 0 {
		lit = tree.Sub[0]
		switch rest := tree.Sub[1:]; len(rest) {
		case 0:
		case 1:
			tail = rest[0]
		default:
			tail = &syntax.Regexp{Op: syntax.OpConcat, Sub: rest}
		}
	}
	if lit.Op != syntax.OpLiteral {
		return "", false, nil
	}
	return string(lit.Rune), lit.Flags&syntax.FoldCase != 0, tail
}

// end returns where the match of tail id ends that starts at e in line
// (the leftmost-first one; with first, the first end seen, enough to
// know there is one), -1 when there is none. An empty tail (-1 for none
// never comes here: a head's state has one) ends at e.
func (h *headed) end(id int32, line []byte, e int, first bool) int {
	t := h.tails[id]
	if t.auto == nil {
		return e
	}
	if q, ok := t.at.MatchEnd(line, e, first); ok {
		return q
	}
	// The cache thrashed: the program's NFA, whose leftmost match
	// starts at e when any does.
	if s, q := t.auto.PikeFind(line, e); s == e {
		return q
	}
	return -1
}

func (h *headed) Engine() string {
	return fmt.Sprintf("aho-corasick heads (%d automata), %d lazy DFA tails", len(h.parts), len(h.tails))
}

func (h *headed) MinLen() int { return h.min }

// Next returns the first line that either automaton finds. Under uni a
// block is read a line at a time, through transcripts, only where its
// bytes read as they are could miss a match of a head that folds case
// (see spelling): the tails read UTF-8's characters wherever they are
// run from.
func (h *headed) Next(text []byte) (int, int, error) {
	if h.uni && h.folds && (!h.asciiHeads || foldsIntoASCII(text)) {
		s, e := base.FirstLine(text, h.matches)
		return s, e, nil
	}
	if len(h.parts) == 0 {
		return -1, -1, nil
	}
	s, e, _ := h.parts[0].Next(text)
	if len(h.parts) > 1 {
		lim := text
		if s >= 0 {
			lim = text[:e]
		}
		if s2, e2, _ := h.parts[1].Next(lim); s2 >= 0 {
			s, e = s2, e2
		}
	}
	return s, e, nil
}

// matches says whether line holds a match.
func (h *headed) matches(line []byte) bool {
	t := h.spelling(line)
	if t != nil {
		defer h.spelts.put(t)
	}
	p, _ := h.findAt(line, 0, t)
	return p >= 0
}

// spelling returns line's transcript for the automaton of the heads that
// fold case (see ahoFolded), nil where none is needed: not under uni, no
// head folds, or the heads are ASCII and the line holds neither of the
// two characters beyond ASCII that fold into ASCII's letters (the Kelvin
// sign, the long s), so that its bytes, read as they are, match the
// heads where its transcript would. Put the transcript back to spelts.
func (h *headed) spelling(line []byte) *spelt {
	if !h.uni || !h.folds || h.asciiHeads && !foldsIntoASCII(line) {
		return nil
	}
	return h.spelts.get(line)
}

// foldsIntoASCII says whether line holds a character beyond ASCII that
// folds into an ASCII letter: the Kelvin sign or the long s.
func foldsIntoASCII(line []byte) bool {
	return bytes.Contains(line, []byte(string(base.Kelvin))) || bytes.Contains(line, []byte(string(base.LongS)))
}

// findAt returns the leftmost match in line from i, the longest of those
// that start there. t is line's transcript (spelling), or nil where the
// line is read as it is.
func (h *headed) findAt(line []byte, i int, t *spelt) (int, int) {
	p, q := -1, -1
	for _, a := range h.parts {
		s, e := a.findIn(line, i, t)
		if s >= 0 && (p < 0 || s < p || s == p && e > q) {
			p, q = s, e
		}
	}
	return p, q
}

// Each gives the leftmost match, the longest of those that start there,
// then goes on after it, as grep -o with several patterns.
func (h *headed) Each(line []byte, fn func(int, int)) error {
	t := h.spelling(line)
	if t != nil {
		defer h.spelts.put(t)
	}
	for i := 0; i < len(line); {
		p, q := h.findAt(line, i, t)
		if p < 0 {
			break
		}
		if q > p {
			fn(p, q)
			i = q
		} else {
			// An empty match: a tail that may be empty after a head
			// that is not never makes one, but step on all the same.
			i = p + 1
		}
	}
	return nil
}
