package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The many-pattern scenarios of -patterns search a tree for a list of
// patterns given as -f FILE: fixed strings (-F) and regexes made from a
// sample of the tree's own identifiers, so that every pattern occurs in
// the bytes searched and the matcher's work is that of real code, not of
// made-up words no line holds.

// listSeed seeds the sample (the number): the same tree always
// gives the same lists, on every machine, so a figure can be reproduced
// with the file it was measured with (-wordlist N -o FILE writes it).
const listSeed = 26

const (
	// maxIdentifiers bounds the distinct identifiers collected, so that a
	// tree of many gigabytes (the mix corpus's /usr/lib) cannot fill memory;
	// past it the walk stops, and the sample is drawn from the files walked
	// first (in lexical order, so still the same on every run).
	maxIdentifiers = 1 << 20
	// maxIdentifierLen leaves out longer tokens: they are data (base64,
	// hex dumps, a line of one letter repeated), not names, and no list of
	// words a user greps for holds them.
	maxIdentifierLen = 64
	// identifierReadLimit is how much of each file is read for identifiers:
	// the words must occur in the tree, not all of its words be seen, and
	// a large file would otherwise dominate the scan's time.
	identifierReadLimit = 1 << 20
)

// patternList is a list scenario's patterns: a file of them, one a line,
// given to every search line as -f FILE in place of -e PATTERN.
type patternList struct {
	n    int                      // patterns in the list: the first n words of the sample
	stem string                   // the file's name before "-N.txt"
	line func(word string) string // the pattern made of a word; nil for the word itself
	// ere says the regexes mean the same to GNU grep -E as to a Perl
	// engine. grep -P takes a single pattern, so grep runs a regex list
	// as ERE or not at all.
	ere  bool
	file string // where the list is written, once it is
}

// regexShape is one kind of regex list, each pattern a word of the sample
// and a tail that no literal search can confirm.
type regexShape struct {
	label string // the shape, with WORD for the word
	stem  string
	line  func(word string) string
	ere   bool
}

var regexShapes = []regexShape{
	// GNU ERE's \w is [_[:alnum:]], which in the C locale is Perl's \w.
	{`WORD\w*[0-9]`, "regex-digits", func(w string) string { return w + `\w*[0-9]` }, true},
	// ERE has neither (?i) nor \d.
	{`(?i)WORD\s+\d+`, "regex-icase", func(w string) string { return `(?i)` + w + `\s+\d+` }, false},
}

// regexListSizes are the regex lists' lengths. At 10,000, ripgrep refuses
// the list (the compiled regex passes its default size limit, after a
// long try) and ugrep's and rg -P's PCRE2 find it too large: the
// output check leaves them out with that reason, and urg is timed against
// grep -E where grep takes the list.
var regexListSizes = []int{100, 1000, 10000}

// wordListScenarios are the fixed-string lists: three lengths counted,
// and the middle one with -i, -w, and -o (whose output every line must
// also agree on, match for match).
var wordListScenarios = []struct {
	n       int
	variant string
	flags   []string
}{
	{1000, "", []string{"-F", "-c"}},
	{10000, "", []string{"-F", "-c"}},
	{100000, "", []string{"-F", "-c"}},
	{10000, "-i", []string{"-F", "-c", "-i"}},
	{10000, "-w", []string{"-F", "-c", "-w"}},
	{10000, "-o", []string{"-F", "-o"}},
}

// listSpecs are the list scenarios before their files are written.
func listSpecs() []scenario {
	var scs []scenario
	for _, s := range wordListScenarios {
		name := thousands(int64(s.n)) + " words"
		if s.variant != "" {
			name += ", " + s.variant
		}
		scs = append(scs, scenario{name, "", s.flags, &patternList{n: s.n, stem: "words"}})
	}
	for _, sh := range regexShapes {
		for _, n := range regexListSizes {
			scs = append(scs, scenario{thousands(int64(n)) + " regexes " + sh.label, "", []string{"-c"},
				&patternList{n: n, stem: sh.stem, line: sh.line, ere: sh.ere}})
		}
	}
	return scs
}

// listScenarios are -patterns' list scenarios for tree c, with their files
// written under DIR/lists/NAME (rewritten every run from the tree as it is
// now; the same tree gives the same bytes). Only the scenarios -only and
// -cold-scenarios select are made, and the tree is read only if there is
// one. A list longer than the tree has distinct identifiers is skipped,
// with the reason printed and returned.
func listScenarios(o *options, c *corpus, w io.Writer) (scs []scenario, skipped []string, err error) {
	specs := slices.DeleteFunc(listSpecs(), func(sc scenario) bool {
		return !slices.ContainsFunc(o.cache, func(cache string) bool { return selected(o, sc, cache) })
	})
	if len(specs) == 0 {
		return nil, nil, nil
	}
	ids, err := treeIdentifiers(c.Path)
	if err != nil {
		return nil, nil, fmt.Errorf("corpus %s: identifiers: %w", c.Name, err)
	}
	dir := filepath.Join(o.dir, "lists", c.Name)
	written := map[string]bool{}
	for _, sc := range specs {
		l := sc.list
		if len(ids) < l.n {
			why := fmt.Sprintf("%s: %q skipped: the tree has %s distinct identifiers, not %s",
				c.Name, sc.name, thousands(int64(len(ids))), thousands(int64(l.n)))
			fmt.Fprintln(w, why)
			skipped = append(skipped, why)
			continue
		}
		l.file = filepath.Join(dir, fmt.Sprintf("%s-%d.txt", l.stem, l.n))
		if !written[l.file] {
			if err := writeFileAtomic(l.file, listFile(sampleWords(ids, l.n), l.line)); err != nil {
				return nil, nil, err
			}
			written[l.file] = true
		}
		scs = append(scs, sc)
	}
	fmt.Fprintf(w, "pattern lists of %s (%s distinct identifiers, seed %d): %s\n",
		c.Name, thousands(int64(len(ids))), listSeed, dir)
	return scs, skipped, nil
}

