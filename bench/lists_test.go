package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// identifierTree writes a tree holding the n distinct identifiers name0 to
// name(n-1), among tokens that are not identifiers, and returns its root.
func identifierTree(t *testing.T, n int) string {
	t.Helper()
	root := t.TempDir()
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "x := name%d + 12 // ab, 123\n", i)
		if b.Len() > 64<<10 || i == n-1 {
			p := filepath.Join(root, fmt.Sprintf("d%d", i%7), fmt.Sprintf("f%d.go", i))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			b.Reset()
		}
	}
	return root
}

// Tokens are found as grep -o '[A-Za-z_][A-Za-z0-9_]{3,}' finds them,
// less the overlong, and listed once, sorted.
func TestTreeIdentifiers(t *testing.T) {
	root := t.TempDir()
	text := "abc abcd 12abcd x_yz9 _foo é_bar+baz1 " + strings.Repeat("q", maxIdentifierLen+1) + " func(Foo)\n"
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ids, err := treeIdentifiers(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"_bar", "_foo", "abcd", "baz1", "func", "x_yz9"}; !slices.Equal(ids, want) {
		t.Errorf("identifiers %q, want %q", ids, want)
	}
	if _, err := treeIdentifiers(filepath.Join(root, "gone")); err == nil {
		t.Errorf("a missing tree gave no error")
	}
}

// The sample is the same every time, of the size asked, without
// duplicates, a shorter list the start of a longer one's draw, and
// ordered longest first so that no word follows a longer one.
func TestSampleWords(t *testing.T) {
	var ids []string
	for i := range 5000 {
		ids = append(ids, fmt.Sprintf("name%d", i))
	}
	slices.Sort(ids)
	a, b := sampleWords(ids, 1000), sampleWords(slices.Clone(ids), 1000)
	if !slices.Equal(a, b) {
		t.Fatal("two draws with the same seed differ")
	}
	if len(a) != 1000 {
		t.Fatalf("%d words, want 1000", len(a))
	}
	seen := map[string]bool{}
	for i, w := range a {
		if seen[w] {
			t.Fatalf("%q drawn twice", w)
		}
		seen[w] = true
		if i > 0 && len(w) > len(a[i-1]) {
			t.Fatalf("%q after the shorter %q", w, a[i-1])
		}
	}
	for _, w := range sampleWords(ids, 100) {
		if !seen[w] {
			t.Fatalf("%q of the 100 is not among the 1,000", w)
		}
	}
	if slices.Equal(a, sampleWords(ids[1:], 1000)) {
		t.Errorf("another tree drew the same words")
	}
}

