package match

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"urg/match/internal/matchtest"
)

// Under Options.UTF8, word characters and the POSIX classes of letters are
// Unicode's, as in GNU grep run in a UTF-8 locale. These tests take GNU
// grep (-E and -F, whose syntax means the same as Perl's for the patterns
// given) under LC_ALL=C.UTF-8 as the oracle, and under LC_ALL=C for the
// C locale, which must keep its ASCII words.

// utf8Text holds letters beyond ASCII that grep's locale and PCRE2's
// Unicode properties class alike (no marks, no letter-like numbers).
const utf8Text = "Perú\néa ü\nxéx éa\nnaïve café 12 Σίσυφος\nÉCOLE école\nstraße_x\n中文 字\na1 b2 ü3\nÜnïcödé-wörd\nplain ascii_words 42\n"

// needGrepLocale returns GNU grep (3.12 where ../shared/peers.sh installed
// it, else the system's), and skips the test when it or the locale is
// missing.
func needGrepLocale(t *testing.T, locale string) string {
	t.Helper()
	p, err := "/opt/peers/bin/grep312", error(nil)
	if _, serr := os.Stat(p); serr != nil {
		p, err = exec.LookPath("grep")
	}
	if err != nil {
		t.Skipf("GNU grep, the oracle, is not on PATH: %v", err)
	}
	if out, err := exec.Command(p, "--version").Output(); err != nil || !bytes.Contains(out, []byte("GNU grep")) {
		t.Skipf("%s is not GNU grep, the oracle", p)
	}
	if locale == "C" {
		return p
	}
	out, err := exec.Command("locale", "-a").Output()
	want := strings.ToLower(strings.ReplaceAll(locale, "-", ""))
	if err != nil || !slices.ContainsFunc(strings.Fields(string(out)), func(l string) bool {
		return strings.ToLower(strings.ReplaceAll(l, "-", "")) == want
	}) {
		t.Skipf("locale %s is not installed here (locale -a: %v)", locale, err)
	}
	return p
}

