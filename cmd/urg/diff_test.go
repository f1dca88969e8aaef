package main

import (
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The differential tests run urg and GNU grep (LC_ALL=C grep -P) on the
// same files and demand the same output.

// words fill the generated corpus; several patterns below look for them.
var words = []string{
	"foo", "bar", "baz", "foobar", "barbaz", "Hello", "hello", "HELLO", "world",
	"colour", "color", "func", "main(", "x", "42", "3.14", "1234567", "_id",
	"a.go", ".go", "go", "Error(", "NotFoundError(", "end.", "tab\there", "k", "S",
}

// makeTree writes a tree of every kind of file a search meets.
func makeTree(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	rng := rand.New(rand.NewSource(1))
	line := func() string {
		n := rng.Intn(12)
		var parts []string
		for range n {
			parts = append(parts, words[rng.Intn(len(words))])
		}
		return strings.Join(parts, " ")
	}
	text := func(lines int) string {
		var b strings.Builder
		for range lines {
			b.WriteString(line())
			b.WriteByte('\n')
		}
		return b.String()
	}
	files := map[string]string{
		"a.txt":              text(200),
		"b.txt":              text(50),
		"empty":              "",
		"one-empty-line":     "\n",
		"no-newline":         text(5) + "foo bar without newline",
		"crlf.txt":           strings.ReplaceAll(text(40), "\n", "\r\n"),
		"blank-lines":        "\n\nfoo\n\n\nbar\n\n",
		"dir/c.go":           text(300),
		"dir/sub/d.go":       text(120),
		"dir/sub/deep/e.txt": text(80),
		"dir/.hidden":        text(10),
		"huge-line":          strings.Repeat("abc ", 80000) + "foo Hello world 42\n" + text(3),
		"long-file":          text(3000),
		"mapped.txt":         text(40000), // over 1 MiB: searched through a memory map
		"binary.bin":         "foo\x00bar\nHello world\n" + text(20),
		"latin1":             "caf\xe9 foo\n\xff\xfe bar\n",
		"only-spaces":        "   \n\t\n",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An unreadable file (root reads it anyway, as grep then does too).
	if err := os.WriteFile(filepath.Join(root, "dir/secret"), []byte("foo secret\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	// A link is not followed while walking, by grep -r or by urg.
	os.Symlink("a.txt", filepath.Join(root, "link-to-a"))
	os.Symlink("dir", filepath.Join(root, "link-to-dir"))
	return root
}

// diffPatterns are Perl patterns of every engine's kind.
var diffPatterns = []string{
	"foo", "zzzabsent", "Hello", "hello world", "^foo", "bar$", `\bgo\b`, `\.go`,
	`[0-9]{3,}`, `\d+\.\d+`, `colou?r`, `(foo|bar)baz`, `\w+Error\(`, `^$`, `^\s*$`,
	`x`, `a.c`, `fo+`, `[A-Z]{2,}`, `foo(?=bar)`, `(?<!foo)bar`, `(\w)\1`, `(?i)hello`,
	``, `\t`, `end\.$`, `[^a-z ]{4}`, `k|s`,
}

// orderedPatterns are a few of diffPatterns, one of each engine.
var orderedPatterns = []string{"foo", "^$", `\w+Error\(`, `(?<!foo)bar`, `(?i)hello`}

// patternsFor is the patterns run through the reader io: all of
// diffPatterns through the default, which users run, and one of each
// matcher through the others. Readers differ in how bytes reach the matcher (buffers,
// maps, the ring's reads), not in what a pattern matches, and each run
// of urg costs the same whatever it looks for.
func patternsFor(io string) []string {
	if io == "auto" {
		return diffPatterns
	}
	return orderedPatterns
}

// diffFlags are option sets, each run with every pattern.
var diffFlags = [][]string{
	{}, {"-n"}, {"-c"}, {"-l"}, {"-L"}, {"-o"}, {"-w"}, {"-i"}, {"-v"}, {"-x"},
	{"-b"}, {"-m", "2"}, {"-n", "-o", "-b"}, {"-v", "-n"}, {"-c", "-v"}, {"-i", "-w"},
	{"-o", "-i"}, {"-w", "-o"}, {"-x", "-i", "-n"},
}

// contextFlags are checked in path order against grep given the same files
// in the same order, since "--" separators and context depend on order.
var contextFlags = [][]string{
	{"-A", "2"}, {"-B", "1"}, {"-C", "1", "-n"}, {"-m", "1", "-A", "1"}, {"-v", "-C", "1"},
	{"-A", "1", "-c"}, {"-n", "-b"}, {"-o", "-A", "1"}, {"-o", "-C", "1", "-n"}, {"-o", "-v", "-A", "1"},
	{"-B", "2", "-o", "-b"},
	// A context of 0 prints no context lines, but grep still sets the
	// groups apart with "--".
	{"-A", "0"}, {"-C", "0", "-n"}, {"-B", "0", "-v"},
}

// TestDiffRecursive compares urg with grep -r on the generated tree, output
// sorted (urg prints files in the order they finish).
func TestDiffRecursive(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	grep := needGrep(t)
	root := makeTree(t)
	for _, io := range engines(t) {
		t.Run(io, func(t *testing.T) { diffRecursive(t, grep, root, io) })
	}
}

func diffRecursive(t *testing.T, grep, root, io string) {
	for _, flags := range diffFlags {
		for _, pat := range patternsFor(io) {
			if pat == "" && slices.Contains(flags, "-o") {
				continue // grep -o '' takes seconds on the huge line and prints nothing
			}
			args := append(append([]string{}, flags...), "-e", pat, ".")
			name := fmt.Sprintf("%v/%q", flags, pat)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				want := grepOnce(t, root, grep, append([]string{"-r", "-P", "-a"}, args...)...)
				got := urg(t, root, append([]string{"-a", "--io=" + io}, args...)...)
				compareSorted(t, want, got)
			})
		}
	}
}

// TestDiffOrdered compares --sort=path output exactly with grep given the
// files in the same order.
func TestDiffOrdered(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	grep := needGrep(t)
	root := makeTree(t)
	files := sortedFiles(t, root)
	for _, io := range engines(t) {
		t.Run(io, func(t *testing.T) { diffOrdered(t, grep, root, io, files) })
	}
}

func diffOrdered(t *testing.T, grep, root, io string, files []string) {
	all := contextFlags
	if io == "auto" {
		// The other readers run these in TestDiffRecursive, and the
		// order of files is the output's, the same whatever reads them.
		all = append(all[:len(all):len(all)], diffFlags...)
	}
	for i, flags := range all {
		pats := patternsFor(io)
		if i >= len(contextFlags) {
			pats = orderedPatterns // TestDiffRecursive covers the rest
		}
		for _, pat := range pats {
			name := fmt.Sprintf("%v/%q", flags, pat)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				args := append(append([]string{"-a", "-H"}, flags...), "-e", pat)
				want := grepOnce(t, root, grep, append(append([]string{"-P"}, args...), files...)...)
				got := urg(t, root, append(append([]string{"--sort=path", "--io=" + io}, args...), ".")...)
				if got.stdout != want.stdout || got.code != want.code {
					t.Fatalf("urg %q: exit %d, want %d\n%s", args, got.code, want.code, firstDiff(want.stdout, got.stdout))
				}
			})
		}
	}
}