// -patterns lists every list scenario a tree has the identifiers for, each
// with its file of that many distinct patterns, and says why it skips the
// rest; -wordlist writes the same file; -only picks among them and, picking
// none, the tree is not read.
func TestListScenarios(t *testing.T) {
	root := identifierTree(t, 10500)
	dir := t.TempDir()
	o := &options{dir: dir, cache: []string{"warm"}, coldOnly: []string{"all"}}
	var log strings.Builder
	scs, skipped, err := listScenarios(o, &corpus{Name: "tree", Path: root}, &log)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sc := range scs {
		names = append(names, sc.name)
	}
	want := []string{"1,000 words", "10,000 words", "10,000 words, -i", "10,000 words, -w", "10,000 words, -o",
		`100 regexes WORD\w*[0-9]`, `1,000 regexes WORD\w*[0-9]`, `10,000 regexes WORD\w*[0-9]`,
		`100 regexes (?i)WORD\s+\d+`, `1,000 regexes (?i)WORD\s+\d+`, `10,000 regexes (?i)WORD\s+\d+`}
	if !slices.Equal(names, want) {
		t.Errorf("scenarios %q, want %q", names, want)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0], `"100,000 words" skipped: the tree has 10,500 distinct identifiers`) ||
		!strings.Contains(log.String(), skipped[0]) {
		t.Errorf("skipped %q; log:\n%s", skipped, log.String())
	}
	for _, sc := range scs {
		if sc.pattern != "" || filepath.Dir(sc.list.file) != filepath.Join(dir, "lists", "tree") {
			t.Errorf("%s: pattern %q, file %s", sc.name, sc.pattern, sc.list.file)
		}
		data, err := os.ReadFile(sc.list.file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(lines) != sc.list.n || len(slices.Compact(slices.Sorted(slices.Values(lines)))) != sc.list.n {
			t.Errorf("%s: %d lines, want %d distinct", sc.name, len(lines), sc.list.n)
		}
		if strings.Contains(sc.name, "regexes") != !slices.Contains(sc.flags, "-F") || sc.flags[len(sc.flags)-1] == "-f" {
			t.Errorf("%s: flags %q", sc.name, sc.flags)
		}
	}
	if got := scs[1].label(); got != "-F -c -f words-10000.txt" {
		t.Errorf("label %q", got)
	}

	out := filepath.Join(t.TempDir(), "words.txt")
	wo, err := parseFlags([]string{"-corpus", root, "-wordlist", "10000", "-o", out}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := writeWordList(wo, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	if bench, _ := os.ReadFile(scs[1].list.file); !bytes.Equal(got, bench) {
		t.Errorf("-wordlist 10000 wrote other bytes than the bench's %s", scs[1].list.file)
	}
	if _, err := parseFlags([]string{"-wordlist", "10"}, io.Discard); err == nil {
		t.Errorf("-wordlist without -o accepted")
	}

	o.only = "regexes"
	if scs, _, _ = listScenarios(o, &corpus{Name: "tree", Path: root}, io.Discard); len(scs) != 6 {
		t.Errorf("-only regexes: %d scenarios", len(scs))
	}
	o.only = "absent"
	if scs, _, err = listScenarios(o, &corpus{Name: "gone", Path: filepath.Join(root, "gone")}, io.Discard); scs != nil || err != nil {
		t.Errorf("-only absent read the tree: %v, %v", scs, err)
	}
}

// Every line gets the list as -f FILE, with what makes it do the others'
// work, or is left out with the reason.
func TestListLines(t *testing.T) {
	lines := []tool{
		{Name: "urg-pread", Family: "urg", Argv: []string{"urg", "-a", "--io=pread"}},
		{Name: "grep", Family: "grep", Argv: []string{"grep", "-r", "-a", "-P"}},
		{Name: "rg", Family: "rg", Argv: []string{"rg", "-uuu"}},
		{Name: "rg-pcre2", Family: "rg", Argv: []string{"rg", "-uuu", "-P"}},
		{Name: "ugrep", Family: "ugrep", Argv: []string{"ugrep", "-r", "-P", "-U"}},
		{Name: "ag", Family: "ag", positional: true, Argv: []string{"ag", "-u"}},
		{Name: "mine", Family: "custom", Argv: []string{"mygrep"}},
	}
	words := scenario{"words", "", []string{"-F", "-o"}, &patternList{file: "/l/words.txt"}}
	digits := scenario{"digits", "", []string{"-c"}, &patternList{file: "/l/digits.txt", ere: true}}
	icase := scenario{"icase", "", []string{"-c"}, &patternList{file: "/l/icase.txt"}}
	want := map[string]map[string]string{ // scenario, line: args, or "!" and the reason
		"words": {
			"urg-pread": "-a --io=pread -F -o -f /l/words.txt /c",
			"grep":      "-r -a -F -o -f /l/words.txt /c",
			"rg":        "-uuu -F -o -f /l/words.txt /c",
			"rg-pcre2":  "-uuu -P -F -o -f /l/words.txt /c",
			"ugrep":     "-r -U --separator=: -F -o -f /l/words.txt /c",
			"mine":      "-F -o -f /l/words.txt /c",
		},
		"digits": {
			"urg-pread": "-a --io=pread -c -f /l/digits.txt /c",
			"grep":      "-r -a -E -c -f /l/digits.txt /c",
			"rg":        "-uuu --include-zero -c -f /l/digits.txt /c",
			"rg-pcre2":  "-uuu -P --include-zero -c -f /l/digits.txt /c",
			"ugrep":     "-r -P -U -c -f /l/digits.txt /c",
			"mine":      "-c -f /l/digits.txt /c",
		},
		"icase": {"grep": "!single pattern"},
	}
	for _, sc := range []scenario{words, digits, icase} {
		for _, l := range lines {
			got, why := sc.lineFor(l)
			w, listed := want[sc.name][l.Name]
			switch {
			case l.Family == "ag" || strings.HasPrefix(w, "!"):
				if why == "" || !strings.Contains(why, strings.TrimPrefix(w, "!")) {
					t.Errorf("%s, %s: not left out (%q)", sc.name, l.Name, why)
				}
			case why != "":
				t.Errorf("%s, %s: left out: %s", sc.name, l.Name, why)
			case !slices.Contains(got.args(sc.flags, "", "/c"), sc.list.file):
				t.Errorf("%s, %s: args %q lack -f %s", sc.name, l.Name, got.args(sc.flags, "", "/c"), sc.list.file)
			case listed && strings.Join(got.args(sc.flags, "", "/c"), " ") != w:
				t.Errorf("%s, %s: args %q, want %q", sc.name, l.Name, got.args(sc.flags, "", "/c"), w)
			}
		}
	}
	if !slices.Equal(lines[1].Argv, []string{"grep", "-r", "-a", "-P"}) {
		t.Errorf("lineFor changed the line it was given: %q", lines[1].Argv)
	}
}

// The lines as a list scenario runs them print the same output on a small
// tree, for -o too, where a word and a longer one starting with it meet
// (name1, name10, name100), and for -c over files without a match.
func TestListOutputsAgree(t *testing.T) {
	root := identifierTree(t, 300)
	if err := os.WriteFile(filepath.Join(root, "none.txt"), []byte("nothing here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-urg", urgBin, "-io", "pread", "-tools", "urg,grep,rg,ugrep,ag"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := buildTools(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 300 {
		ids = append(ids, fmt.Sprintf("name%d", i))
	}
	slices.Sort(ids)
	dir := t.TempDir()
	for i, sc := range []scenario{
		{"words -o", "", []string{"-F", "-o"}, &patternList{n: 150, stem: "words"}},
		{"words -c -w", "", []string{"-F", "-c", "-w"}, &patternList{n: 150, stem: "words"}},
		{"regexes", "", []string{"-c"}, &patternList{n: 50, stem: regexShapes[0].stem, line: regexShapes[0].line, ere: true}},
	} {
		sc.list.file = filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(sc.list.file, listFile(sampleWords(ids, sc.list.n), sc.list.line), 0o644); err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		ch := check(&corpus{Path: root}, sc, tools, "stop", &log)
		if ch.stop != "" || ch.lines == 0 {
			t.Errorf("%s: %d lines, stopped: %s\n%s", sc.name, ch.lines, ch.stop, log.String())
		}
		for _, e := range ch.excluded {
			if e.Tool != "ag" {
				t.Errorf("%s: %s left out: %s", sc.name, e.Tool, e.Reason)
			}
		}
		t.Logf("%s: %d lines timed, %s\n%s", sc.name, len(ch.timed), humanBytes(int64(ch.bytes)), log.String())
	}
	if _, err := exec.LookPath("rg"); err != nil {
		t.Log("rg not installed: its -F and --include-zero are not held to grep's output here")
	}
}
