package main

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The locale's rule for bytes and characters, against grep -P -a in the
// same locale: in the C locale every byte is a character; under
// C.UTF-8 a UTF-8 sequence is one and a byte that is not UTF-8 matches
// nothing. The tree holds Latin-1, UTF-8 of two, three and four bytes,
// every kind of invalid sequence, and binary data.

// bytesTree is the corpus of the locale tests.
var bytesTree = map[string]string{
	"latin1.txt": "caf\xe9 na\xefve \xc9COLE \xe9cole r\xe9sum\xe9\n" +
		"Stra\xdfe gro\xdf \xfcber \xc4rger\n\xa9 2024 \xb5s \xbd\n",
	"utf8.txt": "café naïve ÉCOLE école résumé\nStraße groß über Ärger\n" +
		"Σίσυφος ΣΊΣΥΦΟΣ ς σ Σ\n☺ smile ☻ a☺b☻c 中文 字 € 100\n" +
		"😀 grin 𝄞 clef a😀b\nK kelvin ſ long k s\nx := \"https://example.com/é\" // ok\n" +
		"µs ÿ Ÿ ﬁ fi\n",
	"invalid.txt": "lone \x80 cont \xbf end\ntrunc \xe2\x98 two \xf0\x9f\x98 three\n" +
		"overlong \xc0\xaf \xe0\x80\xaf \xf0\x80\x80\xaf\nsurrogate \xed\xa0\x80 \xed\xbf\xbf\n" +
		"high \xf8\x88\x80\x80\x80 \xfc \xfe \xff bytes\ncaf\xe9 https://x.y/\xff\xfe\"q\n" +
		"mixed é\x80é ☺\xff☺ ok\n\xc3\n\xe9\n",
	"binary.bin": "ELF\x00\x01\x02 caf\xe9 \x00\xff\xfe text\nhttps://a.b/c\x00\x9c\x80\n" +
		strings.Repeat("\x00", 40) + "\nword é \x00 naïve\n",
	"ascii.txt": "plain ascii line\ncafe naive ecole\nab cd ef\n\n  indented\n",
}

// bytesCases are the fixed cases; grep, when set, is grep's arguments
// for the same search (grep -P takes one pattern, and no -F).
//
// ucp marks the cases whose answer depends on the grep -P at hand under
// UTF-8: word characters beyond ASCII (\w, \b, -w, [[:alpha:]]), which
// urg reads as GNU grep 3.10 and later do (PCRE2's UCP) and older greps as
// ASCII; and \S, \W and \D, which PCRE2 documents as matching every
// character beyond ASCII, as urg does, and which grep 3.8 with PCRE2
// 10.42 matches with none (`printf 'é\n' | LC_ALL=C.UTF-8 grep -P '\S'`
// finds nothing there, though '[^\s]' finds é).
var bytesCases = []struct {
	args []string
	grep []string
	ucp  bool
}{
	{args: []string{"-o", "a.b"}},
	{args: []string{"-o", "a...b"}},
	{args: []string{"-o", "caf."}},
	{args: []string{"-c", "caf.$"}},
	{args: []string{"-o", "caf.\\b"}, ucp: true},
	{args: []string{"-o", "[^a-z ]{2,}"}},
	{args: []string{"-o", "[^a-z ]{9,}"}},
	{args: []string{"-o", "[^ ]+"}},
	{args: []string{"-o", "https?://[^ \"]+"}},
	{args: []string{"-o", "x[^a]y"}},
	{args: []string{"-c", "^.{3}$"}},
	{args: []string{"-n", "^.$"}},
	{args: []string{"-o", ".{2}b"}},
	{args: []string{"-o", "\\x{e9}"}},
	{args: []string{"-o", "caf\\xe9"}},
	{args: []string{"-o", "[é]"}},
	{args: []string{"-o", "é+"}},
	{args: []string{"-o", "[^[:ascii:]]+"}},
	{args: []string{"-o", "[\\x80-\\xff]+"}},
	{args: []string{"-o", "€|☺|😀"}},
	{args: []string{"-c", "\\S+\\s\\S+"}, ucp: true},
	{args: []string{"-o", "\\s\\S"}, ucp: true},
	{args: []string{"-c", "[^\\s]+\\s[^\\s]+"}},
	{args: []string{"-c", "^"}},
	{args: []string{"-c", "$"}},
	{args: []string{"-c", "^.*$"}},
	{args: []string{"-c", "\\w*$"}},
	{args: []string{"-o", "(?<!\\w)."}, ucp: true},
	{args: []string{"-o", "\\d+"}},
	{args: []string{"-o", "\\w+"}, ucp: true},
	{args: []string{"-o", "\\b\\w"}, ucp: true},
	{args: []string{"-o", "[[:alpha:]]+"}, ucp: true},
	{args: []string{"-i", "-o", "école"}},
	{args: []string{"-i", "-o", "ÉCOLE"}},
	{args: []string{"-i", "-c", "straße"}},
	{args: []string{"-i", "-o", "σ"}},
	{args: []string{"-i", "-o", "k"}},
	{args: []string{"-i", "-o", "s"}},
	{args: []string{"-i", "-o", "[a-z]+é"}},
	{args: []string{"-i", "-n", "über"}},
	{args: []string{"-w", "-o", "caf"}, ucp: true},
	{args: []string{"-w", "-c", "k"}, ucp: true},
	{args: []string{"-w", "-o", "[a-z]+"}, ucp: true},
	{args: []string{"-x", "-c", ".*"}},
	{args: []string{"-x", "-n", "[^x]*"}},
	{args: []string{"-x", "-o", ".+"}},
	{args: []string{"-b", "-o", "é"}},
	{args: []string{"-b", "-o", "[^\\x00-\\x7f]"}},
	{args: []string{"-v", "-c", "."}},
	{args: []string{"-v", "-n", "[^ ]"}},
	{args: []string{"-c", "\\xff"}},
	{args: []string{"-o", "(?<=caf)."}},
	{args: []string{"-o", "(.)\\1"}},
	{args: []string{"-o", ".(?= ok)"}},
	{args: []string{"-F", "-o", "é"}, grep: []string{"-o", "é"}},
	{args: []string{"-F", "-i", "-o", "ÉCOLE"}, grep: []string{"-i", "-o", "ÉCOLE"}},
	{args: []string{"-e", "a.b", "-e", "é+", "-o"}, grep: []string{"-o", "a.b|é+"}},
	{args: []string{"-e", "(?<=caf).", "-e", "ü", "-c"}, grep: []string{"-c", "(?<=caf).|ü"}},
}

