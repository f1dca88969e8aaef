package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestManyFixedStrings compares urg -F -f WORDS with GNU grep -F -f WORDS
// under LC_ALL=C and LC_ALL=C.UTF-8, for lists of one word to 5,000. Past
// Teddy's 64 strings urg scans for all the words at once (an
// Aho-Corasick automaton, where the joined alternation slowed down far
// faster than the list grew), and the lists and text are built to trip
// such a scan: prefixes of one another, a word the suffix or the middle
// of another, duplicates, metacharacters, words of one character,
// capitals for -i, letters beyond ASCII, and longer words glued to a
// letter where -w must fall back to a shorter one or to a later place.
// Where -w meets -o the lists are cut down around two bugs of GNU grep
// (manyAround); everywhere else grep has the whole list.
func TestManyFixedStrings(t *testing.T) {
	files := map[string]string{}
	lists := make([][]string, len(manyLists))
	for i, l := range manyLists {
		rng := manyRand(l.n)
		words := manyWords(rng, l.n, l.uni)
		lists[i] = words
		files[manyName("words", l.n)] = strings.Join(words, "\n") + "\n"
		for _, f := range manyFlags {
			for _, uni := range []bool{false, true} {
				if name, kept := manyAround(words, f.args, uni); name != "" && len(kept) > 0 {
					files[manyName(name, l.n)] = strings.Join(kept, "\n") + "\n"
				}
			}
		}
		files[manyName("text", l.n)] = manyText(rng, words, 3000)
		// A second file for -l, made of other words: some lists match
		// in it, some do not.
		others := []string{manyLetters(rng, 3), manyLetters(rng, 4), manyLetters(rng, 5)}
		files[manyName("other", l.n)] = manyText(rng, others, 10)
	}
	inLocales(t, files, func(grep, root string, env []string, _ bool) {
		uni := strings.HasSuffix(env[0], "UTF-8")
		for i, l := range manyLists {
			for _, f := range manyFlags {
				if l.n > f.max {
					continue
				}
				t.Run(fmt.Sprintf("%s/%d/%s", env[0], l.n, strings.Join(f.args, "")), func(t *testing.T) {
					t.Parallel()
					list, n := manyName("words", l.n), l.n
					if name, kept := manyAround(lists[i], f.args, uni); name != "" {
						// A list that lost words and kept fewer than two
						// tells nothing a shorter list does not.
						if len(kept) < 2 && len(kept) < len(lists[i]) {
							t.Skipf("%s %q: %d of %d words left once those GNU grep gets wrong are left out (manyAround)",
								env[0], f.args, len(kept), len(lists[i]))
						}
						list, n = manyName(name, l.n), len(kept)
					}
					args := append(slices.Clone(f.args), "-a", "-F", "-f", list, manyName("text", l.n))
					if slices.Contains(f.args, "-l") {
						args = append(args, manyName("other", l.n))
					}
					want := runCtx(t, root, nil, env, grep, args...)
					got := runCtx(t, root, nil, env, urgBin, args...)
					if got.stdout != want.stdout || got.code != want.code {
						t.Errorf("%s urg %q (%d words, seed PCG(%d, %d)): status %d, grep's %d (stderr %q)\n%s",
							env[0], args, n, manySeed, l.n, got.code, want.code, truncate(got.stderr),
							firstDiff(want.stdout, got.stdout))
					}
				})
			}
		}
	})
}

// manySeed seeds every list and text of TestManyFixedStrings, each list
// size drawing its own stream (manyRand).
const manySeed = 26

// manyLists are the list sizes, either side of Teddy's 64 strings up to
// automata of thousands of states; uni lists hold words with letters
// beyond ASCII (é, ß, Ω), the others ASCII only.
var manyLists = []struct {
	n   int
	uni bool
}{{1, false}, {2, false}, {10, true}, {64, false}, {65, true}, {100, false}, {1000, true}, {5000, false}}

// manyFlags are the option sets compared, each with the longest list it
// runs with: all of them up to 100 words, a selection past that, where
// grep's own time grows (its -w, and its -i under UTF-8, go to its regex
// matcher, which takes seconds over the 5,000 words). -l is given a
// second, short file. -w -c compares the lines -w selects over the whole
// list of every size, which -w -o, given a part of it (manyAround), no
// longer does.
var manyFlags = []struct {
	args []string
	max  int
}{
	{[]string{"-c"}, 5000},
	{[]string{"-o"}, 5000},
	{[]string{"-n"}, 100},
	{[]string{"-w"}, 100},
	{[]string{"-w", "-c"}, 5000},
	{[]string{"-w", "-o"}, 5000},
	{[]string{"-i"}, 100},
	{[]string{"-i", "-o"}, 5000},
	{[]string{"-x"}, 100},
	{[]string{"-x", "-c"}, 5000},
	{[]string{"-v", "-c"}, 5000},
	{[]string{"-w", "-i", "-o"}, 1000},
	{[]string{"-b", "-o"}, 100},
	{[]string{"-l"}, 5000},
}

