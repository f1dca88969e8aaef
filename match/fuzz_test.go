package match

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// FuzzMatcher checks every fast path (the literal matcher, the literal
// prefilters, the alternation scan, blocks of many lines at once, the
// line-anchored confirmation) against the plain regex run on one line at a
// time: the same lines must be selected, and on each the same matches
// found for -o (but under -w, which finds them with the backtracking
// engine). Run it long with
//
//	go test ./match -run '^$' -fuzz FuzzMatcher -fuzztime 10m
//
// make test runs it for a few seconds; inputs it ever failed on are kept
// in testdata/fuzz/FuzzMatcher and run by every go test.
func FuzzMatcher(f *testing.F) {
	for _, seed := range []struct {
		pattern, text string
		flags         uint8
	}{
		{"absent", "a line\nanother line", 0},
		{"Error(", "x := fooError(1)\nError\nbarError(\n", 0},
		{`\w+Error\(`, "x := fooError(1)\nError(\nbar_Error(x)", 0},
		{`[A-Z]\w*Error\(x+`, "NewError(x\nnewError(x FooError(xx\nFooéError(x", 0},
		{"copyright", "Copyright 2009\nCOPYRIGHT\ncopy right\nxcopyrightx", 1},
		{"copyright", "Copyright 2009\nCOPYRIGHT\ncopy right\nxcopyrightx", 0},
		{"word", "word\nswordfish\nword_\n(word)\nwords word", 2},
		{`panic|fatal|deadline|unreachable|todo`, "panic(x)\nlog.Fatal\nDEADLINE\nreach\ntodo", 1},
		{`(panic|fatal)`, "panic(x)\nfatalf\nfa\ntal", 2},
		// Texts past 34 bytes, for teddy's and the pairs' vector scans.
		{`case|cap|chan|const|continue|default|defer|go|goto`, strings.Repeat("x cas ca c\n", 5) + "default:\n\tgoto L\nCASE chan", 1},
		{`(x|y)z|[ab]c`, strings.Repeat("xy ab ", 8) + "yz\nbc\nxZ", 0},
		{`(?i:abc)X|(?i:def)Y|(?i:ghi)Z`, strings.Repeat("ABCx DEFy ", 5) + "\nabcX\nGHIz ghiZ", 0},
		{"line", "line\n line\nline \nline", 4},
		{`a.b`, "a\nb\naxb\na\u00e9b", 0},
		{`^\s+//`, "\t// c\n  //x\nx // y\n//", 0},
		{`^\s*//\s*\w+$`, "// ok\n  //ok x\n x//y\n//", 0},
		{`^ +<`, "  <a>\n<b>\n x <\n" + strings.Repeat(" ", 70) + "<c\n\t<d", 0},
		{`\s{2,}$`, "a  \nb \n\t\t\n\n  x\n \r", 0},
		{`^\s*\[x`, "[x\n  [x]\n y [x\n" + strings.Repeat("\t", 90) + "[x\n", 0},
		{`\b[A-Z][A-Z0-9_]{3,}\b`, "x := MAX_LEN\nxMAXLEN\nAB CD\nABCD\xe9", 0},
		{`[0-9a-f]{8}`, "deadbeef\ndeadbee\n0123456789abcdef", 4},
		{`[a-z]+ing\b`, "string thing\nsing\ninGing", 1},
		{`(?<=x)y`, "xy\nyx\nxxyy", 0},
		{`\w+(?=Err\()`, "fooErr(\nErr(\nx Err(", 0},
		{`(?<=\$)\w+(?=\))`, "$(foo)\n$foo)\n(foo)", 1},
		{`(?<!a)b(?!c)`, "ab\nb\ncbc\ndb", 0},
		{`(foo)\1`, "foofoo\nfoo foo", 2},
		{"a+b", "a+b\naab", 8},
		{"x\ny", "x\ny\nz", 0},
		{`\Aab$`, "ab\nab\nabc", 0},
		{"\xff\xfe", "\xff\xfe\n\xfe\xff\xfe", 0},
		{`K`, "\u212a\nk\nK", 1},
		{"", "\n\nx", 2},
		// Several patterns, of both engines.
		{"(a)\\1\nb+", "aa\nb\nab\nxyz", 0},
		{"(?<=x)y\nfoo\n(?x) z # c", "xy\nfoo\nyz\nz", 2},
		{"ab\nabc\nbcd", "abcd\nab\nbc", 9},
		// Under UTF-8 (flag 16): Unicode word characters and letters.
		{`r\w`, "Perú\nrx\nr_", 16},
		{`.\b`, "Perú\néa ü\n\xffa", 16},
		{`[[:alpha:]]+`, "éa ü\n12\nΣίσυφος", 16},
		{"a", "xéx éa\na\néa", 26},
		{`\w+`, "naïve café\n\xe9t\xe9", 18},
		// Lines of ASCII decided in the C locale, the others under
		// UTF-8, past the split's first window.
		{`\b[A-Z][A-Z0-9_]{3,}\b`, strings.Repeat("x := MAX_LEN\n", 90) + "ÉCOLE_X\n" + strings.Repeat("y", 1100) + "MAXÉ\nAB_CD", 16},
		{`\w+Error\(`, strings.Repeat("fooError(\n", 120) + "éError(\nxError(é", 16},
		{`a.`, strings.Repeat("ab ", 400) + "\néa ab\naé", 18},
		// Bytes that are not UTF-8 match themselves alone under UTF-8.
		{"\x80", "\xd2", 26},
		{"00\xe1", "00\xc3 ", 26},
		{"(?<=a)\\\xff|b(?=\xfe)", "a\xff\nb\xfe\na\xfe\nb\xff", 16},
		{`(?<=a)[^\x{FFFD}]`, "a\xff\naé\na\uFFFD", 16},
	} {
		f.Add(seed.pattern, seed.text, seed.flags)
	}
	f.Fuzz(func(t *testing.T, pattern, text string, flags uint8) {
		if len(pattern) > 64 || len(text) > 4096 {
			return
		}
		// A hang is a failure too: the fuzzer keeps the input that
		// killed its worker.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("FuzzMatcher stuck on pattern %q, text %q, flags %d", pattern, text, flags))
			}
		}()
		o := Options{IgnoreCase: flags&1 != 0, Word: flags&2 != 0, Line: flags&4 != 0, Fixed: flags&8 != 0,
			UTF8:    flags&16 != 0,
			Timeout: 50 * time.Millisecond}
		m, err := Compile([]string{pattern}, o)
		if err != nil {
			return // an invalid pattern is the parser's business, not this one's
		}
		ref, err := newReference(pattern, o)
		if err != nil {
			t.Fatalf("Compile(%q, %+v) worked but the reference refused it: %v", pattern, o, err)
		}
		got, err := selected(m, []byte(text))
		if err != nil {
			return // a time limit met: nothing to compare
		}
		var want []int
		for i, line := range bytes.Split([]byte(text), []byte("\n")) {
			ok, err := ref.match(line)
			if err != nil {
				return
			}
			if ok {
				want = append(want, i)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("pattern %q, %+v, engine %s, text %q:\nselected lines %v, the plain regex selects %v",
				pattern, o, m.Engine(), text, got, want)
		}
		if ref.all == nil {
			return
		}
		lines := bytes.Split([]byte(text), []byte("\n"))
		for _, i := range got {
			var gotM, wantM [][2]int
			if err := m.Each(lines[i], func(s, e int) { gotM = append(gotM, [2]int{s, e}) }); err != nil {
				return
			}
			for _, loc := range ref.all.FindAllIndex(lines[i], -1) {
				if loc[1] > loc[0] {
					wantM = append(wantM, [2]int{loc[0], loc[1]})
				}
			}
			if !slices.Equal(gotM, wantM) {
				t.Fatalf("pattern %q, %+v, engine %s, line %q:\nmatches %v, the plain regex finds %v",
					pattern, o, m.Engine(), lines[i], gotM, wantM)
			}
		}
	})
}