// grepUCP says whether grep -P reads word characters beyond ASCII under
// a UTF-8 locale (GNU grep 3.10 and later).
var grepUCP = sync.OnceValue(func() bool {
	cmd := exec.Command("grep", "-P", "^\\w$")
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	cmd.Stdin = strings.NewReader("é\n")
	return cmd.Run() == nil
})

// inLocales writes files to a tree and runs fn over it under LC_ALL=C and
// LC_ALL=C.UTF-8 (those the machine gives); ucp says whether the cases
// marked ucp can be compared with this grep there.
func inLocales(t *testing.T, files map[string]string, fn func(grep, root string, env []string, ucp bool)) {
	grep := needGrep(t)
	root := t.TempDir()
	writeTree(t, root, files)
	for _, locale := range []string{"C", "C.UTF-8"} {
		if env := localeEnv(t, locale); env != nil {
			fn(grep, root, env, locale == "C" || grepUCP())
		}
	}
}

// TestLocaleBytes runs the fixed cases in both locales.
func TestLocaleBytes(t *testing.T) {
	inLocales(t, bytesTree, func(grep, root string, env []string, ucp bool) {
		for _, tc := range bytesCases {
			if tc.ucp && !ucp {
				t.Logf("%s %q: skipped, this grep -P reads ASCII words only under UTF-8 (before GNU grep 3.10)", env[0], tc.args)
				continue
			}
			compareLocale(t, grep, root, env, tc.args, tc.grep)
		}
	})
}

// compareLocale runs grep -r -P -a with gargs (nil: args) and urg -r -a
// with args over root under env, and reports a difference in output
// (sorted) or exit status.
func compareLocale(t *testing.T, grep, root string, env, args, gargs []string) {
	t.Helper()
	if gargs == nil {
		gargs = args
	}
	full := append(append([]string{"-r", "-a"}, args...), ".")
	want := runCtx(t, root, nil, env, grep, append(append([]string{"-r", "-a", "-P"}, gargs...), ".")...)
	got := runCtx(t, root, nil, env, urgBin, full...)
	if got.code != want.code || sortLines(got.stdout) != sortLines(want.stdout) {
		t.Errorf("%s urg %q: status %d, grep's %d (stderr %q)\n%s", env[0], args, got.code, want.code,
			truncate(got.stderr), firstDiff(sortLines(want.stdout), sortLines(got.stdout)))
	}
}