// TestDiffBinary checks the binary-file notice and -I without -a.
func TestDiffBinary(t *testing.T) {
	grep := needGrep(t)
	root := makeTree(t)
	for _, io := range engines(t) {
		t.Run(io, func(t *testing.T) { diffBinary(t, grep, root, io) })
	}
}

func diffBinary(t *testing.T, grep, root, io string) {
	for _, flags := range [][]string{{}, {"-c"}, {"-l"}, {"-I"}, {"-I", "-c"}, {"-v"}, {"-o"}} {
		for _, pat := range []string{"foo", "Hello", "zzzabsent", "bar"} {
			t.Run(fmt.Sprintf("%v/%s", flags, pat), func(t *testing.T) {
				args := append(append([]string{}, flags...), "-e", pat, "binary.bin", "a.txt")
				urgArgs := append([]string{"--sort=path", "--io=" + io}, args...)
				want := runCmd(t, root, nil, grep, append([]string{"-P"}, args...)...)
				got := urg(t, root, urgArgs...)
				want.stderr = strings.ReplaceAll(want.stderr, grep+": ", "urg: ")
				if got != want {
					t.Fatalf("urg %q:\n got %+v\nwant %+v", args, got, want)
				}
			})
		}
	}
}

// TestDiffGoroot compares urg with grep -r on the Go toolchain's tree, a
// real corpus of 15,000 files with long lines, testdata and binaries.
func TestDiffGoroot(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	grep := needGrep(t)
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	cases := [][]string{
		{"-e", "zzzabsentqq"},
		{"-e", `func \w+Error\(`},
		{"-n", "-e", "TODO"},
		{"-c", "-e", `^\s*//`},
		{"-l", "-e", `(?i)copyright`},
		{"-o", "-w", "-e", `[0-9]{4,}`},
		{"-i", "-n", "-e", `errors\.new`},
		{"-v", "-c", "-e", "e"},
		{"-x", "-e", `\s*}`},
		{"-b", "-e", `\bgoto\b`},
		{"-e", `Unmarshal(?=JSON)`},
	}
	// Each case through one reader, the readers in turn: every reader
	// meets the real tree several times, at a quarter of the runs.
	ios := engines(t)
	for i, args := range cases {
		io := ios[i%len(ios)]
		t.Run(strings.Join(args, " ")+"/"+io, func(t *testing.T) {
			full := append(append([]string{}, args...), goroot)
			want := runCmd(t, "", nil, grep, append([]string{"-r", "-P", "-a"}, full...)...)
			got := urg(t, "", append([]string{"-a", "--io=" + io}, full...)...)
			compareSorted(t, want, got)
		})
	}
}

// sortedFiles lists the regular files under root in urg's --sort=path order
// (names sorted within each directory, depth first), as ./-prefixed paths.
func sortedFiles(t testing.TB, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, "./"+rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func compareSorted(t *testing.T, want, got result) {
	t.Helper()
	if got.code != want.code {
		t.Errorf("exit status %d, grep's %d (stderr %q)", got.code, want.code, got.stderr)
	}
	w, g := sortLines(want.stdout), sortLines(got.stdout)
	if w != g {
		t.Fatalf("output differs from grep's (sorted):\n%s", firstDiff(w, g))
	}
}

func sortLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "")
}

// firstDiff shows the first line where two outputs part.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n grep: %.300q\n  urg: %.300q\n(%d vs %d lines)", i+1, w, g, len(wl), len(gl))
		}
	}
	return "(equal)"
}