// manyAround returns, for the flags args in the locale (uni: C.UTF-8,
// else C), the name of a list cut down from words and what it keeps, or
// "" where grep is given the whole list. GNU grep 3.8 prints wrong -w -o
// matches in two ways, which no list can agree with, so where -w meets
// -o grep and urg are given only the words that cannot meet them:
//
//   - A: after an -o match that ends in a word character, grep takes the
//     next place for a line's start, where -w finds no word character
//     before it, and prints a word that begins with a non-word character
//     right after the match: words k and [d, line "k[d", -w -o, grep
//     prints k and [d, where [d is glued to the k and only k is right
//     (grep -P -w prints k alone). Words that begin and end with word
//     characters (letters, digits, underscore; under C.UTF-8 letters
//     beyond ASCII too) never meet it: their match cannot begin right
//     after a word character's end.
//   - B: under C.UTF-8 with -i, a list with i, k or s in either case goes
//     to grep's regex matcher (those letters fold to characters beyond
//     ASCII: the dotless and dotted I, the Kelvin sign, the long s), and
//     there, after an earlier match on the line, grep no longer falls
//     back to a shorter word at the same place when the longer one is
//     glued to a letter: words h|i, xx and h, line "xx h|ic", -w -i -o,
//     grep prints xx alone, where xx and h are right. -w -i -o under
//     C.UTF-8 leaves those words out as well.
//
// The lines -w selects (-w, -w -c) are not touched by either, and are
// compared over the whole list.
func manyAround(words, args []string, uni bool) (string, []string) {
	if !slices.Contains(args, "-w") || !slices.Contains(args, "-o") {
		return "", nil
	}
	iks := uni && slices.Contains(args, "-i")
	name := "words-edge"
	if uni {
		name += "-utf8"
	}
	if iks {
		name += "-iks"
	}
	var kept []string
	for _, w := range words {
		first, last := rune(w[0]), rune(w[len(w)-1])
		if uni {
			first, _ = utf8.DecodeRuneInString(w)
			last, _ = utf8.DecodeLastRuneInString(w)
		}
		if !manyWordChar(first, uni) || !manyWordChar(last, uni) || iks && strings.ContainsAny(w, "iksIKS") {
			continue
		}
		kept = append(kept, w)
	}
	return name, kept
}