// selected returns the numbers (from 0) of the lines of text that m
// selects, found by calling Next as the searcher does.
func selected(m Matcher, text []byte) ([]int, error) {
	var got []int
	line := 0
	for at := 0; at <= len(text); {
		s, e, err := m.Next(text[at:])
		if err != nil || s < 0 {
			return got, err
		}
		line += bytes.Count(text[at:at+s], []byte("\n"))
		got = append(got, line)
		line++
		at += e + 1
	}
	return got, nil
}

// reference is the plain regex for one line: Go's regexp compiled from the
// pattern as Compile rewrites it, with no literal, no prefilter and no
// block of lines; or the backtracking engine where Go's regexp cannot run
// the pattern, and under -w, whose semantics it defines. A pattern holding
// newlines is several, each its own reference: a line matches when one
// does.
type reference struct {
	one *regexp.Regexp // matches a line alone
	all *regexp.Regexp // the matches -o prints; nil under -w, for regexp2 and for several
	bt  *pcre
	any []*reference // the patterns, when several
}

func newReference(pattern string, o Options) (*reference, error) {
	if lines := strings.Split(pattern, "\n"); len(lines) > 1 {
		r := &reference{}
		for _, line := range lines {
			sub, err := newReference(line, o)
			if err != nil {
				return nil, err
			}
			r.any = append(r.any, sub)
		}
		return r, nil
	}
	p, err := parsePattern(0, pattern, o)
	if err != nil {
		return nil, err
	}
	src := p.src
	tree, err := lineTree(src, syntaxFlags(o))
	if err != nil {
		bt, err := newPCRE(src, o)
		if err != nil {
			return nil, err
		}
		return &reference{bt: bt}, nil
	}
	if o.Line {
		tree = wholeLine(tree)
	}
	src = textAnchored(tree).String()
	if o.Word {
		re, err := regexp.Compile(wordBoundedSrc(src, o.UTF8))
		if err != nil {
			return nil, fmt.Errorf("the rewritten pattern: %v", err)
		}
		return &reference{one: re}, nil
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, fmt.Errorf("the rewritten pattern: %v", err)
	}
	return &reference{one: re, all: re}, nil
}

func (r *reference) match(line []byte) (bool, error) {
	for _, sub := range r.any {
		if ok, err := sub.match(line); ok || err != nil {
			return ok, err
		}
	}
	if r.bt != nil {
		s, _, err := r.bt.Next(line)
		return s >= 0, err
	}
	return r.one != nil && r.one.Match(line), nil
}