// grepLines runs grep -n (and args) on text under locale and returns its
// lines, and its exit status.
func grepLines(t *testing.T, grep, locale, text string, args ...string) ([]string, int) {
	t.Helper()
	cmd := exec.Command(grep, append([]string{"-n"}, args...)...)
	cmd.Env = append(os.Environ(), "LC_ALL="+locale)
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code == 2 {
		t.Fatalf("grep %q: status 2", args)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"), code
}

// matchedLines is what grep -n [-o] prints for m on text (which ends with
// a newline), and its exit status.
func matchedLines(t *testing.T, m Matcher, text string, only bool) ([]string, int) {
	t.Helper()
	sel := matchtest.Lines(t, m, strings.TrimSuffix(text, "\n"))
	if len(sel) == 0 {
		return []string{""}, 1
	}
	if !only {
		return sel, 0
	}
	var out []string
	for _, l := range sel {
		n, line, _ := strings.Cut(l, ":")
		for _, s := range matchtest.Each(t, m, line) {
			out = append(out, n+":"+s)
		}
	}
	if out == nil {
		out = []string{""}
	}
	return out, 0
}

// localeCase is a pattern and grep's flags for it.
type localeCase struct {
	patterns []string
	flags    string // of F, w, o, i
}

func (c localeCase) options(uni bool) Options {
	return Options{Fixed: strings.Contains(c.flags, "F"), Word: strings.Contains(c.flags, "w"),
		IgnoreCase: strings.Contains(c.flags, "i"), UTF8: uni}
}

func (c localeCase) grepArgs() []string {
	args := []string{"-E"}
	if strings.Contains(c.flags, "F") {
		args = []string{"-F"}
	}
	for _, f := range "wio" {
		if strings.ContainsRune(c.flags, f) {
			args = append(args, "-"+string(f))
		}
	}
	for _, p := range c.patterns {
		args = append(args, "-e", p)
	}
	return args
}

var localeCases = []localeCase{
	{[]string{`r\w`}, "o"},
	{[]string{`.\b`}, "o"},
	{[]string{`\w\b`}, "o"},
	{[]string{`\bé`}, "o"},
	{[]string{`\Bú`}, "o"},
	{[]string{`\b`}, ""},
	{[]string{`\w+`}, "o"},
	{[]string{`\W+`}, "o"},
	{[]string{`[[:alpha:]]*`}, "o"},
	{[]string{`[^[:alpha:] ]+`}, "o"},
	{[]string{`[[:alnum:]_]+`}, "o"},
	{[]string{`[^[:alnum:]]+`}, "o"},
	{[]string{`[[:upper:]]+`}, "o"},
	{[]string{`[[:lower:]]+`}, "o"},
	{[]string{`[[:digit:]]+`}, "o"},
	{[]string{`[[:alpha:][:digit:]]{2}`}, "o"},
	{[]string{"a"}, "Fwo"},
	{[]string{"é"}, "Fwo"},
	{[]string{"ü"}, "Fw"},
	{[]string{"x"}, "Fwo"},
	{[]string{"a", "ü", "42"}, "Fwo"},
	{[]string{`a.`}, "wo"},
	{[]string{`\w+`, `é.`}, "o"},
	{[]string{`[a-z]+`}, "wo"},
	{[]string{`caf.`}, "wo"},
	{[]string{`É`}, "wo"},
}

// TestUTF8WordsAndClasses compares Options.UTF8 with grep under
// LC_ALL=C.UTF-8, each pattern also in a form that only the backtracking
// engine runs (behind a lookahead that always holds).
func TestUTF8WordsAndClasses(t *testing.T) {
	grep := needGrepLocale(t, "C.UTF-8")
	for _, c := range localeCases {
		want, wantCode := grepLines(t, grep, "C.UTF-8", utf8Text, c.grepArgs()...)
		forms := [][]string{c.patterns}
		if !strings.Contains(c.flags, "F") {
			var bt []string
			for _, p := range c.patterns {
				bt = append(bt, `(?!\x{10FFFF})`+p)
			}
			forms = append(forms, bt)
		}
		for _, pats := range forms {
			t.Run(fmt.Sprintf("%q %s", pats, c.flags), func(t *testing.T) {
				m := mustCompile(t, pats, c.options(true))
				got, code := matchedLines(t, m, utf8Text, strings.Contains(c.flags, "o"))
				if code != wantCode || !slices.Equal(got, want) {
					t.Errorf("%s matcher: status %d, %q\ngrep -n %q: status %d, %q", m.Engine(), code, got, c.grepArgs(), wantCode, want)
				}
			})
		}
	}
}

// TestUTF8WordCharacterBeforeAndAfter is the case of -w -F where grep in
// a UTF-8 locale takes é for a word character and the C locale does not.
func TestUTF8WordCharacterBeforeAndAfter(t *testing.T) {
	for _, tt := range []struct {
		uni  bool
		want []string
	}{{true, nil}, {false, []string{"1:xéx éa"}}} {
		m := mustCompile(t, []string{"a"}, Options{Fixed: true, Word: true, UTF8: tt.uni})
		if got := matchtest.Lines(t, m, "xéx éa"); !slices.Equal(got, tt.want) {
			t.Errorf("UTF8 %v: %q, want %q", tt.uni, got, tt.want)
		}
	}
}

// TestUTF8CLocaleUnchanged compares the same cases without Options.UTF8
// with grep under LC_ALL=C: words and classes of ASCII only, bytes beyond
// it never word characters.
func TestUTF8CLocaleUnchanged(t *testing.T) {
	grep := needGrepLocale(t, "C")
	for _, c := range localeCases {
		if slices.ContainsFunc(c.patterns, func(p string) bool { return strings.Contains(p, ".") }) {
			// Go's regexp takes '.' for a UTF-8 character whatever
			// the locale; grep's C locale takes it for a byte.
			continue
		}
		want, wantCode := grepLines(t, grep, "C", utf8Text, c.grepArgs()...)
		t.Run(fmt.Sprintf("%q %s", c.patterns, c.flags), func(t *testing.T) {
			m := mustCompile(t, c.patterns, c.options(false))
			got, code := matchedLines(t, m, utf8Text, strings.Contains(c.flags, "o"))
			if code != wantCode || !slices.Equal(got, want) {
				t.Errorf("%s matcher: status %d, %q\ngrep -n %q: status %d, %q", m.Engine(), code, got, c.grepArgs(), wantCode, want)
			}
		})
	}
}

// TestUTF8InvalidBytes checks that invalid UTF-8 neither crashes a matcher
// under Options.UTF8 nor is taken for a word character.
func TestUTF8InvalidBytes(t *testing.T) {
	text := "a\xffb\n\xe9t\xe9\nx\xc3"
	for _, pats := range [][]string{{`\w+`}, {`\bt\b`}, {`(?<=\W)t`}, {"t"}, {`\W`}, {`[[:^alpha:]]`}, {"t", `(a)\1`}} {
		for _, o := range []Options{{UTF8: true}, {UTF8: true, Word: true}, {UTF8: true, IgnoreCase: true}} {
			m := mustCompile(t, pats, o)
			for _, l := range matchtest.Lines(t, m, text) {
				_, line, _ := strings.Cut(l, ":")
				matchtest.Each(t, m, line)
			}
		}
	}
	m := mustCompile(t, []string{"t"}, Options{UTF8: true, Word: true})
	if got := matchtest.Lines(t, m, text); !slices.Equal(got, []string{"2:\xe9t\xe9"}) {
		t.Errorf("-w t: %q, want the line where invalid bytes surround it", got)
	}
}