// manyWordChar reports whether r is a word character for -w: a letter,
// digit or underscore, beyond ASCII only under UTF-8 (uni).
func manyWordChar(r rune, uni bool) bool {
	if r >= utf8.RuneSelf && !uni {
		return false
	}
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// manyCore are the words every list of two or more begins with, as many as
// half the list holds: "foo" a prefix of "foobar" (which -w must give up
// for "foo" where "foobar" is glued to a letter), "bc" a suffix and "cd"
// a middle of "abcd", and grep's metacharacters, which -F reads as
// themselves.
var manyCore = []string{"foo", "foobar", "abcd", "bc", "abc", "abcde", "cd", "a.b", "x*y", "(c", "[d", `\e`, "$f",
	"^g", "h|i", "j+", "k?", "id_42", "Zed"}

// manyMeta are the metacharacters put inside random words.
const manyMeta = `.*([\$^|+?`

// manyUni are the letters beyond ASCII in words: é and Ω have one other
// case each, of the same length (É, ω), and ß none that the text holds.
// Neither the text nor the words hold a character whose folding crosses
// byte lengths or differs between grep's and Unicode's simple one (which
// urg follows): the Kelvin sign, the long s, the dotless i, the capital
// sharp s, the angstrom and ohm signs.
var manyUni = []string{"é", "ß", "Ω"}

// manyUniText are the tokens of the text beyond ASCII.
var manyUniText = []string{"é", "É", "ß", "Ω", "ω", "日本", "ü", "café", "CAFÉ", "Straße", "日本語", "Ωmega"}

// manyGlue are the word characters glued to words in the text (é only
// under UTF-8), and manySep what stands between tokens.
var (
	manyGlue = []string{"x", "_", "7", "é", "Z"}
	manySep  = []string{" ", " ", " ", " ", " ", "", "", "\t", ",", ".", "-", "(", ") "}
)

// manyRand is the random stream of the list of n words.
func manyRand(n int) *rand.Rand { return rand.New(rand.NewPCG(manySeed, uint64(n))) }

// manyName is the name of the list of n words' file of the given kind.
func manyName(kind string, n int) string { return kind + strconv.Itoa(n) }

// manyWords returns n words drawn by rng: manyCore's first ones, then
// random letters, longer and shorter forms of the words already drawn,
// duplicates, metacharacters, digits and underscores, capitals, a few
// words of one character and, where uni, letters beyond ASCII. None is
// empty.
func manyWords(rng *rand.Rand, n int, uni bool) []string {
	var words []string
	if n >= 2 {
		words = slices.Clone(manyCore[:min(len(manyCore), max(n/2, 2))])
	}
	for len(words) < n {
		words = append(words, manyWord(rng, words, n, uni))
	}
	return words
}

// manyWord draws the next word of a list of n, given the words drawn so
// far (have); random letters unless a kind below is drawn.
func manyWord(rng *rand.Rand, have []string, n int, uni bool) string {
	short := 1
	if n > 100 {
		short = 3 // short words of long lists would match everywhere
	}
	if len(have) == 0 {
		return manyLetters(rng, 3+rng.IntN(6)) // the one word of a list of one
	}
	letters := manyLetters(rng, short+rng.IntN(8))
	some := have[rng.IntN(len(have))]
	at := rng.IntN(len(letters) + 1)
	switch k := rng.IntN(12); {
	case k == 4: // a longer form
		return some + manyLetters(rng, 1+rng.IntN(3))
	case k == 5: // a prefix, a suffix or a middle
		return manyPart(rng, some, short)
	case k == 6:
		return some
	case k == 7:
		return letters[:at] + string(manyMeta[rng.IntN(len(manyMeta))]) + letters[at:]
	case k == 8 && rng.IntN(len(have)) < 4: // a few per list
		one := []string{"q", "z", "_", "7", ".", `\`, "^"}
		if uni {
			one = append(one, "é")
		}
		return one[rng.IntN(len(one))]
	case k == 9:
		return manyLetters(rng, 1+rng.IntN(4)) + "_" + strconv.Itoa(rng.IntN(1000))
	case k == 10:
		if rng.IntN(2) == 0 {
			return strings.ToUpper(letters)
		}
		return strings.ToUpper(letters[:1]) + letters[1:]
	case k == 11 && uni:
		return letters[:at] + manyUni[rng.IntN(len(manyUni))] + letters[at:]
	}
	return letters
}

// manyLetters is k random lower-case letters, half of them of the first
// six, so that words share prefixes and parts.
func manyLetters(rng *rand.Rand, k int) string {
	b := make([]byte, k)
	for i := range b {
		if rng.IntN(2) == 0 {
			b[i] = 'a' + byte(rng.IntN(6))
		} else {
			b[i] = 'a' + byte(rng.IntN(26))
		}
	}
	return string(b)
}

// manyPart is a part of w of at least short characters (all of w when it
// is no longer), cut at characters, not bytes.
func manyPart(rng *rand.Rand, w string, short int) string {
	r := []rune(w)
	if len(r) <= short {
		return w
	}
	i := rng.IntN(len(r) - short + 1)
	j := i + short + rng.IntN(len(r)-i-short+1)
	return string(r[i:j])
}

// manyText returns lines drawn by rng from words: lines of tokens
// (manyToken) and separators, and among them empty lines, lines that are
// one word whole (for -x), and lines where a word that is a prefix of
// another comes alone after the longer one glued to a letter (for -w).
func manyText(rng *rand.Rand, words []string, lines int) string {
	sorted := slices.Sorted(slices.Values(words))
	var b strings.Builder
	for range lines {
		switch rng.IntN(40) {
		case 0:
		case 1:
			b.WriteString(words[rng.IntN(len(words))])
		case 2:
			i := rng.IntN(len(sorted))
			short, long := sorted[i], sorted[i]
			for _, w := range sorted[i+1:] {
				if w == short {
					continue
				}
				if strings.HasPrefix(w, short) {
					long = w
				}
				break
			}
			b.WriteString(long + "x " + short)
		default:
			for j := range 1 + rng.IntN(12) {
				if j > 0 {
					b.WriteString(manySep[rng.IntN(len(manySep))])
				}
				b.WriteString(manyToken(rng, words))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// manyToken is one token of the text: a word as it is, in other cases,
// cut short or glued to word characters; random letters, digits,
// punctuation; letters beyond ASCII; now and then a byte that is not
// UTF-8.
func manyToken(rng *rand.Rand, words []string) string {
	w := words[rng.IntN(len(words))]
	switch k := rng.IntN(20); {
	case k < 7:
		return w
	case k < 9:
		return manyFlip(rng, w)
	case k < 11:
		return manyPart(rng, w, 1)
	case k < 14:
		return manyLetters(rng, 1+rng.IntN(8))
	case k == 14:
		const punct = `.,;:!?-()[]{}*+$^|\/"'<>=&%@`
		i := rng.IntN(len(punct) - 1)
		return punct[i : i+1+rng.IntN(2)]
	case k == 15:
		return strconv.Itoa(rng.IntN(10000)) + []string{"", "_", "_x"}[rng.IntN(3)]
	case k == 16:
		return manyUniText[rng.IntN(len(manyUniText))]
	case k == 17:
		g := manyGlue[rng.IntN(len(manyGlue))]
		return []string{g + w, w + g, g + w + g}[rng.IntN(3)]
	case k == 18 && rng.IntN(8) == 0:
		return []string{"\xff", w + "\xff", "\xff" + w}[rng.IntN(3)]
	}
	return w + manyPart(rng, words[rng.IntN(len(words))], 1)
}

// manyFlip is w with each letter of two cases (ASCII, é, Ω) flipped or
// kept at random.
func manyFlip(rng *rand.Rand, w string) string {
	flip := map[rune]rune{'é': 'É', 'É': 'é', 'Ω': 'ω', 'ω': 'Ω'}
	var b strings.Builder
	for _, r := range w {
		if rng.IntN(2) == 0 {
			switch {
			case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
				r ^= 0x20
			case flip[r] != 0:
				r = flip[r]
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}
