package main

import (
	"slices"
	"strings"
	"testing"
)

// TestNullDataAsGrep holds -z (NUL-ended lines, which may hold
// newlines) to GNU grep -P -z, in the C and a UTF-8 locale.
func TestNullDataAsGrep(t *testing.T) {
	dir := t.TempDir()
	records := []string{
		"a1\nb", "xa", "c", "", "foo bar\nbaz foo", "Foo\n", "\nfoo", "tab\there",
		"caf\xe9 foo", "caf\u00e9 foo", "end foo\n\n", strings.Repeat("long foo ", 3000), "bar",
	}
	writeTree(t, dir, map[string]string{
		"z.bin":    strings.Join(records, "\x00") + "\x00",
		"noend":    "foo\x00bar",
		"newlines": "foo\nbar\nfoo\n",
		"sub/more": "x\x00foo\x00y\x00foo\x00",
	})
	patterns := []string{"foo", "a", `1.b`, `1\nb`, `1\sb`, `^b`, `(?m)^b`, `foo$`, `(?m)foo$`, `\n`, `^$`, `caf.`, `[^a-z]foo`, "", `b(?=a)`, `(o)\1`}
	for _, loc := range []string{"C", "C.UTF-8"} {
		env := localeEnv(t, loc)
		if env == nil {
			continue
		}
		for _, p := range patterns {
			for _, flags := range [][]string{{""}, {"-c"}, {"-o", "-b"}, {"-n", "-v"}, {"-x"}, {"-w"}, {"-i", "-n"}, {"-A1", "-n"}, {"-m1", "-c"}, {"-l"}, {"--color=always"}} {
				if loc != "C" && flags[0] == "-w" {
					// urg's -w takes letters beyond ASCII as word
					// characters under UTF-8, as grep -w does, where
					// grep 3.8 -P -w does not ("é foo" is a match of
					// -P -w '[^a-z]foo' to it): a difference of every
					// search, not of -z.
					continue
				}
				args := append([]string{"-P", "-z"}, slices.DeleteFunc(slices.Clone(flags), func(f string) bool { return f == "" })...)
				args = append(args, "-e", p, "z.bin", "noend", "newlines")
				sameAsGrep(t, dir, nil, env, false, args...)
			}
		}
		sameAsGrep(t, dir, []byte("foo\x00bar\x00"), env, false, "-z", "-P", "-n", "foo")
		sameAsGrep(t, dir, nil, env, true, "-r", "-z", "-P", "-c", "foo", ".")
		sameAsGrep(t, dir, nil, env, false, "-z", "-F", "-e", "o\nba", "z.bin")
	}
}

// TestNullDataPosix: -z with -G and -E is grep's, in both locales; a
// back-reference there is refused, since only Compile's POSIX engine
// decides them.
func TestNullDataPosix(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"z.bin": "foo\nbar\x00xfoo\x00ab\nab\x00zz\x00", "z.txt": "foo\nxfoo\n",
		"nl.bin": "1\n2\x00a\x00ba\nb\x00\x00"})
	for _, loc := range []string{"C", "C.UTF-8"} {
		env := localeEnv(t, loc)
		if env == nil {
			continue
		}
		for _, args := range [][]string{
			{"-z", "-E", "fo+|zz", "z.bin"},
			{"-z", "-E", "-o", "a|ab", "z.bin"},
			{"-z", "-G", "-c", `fo\{2\}`, "z.bin"},
			{"-z", "-E", "-x", "zz", "z.bin"},
			{"-z", "-G", "-n", "^b", "z.bin"},
			// A newline is a character of a record, which '.' and
			// [^a] match; a ^ that may match empty is taken.
			{"-z", "-G", "1.2", "nl.bin"},
			{"-z", "-E", "-c", "[^a]b", "nl.bin"},
			{"-z", "-G", "^", "nl.bin"},
			{"-z", "-G", "-o", "^[ab]*", "nl.bin"},
			{"-z", "-E", "-c", "^a*", "nl.bin"},
		} {
			sameAsGrep(t, dir, nil, env, false, args...)
		}
	}
	got := urgT(t, dir, nil, "-z", "-E", `(a)\1`, "z.bin")
	if got.code != 2 || got.stdout != "" || !strings.Contains(got.stderr, "back-references") {
		t.Errorf("-z -E with a back-reference: %+v, want an error", got)
	}
	got = urgT(t, dir, []byte("abc\n"), "-G", "--replace=X", "^a*")
	if got.stdout != "Xbc\n" {
		t.Errorf("-G --replace=X '^a*': %+v, want Xbc", got)
	}
	got = urgT(t, dir, nil, "-E", "--replace=[$1]", "(fo)o", "z.txt")
	if got.stdout != "[fo]\nx[fo]\n" {
		t.Errorf("-E --replace: %q, want the group", got.stdout)
	}
}