// treeIdentifiers lists, sorted, the distinct tokens of the tree's regular
// files (links are not followed, as grep -r walks) that match
// [A-Za-z_][A-Za-z0-9_]{3,}, as grep -o would find them, up to
// maxIdentifierLen bytes long. Sorted, they do not depend on the order the
// walk met them in. Files that cannot be read are passed over: the list
// needs words that occur, not every file.
func treeIdentifiers(root string) ([]string, error) {
	set := map[string]struct{}{}
	buf := make([]byte, identifierReadLimit)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		n, _ := io.ReadFull(f, buf)
		f.Close()
		b := buf[:n]
		for n == len(buf) && len(b) > 0 && isWordByte(b[len(b)-1]) {
			b = b[:len(b)-1] // the read cut the file: a token at the cut may go on
		}
		addIdentifiers(set, b)
		if len(set) >= maxIdentifiers {
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(set)), nil
}

// addIdentifiers adds b's identifiers to set: each maximal run of word
// bytes less its leading digits, when 4 to maxIdentifierLen bytes remain.
func addIdentifiers(set map[string]struct{}, b []byte) {
	for i := 0; i < len(b); {
		if !isWordByte(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && isWordByte(b[j]) {
			j++
		}
		k := i
		for k < j && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		if n := j - k; n >= 4 && n <= maxIdentifierLen && len(set) < maxIdentifiers {
			set[string(b[k:j])] = struct{}{}
		}
		i = j
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// sampleWords draws n of the sorted distinct ids: the first n steps of a
// Fisher-Yates shuffle seeded with listSeed, so that a shorter list is the
// start of a longer one's draw (the 1,000 words are among the 10,000).
// They are returned longest first, then in byte order: ripgrep finds the
// leftmost match first listed, grep the leftmost longest, and with every
// word listed before the words it starts with the two agree, so that -o's
// outputs can be compared.
func sampleWords(ids []string, n int) []string {
	n = min(n, len(ids))
	pool := slices.Clone(ids)
	rng := rand.New(rand.NewPCG(listSeed, 0))
	for i := range n {
		j := i + rng.IntN(len(pool)-i)
		pool[i], pool[j] = pool[j], pool[i]
	}
	words := pool[:n]
	slices.SortFunc(words, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return words
}

// listFile is the file of a list: each word made a pattern by line (nil:
// the word itself), one a line.
func listFile(words []string, line func(string) string) []byte {
	var b bytes.Buffer
	for _, w := range words {
		if line != nil {
			w = line(w)
		}
		b.WriteString(w)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// lineFor is tool line t as it runs list scenario sc, or the reason it
// cannot. Each line gets the list as -f FILE, and the flags that make it
// do the work of the others:
//
//   - grep: -P goes, as GNU grep -P takes a single pattern and refuses -F:
//     the scenario's -F names the dialect for words, -E for regexes that
//     mean the same in ERE; other regex lists leave grep out.
//   - ugrep: -P goes for words, so that it matches them as strings, as
//     grep -F and rg -F do, not as one PCRE2 alternation; with -o,
//     --separator=: makes it print a line's later matches as path:match,
//     not path+match.
//   - rg: with -c, --include-zero prints the count of a file with no
//     match, as grep and urg do, where rg prints nothing.
//   - ag has no pattern file (its -f is --follow).
func (sc scenario) lineFor(t tool) (tool, string) {
	fixed := slices.Contains(sc.flags, "-F")
	argv := slices.Clone(t.Argv)
	withoutP := func() []string { return slices.DeleteFunc(argv, func(a string) bool { return a == "-P" }) }
	switch t.Family {
	case "ag":
		return t, "ag takes no pattern file (its -f is --follow)"
	case "grep":
		switch {
		case fixed:
			argv = withoutP()
		case sc.list.ere:
			argv = append(withoutP(), "-E")
		default:
			return t, "GNU grep -P takes a single pattern, and these regexes are not ERE"
		}
	case "ugrep":
		if fixed {
			argv = withoutP()
		}
		if slices.Contains(sc.flags, "-o") {
			argv = append(argv, "--separator=:")
		}
	case "rg":
		if slices.Contains(sc.flags, "-c") {
			argv = append(argv, "--include-zero")
		}
	}
	t.Argv, t.patternFile = argv, sc.list.file
	return t, ""
}

// writeWordList is -wordlist N -o FILE: the list of N words a -patterns run
// gives the first corpus (-corpus PATH, or the first of -corpora, built if
// it is not there yet), byte for byte, for reproducing a figure elsewhere.
func writeWordList(o *options, log io.Writer) error {
	c, err := prepareCorpus(o, o.corpora[0], log)
	if err != nil {
		return err
	}
	ids, err := treeIdentifiers(c.Path)
	if err != nil {
		return err
	}
	if len(ids) < o.wordList {
		return fmt.Errorf("-wordlist %d: %s has %s distinct identifiers", o.wordList, c.Path, thousands(int64(len(ids))))
	}
	if err := writeFileAtomic(o.listOut, listFile(sampleWords(ids, o.wordList), nil)); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s words of %s (seed %d, of %s distinct identifiers) written to %s\n",
		thousands(int64(o.wordList)), c.Path, listSeed, thousands(int64(len(ids))), o.listOut)
	return nil
}
