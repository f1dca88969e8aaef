package match

import "strings"

// fuzzSeed is one input of FuzzMatcher's seed corpus; flags are its bits
// (1 -i, 2 -w, 4 -x, 8 -F, 16 UTF-8, 32 many patterns).
type fuzzSeed struct {
	pattern, text string
	flags         uint8
}

// fuzzMatcherSeeds is FuzzMatcher's seed corpus, in two lists to keep
// each function short.
func fuzzMatcherSeeds() []fuzzSeed {
	return append(fuzzMatcherSeedsC(), fuzzMatcherSeedsUTF8()...)
}

func fuzzMatcherSeedsC() []fuzzSeed {
	return []fuzzSeed{
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
	}
}

func fuzzMatcherSeedsUTF8() []fuzzSeed {
	return []fuzzSeed{
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
		// The locale's rule: bytes in the C locale, characters under
		// UTF-8 where a byte that is not UTF-8 matches nothing.
		{`é?x`, "x\n\xc3x\néx\n\xe9x", 0},
		{`a.b|[^ ]{3}`, "a\u263ab\na\xffb\n\xe2\x98\xba", 0},
		{`a.b|[^ ]{3}`, "a\u263ab\na\xffb\n\xe2\x98\xba", 16},
		{`^|caf.$`, "caf\xe9\n\x80x\n\xc3\ncafé", 16},
		{`\xe9+`, "\xe9\xe9\n\xc9\né", 1},
		{`s`, "\u017f\nS", 17},
		{"a.b\né+", "a\u263ab aéb\néé\n\xe9\xe9 a\xffb", 0},
		{"a.b\né+", "a\u263ab aéb\néé\n\xe9\xe9 a\xffb", 16},
		{"caf.\n[^ ]{2}", "caf\xe9 café\nab \xff\xfe", 17},
		// Many (flag 32): words, and regexes that begin with literals.
		{"abcd\nbc\nab\nfoo", "xabcdx\nfoobar foo\nab bc", 32},
		{"abcd\nbc\nab\nfoo", "xabcdx\nfoobar foo\nab bc", 34},
		{"abcd\nbc\nab\nfoo", "abcd\nfoo\nFOO\n foo", 45},
		{"stra\u00dfe\nk", "STRASSE stra\u00dfe\n\u212a\nK", 49},
		{"foo\\w*[0-9]\n(?i)bar\\s+\\d+", "foox1 BAR 12\nfoo bar\nbar 3", 32},
		{"foo\\w*[0-9]\n(?i)bar\\s+\\d+", "fooé1 BAR 12\nfoo bar\n\u00e9bar 3", 48},
	}
}
