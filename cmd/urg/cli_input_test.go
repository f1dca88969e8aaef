package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// 10. Long lines, missing final newlines, CRLF, -Z, -m, -L; checked against
// GNU grep too.
func TestCLIFileContents(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	const bufSize = 256 << 10
	longLine := strings.Repeat("a", 3<<20) + "needle" + strings.Repeat("b", 100)
	edgeLine := strings.Repeat("e", bufSize-3) + "needle" + strings.Repeat("f", bufSize)
	noNL := strings.Repeat("x", 3<<20) + "needle"
	writeTree(t, dir, map[string]string{
		"long":  "q\n" + longLine + "\nz\n",
		"edge":  "1\n" + edgeLine + "\n",
		"nonl":  "a\nfoo",
		"bignl": "y\n" + noNL,
		"crlf":  "foo\r\nbar\r\nfoo\r\n",
		"crlf2": "foo\r\nbar\r\nfoo",
		"a":     "foo\nfoo\nbar\n",
		"b":     "bar\n",
		"c":     "foo\n",
		"empty": "",
	})
	tests := []struct {
		args []string
		want result
	}{
		{[]string{"needle", "long"}, result{longLine + "\n", "", 0}},
		{[]string{"--io=pread", "needle", "long"}, result{longLine + "\n", "", 0}},
		{[]string{"-c", "needle", "long"}, result{"1\n", "", 0}},
		{[]string{"-n", "needle", "long"}, result{"2:" + longLine + "\n", "", 0}},
		{[]string{"-b", "-o", "needle", "long"}, result{fmt.Sprintf("%d:needle\n", 2+3<<20), "", 0}},
		{[]string{"needle", "edge"}, result{edgeLine + "\n", "", 0}},
		{[]string{"foo", "nonl"}, result{"foo\n", "", 0}},
		{[]string{"-v", "zzz", "nonl"}, result{"a\nfoo\n", "", 0}},
		{[]string{"-c", "foo", "nonl"}, result{"1\n", "", 0}},
		{[]string{"needle", "bignl"}, result{noNL + "\n", "", 0}},
		{[]string{"-c", "foo", "crlf"}, result{"2\n", "", 0}},
		{[]string{"-c", "foo", "crlf2"}, result{"2\n", "", 0}},
		{[]string{"-c", "bar", "crlf", "crlf2"}, result{"crlf:1\ncrlf2:1\n", "", 0}},
		{[]string{"-c", "-v", "foo", "crlf"}, result{"1\n", "", 0}},
		{[]string{"-c", "foo$", "crlf"}, result{"0\n", "", 1}},
		{[]string{"-c", "-x", "foo", "crlf"}, result{"0\n", "", 1}},
		{[]string{"foo", "crlf2"}, result{"foo\r\nfoo\n", "", 0}},
		{[]string{"--null", "-l", "foo", "a", "b", "c"}, result{"a\x00c\x00", "", 0}},
		{[]string{"-Z", "-L", "foo", "a", "b", "c"}, result{"b\x00", "", 0}},
		{[]string{"-Z", "-c", "foo", "a", "b"}, result{"a\x002\nb\x000\n", "", 0}},
		{[]string{"-m", "1", "-c", "foo", "a", "b", "c"}, result{"a:1\nb:0\nc:1\n", "", 0}},
		{[]string{"-m", "1", "-c", "foo", "a"}, result{"1\n", "", 0}},
		{[]string{"-m", "1", "foo", "a"}, result{"foo\n", "", 0}},
		{[]string{"-m", "1", "-n", "-v", "foo", "a"}, result{"3:bar\n", "", 0}},
		{[]string{"-L", "foo", "a", "b", "c", "empty"}, result{"b\nempty\n", "", 0}},
		{[]string{"-L", "foo", "b"}, result{"b\n", "", 1}},
		{[]string{"-L", "foo", "a", "c"}, result{"", "", 0}},
		{[]string{"-l", "foo", "a", "b", "c"}, result{"a\nc\n", "", 0}},
		{[]string{"-c", "foo", "empty"}, result{"0\n", "", 1}},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("urg %q", tc.args)
		got := urgT(t, dir, nil, append([]string{"--sort=path"}, tc.args...)...)
		checkResult(t, what, got, tc.want)
		if tc.args[0] == "--io=pread" {
			continue
		}
		g := runCmd(t, dir, nil, grep, tc.args...)
		if g.stdout != tc.want.stdout || g.code != tc.want.code {
			t.Errorf("test expectation: grep %q gives %q, status %d; want %q, %d", tc.args, truncate(g.stdout), g.code, truncate(tc.want.stdout), tc.want.code)
		}
	}
	// The same long lines through a pipe, whose reads come short.
	for _, name := range []string{"long", "bignl", "edge"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want := runCmd(t, dir, data, grep, "needle")
		checkResult(t, "urg needle < "+name, urgT(t, dir, data, "needle"), want)
	}
}