// TestLocaleBytesRandom runs 300 seeded random patterns in each locale:
// classes, negated classes, counted repeats, anchors, alternations and
// words of the corpus, with a random option.
func TestLocaleBytesRandom(t *testing.T) {
	inLocales(t, bytesTree, func(grep, root string, env []string, ucp bool) {
		rng := rand.New(rand.NewSource(25))
		for i := range 300 {
			pat, needsUCP := randomPattern(rng)
			if needsUCP && !ucp {
				continue
			}
			opts := [][]string{{"-o"}, {"-c"}, {"-n"}, {"-i", "-o"}, {"-v", "-c"}, {"-x", "-c"}, {"-b", "-o"}, {"-w", "-o"}}
			o := opts[rng.Intn(len(opts))]
			if o[0] == "-w" && !ucp {
				o = []string{"-o"}
			}
			args := append(append([]string{}, o...), "-e", pat)
			t.Run(fmt.Sprintf("%s/%d", env[0], i), func(t *testing.T) {
				t.Parallel()
				compareLocale(t, grep, root, env, args, nil)
			})
		}
	})
}

// randomPattern builds a pattern from pieces that read bytes and
// characters differently; ucp says it holds \w or \b.
func randomPattern(rng *rand.Rand) (string, bool) {
	atoms := []string{".", "a", "é", "☺", "😀", "ß", "[^a-z ]", "[^ ]", "[a-zé]", "[^\"]", "[^\\s]", "\\s",
		"[\\x80-\\xff]", "\\xe9", "[[:punct:]]", "caf", "co", "le", "Σ", "σ", "\\d", "[^[:ascii:]]", "x", " "}
	wordAtoms := []string{"\\w", "\\b", "\\W", "\\S", "[[:alpha:]]"}
	reps := []string{"", "", "", "+", "*", "?", "{2}", "{1,3}", "{3,}"}
	var b strings.Builder
	ucp := false
	if rng.Intn(5) == 0 {
		b.WriteString("^")
	}
	n := 1 + rng.Intn(4)
	for i := range n {
		if i > 0 && rng.Intn(6) == 0 {
			b.WriteString("|")
		}
		var a string
		if rng.Intn(6) == 0 {
			a, ucp = wordAtoms[rng.Intn(len(wordAtoms))], true
		} else {
			a = atoms[rng.Intn(len(atoms))]
		}
		if rng.Intn(5) == 0 {
			a = "(" + a + atoms[rng.Intn(len(atoms))] + ")"
		}
		b.WriteString(a)
		if a != "\\b" {
			b.WriteString(reps[rng.Intn(len(reps))])
		}
	}
	if rng.Intn(5) == 0 {
		b.WriteString("$")
	}
	return b.String(), ucp
}

// TestLocaleBytesBlowup runs patterns whose deterministic automaton would
// have exponentially many states, or classes of thousands of characters
// repeated, over text built to feed them: the output is grep's and the
// peak memory stays under 128 MiB.
func TestLocaleBytesBlowup(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	rng := rand.New(rand.NewSource(5))
	word := func(alphabet []rune, lo, hi int) string {
		var b strings.Builder
		for range lo + rng.Intn(hi-lo) {
			b.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		return b.String()
	}
	var ab, uni strings.Builder
	for range 20000 {
		ab.WriteString(word([]rune("ab"), 10, 80) + "\n")
	}
	for range 5000 {
		uni.WriteString(word([]rune("éaüßxyzЖ中\u00ff"), 30, 120) + "\n")
	}
	files := map[string]string{"ab.txt": ab.String(), "uni.txt": uni.String() + "\xff\xfe" + uni.String()[:200] + "\n"}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	inLocales(t, files, func(grep, root string, env []string, ucp bool) {
		for _, tc := range []struct {
			pattern string
			ucp     bool
		}{{"(a|b)*a(a|b){20}", false}, {"[^x]{40,}", false}, {"\\w{50,}", true}, {"(.)(.)(.).{30}\\3\\2\\1", false}} {
			if tc.ucp && !ucp {
				t.Logf("%s %q: skipped, this grep -P reads ASCII words only under UTF-8", env[0], tc.pattern)
				continue
			}
			for _, args := range [][]string{{"-c"}, {"-o"}} {
				args = append(args, "-e", tc.pattern)
				compareLocale(t, grep, root, env, args, nil)
				file := filepath.Join(t.TempDir(), "rss")
				full := append([]string{urgBin, "-r", "-a"}, append(args, ".")...)
				runCtx(t, root, nil, append([]string{rssHelperEnv + "=" + file}, env...), self, full...)
				data, _ := os.ReadFile(file)
				if kib, _ := strconv.ParseInt(string(data), 10, 64); kib <= 0 || kib >= 128<<10 {
					t.Errorf("%s urg %q: peak RSS %d KiB, want under 128 MiB", env[0], args, kib)
				}
			}
		}
	})
}
