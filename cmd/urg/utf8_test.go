package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Under a UTF-8 locale, \w, \b, -w and [[:alpha:]] take letters beyond
// ASCII for word characters and letters, as grep does there. The oracle
// is GNU grep -E or -F under LC_ALL=C.UTF-8, with patterns whose syntax
// means the same there as in Perl's.

// utf8Env is the environment of urg in these tests: it takes the
// locale's name for what it says, installed or not.
var utf8Env = []string{"LC_ALL=C.UTF-8"}

// TestUTF8WordCharacters runs cases of grep's UTF-8 words: é is a word
// character that -w does not cut at, and \w and \b read ú whole.
func TestUTF8WordCharacters(t *testing.T) {
	grep := needGrep(t)
	genv := localeEnv(t, "C.UTF-8") // grep's, nil without the locale
	for _, tc := range []struct {
		input string
		args  []string
		grep  []string
		want  result
	}{
		{"xéx éa\n", []string{"-w", "-o", "-F", "a"}, []string{"-w", "-o", "-F", "a"}, result{code: 1}},
		{"Perú\n", []string{"-o", `r\w`}, []string{"-E", "-o", `r\w`}, result{stdout: "rú\n"}},
		{"Perú\n", []string{"-o", `\w+\b`}, []string{"-E", "-o", `\w+\b`}, result{stdout: "Perú\n"}},
	} {
		got := runCtx(t, "", []byte(tc.input), utf8Env, urgBin, tc.args...)
		if got.stdout != tc.want.stdout || got.code != tc.want.code {
			t.Errorf("urg %q on %q: stdout %q, status %d; want %q, %d (stderr %q)",
				tc.args, tc.input, got.stdout, got.code, tc.want.stdout, tc.want.code, got.stderr)
		}
		if genv == nil {
			continue
		}
		g := runCtx(t, "", []byte(tc.input), genv, grep, tc.grep...)
		if g.stdout != got.stdout || g.code != got.code {
			t.Errorf("urg %q on %q: stdout %q, status %d; grep %q: %q, %d",
				tc.args, tc.input, got.stdout, got.code, tc.grep, g.stdout, g.code)
		}
	}
}

// TestUTF8MostlyASCII compares urg and grep over a file of some hundreds
// of KiB whose lines are ASCII but a few: urg decides those in the C
// locale and the others in UTF-8's, which must not show.
func TestUTF8MostlyASCII(t *testing.T) {
	grep := needGrep(t)
	genv := localeEnv(t, "C.UTF-8")
	if genv == nil {
		t.SkipNow() // the skip is printed
	}
	rng := rand.New(rand.NewSource(9))
	words := []string{"ctx", "ctx.Err", "MAX_LEN", "fooError(", "x_test", "a", "if", "_", " ", " ", "(", ")", ".", "42", "r"}
	uni := []string{"é", "ü", "Σίσυφος", "ÉCOLE", "école_test", "中文", "rú", "ctxé", "éctx", "MAXÉ_LEN"}
	var b strings.Builder
	for i := range 20000 {
		n := 1 + rng.Intn(10)
		if i%997 == 0 {
			n = 600 // past the first window of the split
		}
		beyond := rng.Intn(40) == 0
		for range n {
			if beyond && rng.Intn(3) == 0 {
				b.WriteString(uni[rng.Intn(len(uni))])
			} else {
				b.WriteString(words[rng.Intn(len(words))])
			}
		}
		b.WriteByte('\n')
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "text"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, pat := range [][]string{
		{`\b[A-Z][A-Z0-9_]{3,}\b`},
		{`\w+Error\(`},
		{`\bctx\b`},
		{`[[:alpha:]]+_test`},
		{"-w", "ctx"},
		{"-w", "-F", "ctx"},
		{"-w", "-e", "ctx", "-e", "a"},
		{"-x", `\w+`},
		{"-i", `\bCTX\b`},
	} {
		for _, mode := range [][]string{{"-n"}, {"-c", "-v"}, {"-o", "-n"}} {
			args := append(slices.Clone(mode), pat...)
			args = append(args, "text")
			got := runCtx(t, dir, nil, utf8Env, urgBin, args...)
			gargs := args
			if !slices.Contains(pat, "-F") {
				gargs = append([]string{"-E"}, args...)
			}
			want := runCtx(t, dir, nil, genv, grep, gargs...)
			if got.stdout != want.stdout || got.code != want.code {
				t.Errorf("urg %q: status %d, grep's %d (stderr %q)\n%s", args, got.code, want.code, got.stderr, firstDiff(want.stdout, got.stdout))
			}
		}
	}
}

// TestSkipBinaryEncodingErrors: under -I, a selected line that is not
// UTF-8 is left out without the binary-file notice, as grep -I leaves
// it (its other lines, counts and -l are as ever).
func TestSkipBinaryEncodingErrors(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"p": "Pedro P\xe9rez\n", "p2": "Pablo\nPedro P\xe9rez\nPaul\n"})
	env := localeEnv(t, "C.UTF-8")
	if env == nil {
		return
	}
	for _, args := range [][]string{
		{"-I", "^P", "p"}, {"-I", "^P", "p2"}, {"-I", "-n", "-A1", "^P", "p2"}, {"-I", "-c", "^P", "p2"},
		{"-I", "-o", "^P", "p2"}, {"-I", "-l", "^P", "p", "p2"}, {"^P", "p2"},
	} {
		sameAsGrep(t, dir, nil, env, false, args...)
	}
}

// TestUTF8MarksAreWordCharacters: under UTF-8, \w, \b and -w count the
// marks that take no space (Mn) and connector punctuation (Pc) as word
// characters, as PCRE2 10.43 and later do, and so GNU grep 3.12's -P
// (grep 3.8's PCRE2 does not: the test needs 3.12).
func TestUTF8MarksAreWordCharacters(t *testing.T) {
	if _, err := os.Stat(grep312); err != nil {
		t.Skipf("GNU grep 3.12 is not installed at %s (bash ../shared/peers.sh installs it): %v", grep312, err)
	}
	env := localeEnv(t, "C.UTF-8")
	if env == nil {
		return
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"u": "0Aa\u0351\na\u203fb\nx\u0301y z\n\u0301a\nb\u0301 c\n"})
	for _, args := range [][]string{
		{"-o", `\w+`}, {"-c", `\ba\b`}, {"-o", "-w", "a"}, {"-o", `\W+`}, {"-o", `[[:word:]]+`},
		{"-n", `\bb\b`}, {"-o", `\B.`}, {"-w", "-n", "y"},
	} {
		want := runCtx(t, dir, nil, env, grep312, append(append([]string{"-P"}, args...), "u")...)
		got := runCtx(t, dir, nil, env, urgBin, append(args, "u")...)
		checkResult(t, fmt.Sprintf("urg %q", args), got, want)
	}
}