// 12. -r without a path searches the current directory (even with stdin a
// pipe), naming files without "./"; without -r, stdin is searched.
func TestCLIRecursiveNoPath(t *testing.T) {
	grep := needGrep(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "needle\n", "sub/b.txt": "x needle\n", "sub/deep/c": "none\n"})
	in := []byte("needle from stdin\n")
	want := []string{"a.txt:needle", "sub/b.txt:x needle"}
	for _, args := range [][]string{{"-r", "needle"}, {"-R", "needle"}, {"-r", "--sort=path", "needle"}} {
		got := urgT(t, dir, in, args...)
		what := fmt.Sprintf("urg %q <<< stdin", args)
		if gl := sortedLines(got.stdout); !slices.Equal(gl, want) || got.stderr != "" || got.code != 0 {
			t.Errorf("%s: lines %q, stderr %q, status %d; want %q, none, 0", what, gl, got.stderr, got.code, want)
		}
		g := runCmd(t, dir, in, grep, args[0], args[len(args)-1])
		if gl := sortedLines(g.stdout); !slices.Equal(gl, want) {
			t.Errorf("test expectation: grep %q prints %q, want %q", args, gl, want)
		}
	}
	checkResult(t, "urg -r -l needle (in sub)", urgT(t, filepath.Join(dir, "sub"), in, "-r", "-l", "needle"), result{"b.txt\n", "", 0})
	checkResult(t, "urg needle <<< stdin", urgT(t, dir, in, "needle"), result{"needle from stdin\n", "", 0})
}

// 13. A file the output is written to is not searched, as grep does not
// search it: "input file is also the output", status 2. Only when lines
// are printed, more than one per file: -c, -l, -L and -m 1 search it.
// Checked against GNU grep, each command run by bash with its stdout
// redirected into the tree (or from it, for standard input).
func TestCLIInputIsOutput(t *testing.T) {
	grep := needGrep(t)
	bash := needBash(t)
	for _, tc := range []struct {
		name, script string // the script runs "$@" (the tool and its flags)
	}{
		{"-r", `"$@" -r needle . > out.txt`},
		{"-rn -A1", `"$@" -rn -A1 needle . > out.txt`},
		{"-r --sort", `"$@" -r needle . > out.txt`},
		{"-ro", `"$@" -ro needle . > out.txt`},
		{"-r -m2", `"$@" -r -m2 needle . > out.txt`},
		{"-rs", `"$@" -rs needle . > out.txt`},
		{"-rc", `"$@" -rc needle . > out.txt`},
		{"-rl", `"$@" -rl needle . > out.txt`},
		{"-r -m1", `"$@" -r -m1 needle . > out.txt`},
		{"into a subdirectory", `"$@" -r needle . > sub/out.txt`},
		{"appended", `echo needle before > out.txt; "$@" -r needle . >> out.txt`},
		{"operand", `echo needle before > out.txt; "$@" needle a.txt out.txt >> out.txt`},
		{"stdin", `echo needle before > out.txt; "$@" needle < out.txt >> out.txt`},
		{"hard link", `: > out.txt; ln out.txt sub/hard.txt; "$@" -r needle . >> out.txt`},
		{"followed link", `: > out.txt; ln -s ../out.txt sub/link.txt; "$@" -R needle . >> out.txt`},
	} {
		outputs := map[string]result{}
		for _, tool := range []string{"grep", "urg"} {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"a.txt": "needle\nhay\n", "sub/b.txt": "hay\nneedle two\nneedle three\n"})
			argv := []string{"-c", tc.script + `; s=$?; cat out.txt sub/out.txt 2>/dev/null; exit $s`, "sh", grep}
			if tool == "urg" {
				argv[3] = urgBin
				if strings.Contains(tc.script, "--sort") {
					argv = append(argv, "--sort=path")
				}
			}
			r := runCtx(t, dir, nil, nil, bash, argv...)
			outputs[tool] = result{
				stdout: strings.Join(sortedLines(r.stdout), "\n"),
				stderr: strings.Join(sortedLines(strings.ReplaceAll(r.stderr, grep+": ", "urg: ")), "\n"),
				code:   r.code,
			}
		}
		g := outputs["grep"]
		if strings.Contains(tc.name, "-m1") || strings.Contains(tc.name, "-rc") || strings.Contains(tc.name, "-rl") {
			if g.stderr != "" {
				t.Errorf("test expectation: grep %s warns %q", tc.name, g.stderr)
			}
		} else if !strings.Contains(tc.name, "-rs") && !strings.Contains(g.stderr, "input file is also the output") {
			t.Errorf("test expectation: grep %s does not warn: %q", tc.name, g.stderr)
		}
		checkResult(t, "urg "+tc.name, outputs["urg"], g)
	}
}
