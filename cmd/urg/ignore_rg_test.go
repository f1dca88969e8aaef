package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rgSherlock is ripgrep's tests/hay.rs SHERLOCK, the text most of its
// tests search.
const rgSherlock = `For the Doctor Watsons of this world, as opposed to the Sherlock
Holmeses, success in the province of detective work must always
be, to a very large extent, the result of luck. Sherlock Holmes
can extract a clew from a wisp of straw or a flake of cigar ash;
but Doctor Watson has to have it taken out for him and dusted,
and exhibited clearly, with a label attached.
`

// rgSherlockHits is what a search for Sherlock prints of a file named
// name holding rgSherlock.
func rgSherlockHits(name string) string {
	return name + ":For the Doctor Watsons of this world, as opposed to the Sherlock\n" +
		name + ":be, to a very large extent, the result of luck. Sherlock Holmes\n"
}

// rgCase is one of ripgrep's tests: a tree, made as its tests/util.rs Dir
// makes it (an empty directory, no .git unless the test makes one), and
// the commands run in it.
type rgCase struct {
	name   string
	tree   map[string]string // path: content; a path ending in "/" is an empty directory
	links  map[string]string // link: target, both below the root (made absolute, as Dir.link_dir does)
	skipOn string            // a GOOS where ripgrep does not run the test either
	steps  []rgStep
}

// rgStep is one command of an rgCase. In paths, contents, arguments and
// the environment, $ROOT stands for the tree's root.
type rgStep struct {
	cwd   string   // below the root
	rg    []string // ripgrep's arguments, as its test passes them
	urg   []string // urg's, when rgToUrg's translation is not the one wanted
	env   []string
	want  string // stdout, compared as sorted lines (ripgrep's output order is not fixed)
	code  int    // exit status; -1 for ripgrep's assert_err: 1, or 2 with a message
	quiet bool   // stderr must be empty even with status 2
	notRg string // why ripgrep 15.2 answers otherwise (want is then git's answer, which urg follows), and the oracle is not asked
}

// rgToUrg translates ripgrep's arguments to urg's: ripgrep's default
// filtering (ignore files, hidden files skipped) is --ignore; a search
// names -r, since urg, as grep, reads standard input without it; -j1 only
// made ripgrep's output order fixed and is left out.
func rgToUrg(args []string) []string {
	out := []string{"--ignore"}
	if !slices.Contains(args, "--files") {
		out = append(out, "-r")
	}
	for _, a := range args {
		if a != "-j1" {
			out = append(out, a)
		}
	}
	return out
}

// rgOracle is a ripgrep of version 15 or later, to check the expected
// outputs against: URG_TEST_RG names it, else rg on PATH. It is "" when
// there is none; these tests then check urg alone.
func rgOracle(t *testing.T) string {
	t.Helper()
	rg := os.Getenv("URG_TEST_RG")
	if rg == "" {
		var err error
		if rg, err = exec.LookPath("rg"); err != nil {
			return ""
		}
	}
	out, err := exec.Command(rg, "--version").Output()
	if err != nil {
		t.Logf("%s --version: %v; expected outputs not checked against ripgrep", rg, err)
		return ""
	}
	m := regexp.MustCompile(`^ripgrep (\d+)\.`).FindSubmatch(out)
	if m == nil {
		return ""
	}
	if major, _ := strconv.Atoi(string(m[1])); major < 15 {
		t.Logf("%s is ripgrep %s, older than the 15.2 these cases come from; expected outputs not checked against it", rg, m[1])
		return ""
	}
	return rg
}

// TestRipgrepIgnore runs ripgrep 15.2's own tests about ignore files and
// hidden files (tests/regression.rs, misc.rs and feature.rs, each subtest
// named after its ripgrep test) on urg, translated by rgToUrg. With a
// ripgrep 15 at hand (see rgOracle), each expected output is checked
// against it too.
//
// Left out, as about something else than ignoring: r64 (--files with an
// operand), r93 and the other pattern and output cases, r206, r405, r2990
// and r3127_glob_flag_not_allow_unclosed_class and misc.rs's glob_* (-g
// globs), symlink_nofollow and symlink_follow (following links), and
// misc.rs's include_zero and files.
func TestRipgrepIgnore(t *testing.T) {
	rg := rgOracle(t)
	for _, c := range rgCases {
		t.Run(c.name, func(t *testing.T) {
			if c.skipOn == runtime.GOOS {
				t.Skipf("ripgrep does not run %s on %s", c.name, runtime.GOOS)
			}
			root, err := filepath.EvalSymlinks(t.TempDir()) // canonical, as r3179 wants its $ROOT
			if err != nil {
				t.Fatal(err)
			}
			rgNoIgnoreAbove(t, root)
			home := t.TempDir() // no global gitignore, no git config
			base := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
				"URG_CONFIG_PATH=", "RIPGREP_CONFIG_PATH="}
			expand := func(s string) string { return strings.ReplaceAll(s, "$ROOT", root) }
			expandAll := func(l []string) []string {
				out := make([]string, len(l))
				for i, s := range l {
					out[i] = expand(s)
				}
				return out
			}
			for p, content := range c.tree {
				if strings.HasSuffix(p, "/") {
					if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				writeTree(t, root, map[string]string{p: expand(content)})
			}
			for link, target := range c.links {
				symlink(t, filepath.Join(root, target), filepath.Join(root, link))
			}
			for _, s := range c.steps {
				dir := filepath.Join(root, s.cwd)
				env := append(slices.Clone(base), expandAll(s.env)...)
				args := s.urg
				if args == nil {
					args = rgToUrg(s.rg)
				}
				args = expandAll(args)
				what := "urg " + strings.Join(args, " ")
				if s.cwd != "" {
					what = "(in " + s.cwd + ") " + what
				}
				got := runCtx(t, dir, nil, env, urgBin, args...)
				rgCheck(t, what, got, s)
				if rg != "" && s.notRg == "" {
					r := runCtx(t, dir, nil, env, rg, expandAll(s.rg)...)
					if !slices.Equal(sortedLines(r.stdout), sortedLines(s.want)) || !rgCodeIs(r.code, s.code) {
						t.Errorf("test expectation: (in %q) rg %q: stdout %q, status %d (stderr %q); want %q, status %d",
							s.cwd, s.rg, r.stdout, r.code, r.stderr, s.want, s.code)
					}
				}
			}
		})
	}
}

// rgCheck reports where urg's result differs from what step s wants.
func rgCheck(t *testing.T, what string, got result, s rgStep) {
	t.Helper()
	if gl, wl := sortedLines(got.stdout), sortedLines(s.want); !slices.Equal(gl, wl) {
		t.Errorf("%s: stdout lines %q, want %q (stderr %q)", what, gl, wl, got.stderr)
	}
	if !rgCodeIs(got.code, s.code) || strings.Contains(got.stderr, "Usage: urg") { // a usage error is never the failure meant
		t.Errorf("%s: exit status %d, want %d (stderr %q)", what, got.code, s.code, got.stderr)
	}
	if got.stderr != "" && (got.code != 2 || s.quiet) {
		t.Errorf("%s: stderr %q, want none", what, got.stderr)
	}
}

// rgCodeIs says whether status got is the status want, -1 standing for
// any failure: ripgrep's tests assert only that, and ripgrep itself gives 2
// when its filters left no file to search, where urg, as grep, may give 1.
func rgCodeIs(got, want int) bool {
	if want == -1 {
		return got == 1 || got == 2
	}
	return got == want
}

// rgNoIgnoreAbove skips the test when a directory above root holds an
// ignore file or a .git, which both ripgrep and urg would obey, as ripgrep's
// own tests assume their temporary directory has none.
func rgNoIgnoreAbove(t *testing.T, root string) {
	t.Helper()
	for d := filepath.Dir(root); ; d = filepath.Dir(d) {
		for _, name := range []string{".git", ".gitignore", ".ignore", ".rgignore"} {
			if _, err := os.Lstat(filepath.Join(d, name)); err == nil {
				t.Skipf("%s exists above the test's tree and would change what is ignored", filepath.Join(d, name))
			}
		}
		if filepath.Dir(d) == d {
			return
		}
	}
}

// rgCases are ripgrep 15.2's cases, in the order of its files.
var rgCases = []rgCase{
	// tests/regression.rs.
	{name: "r16", tree: map[string]string{".git/": "", ".gitignore": "ghi/", "ghi/toplevel.txt": "xyz", "def/ghi/subdir.txt": "xyz"},
		steps: []rgStep{{rg: []string{"xyz"}, code: -1}}},
	{name: "r25", tree: map[string]string{".git/": "", ".gitignore": "/llvm/", "src/llvm/foo": "test"},
		steps: []rgStep{
			{rg: []string{"test"}, want: "src/llvm/foo:test\n"},
			{cwd: "src", rg: []string{"test"}, want: "llvm/foo:test\n"},
		}},
	// r30, r49 and r50 make no .git, so their .gitignore is not read; the
	// _git variants, not ripgrep's, make one.
	{name: "r30", tree: map[string]string{".gitignore": "vendor/**\n!vendor/manifest", "vendor/manifest": "test"},
		steps: []rgStep{{rg: []string{"test"}, want: "vendor/manifest:test\n"}}},
	{name: "r30_git", tree: map[string]string{".git/": "", ".gitignore": "vendor/**\n!vendor/manifest", "vendor/manifest": "test", "vendor/other": "test"},
		steps: []rgStep{{rg: []string{"test"}, want: "vendor/manifest:test\n"}}},
	{name: "r49", tree: map[string]string{".gitignore": "foo/bar", "test/foo/bar/baz": "test"},
		steps: []rgStep{{rg: []string{"xyz"}, code: -1}}},
	{name: "r49_git", tree: map[string]string{".git/": "", ".gitignore": "foo/bar", "test/foo/bar/baz": "test"},
		steps: []rgStep{{rg: []string{"test"}, want: "test/foo/bar/baz:test\n"}}},
	{name: "r50", tree: map[string]string{".gitignore": "XXX/YYY/", "abc/def/XXX/YYY/bar": "test", "ghi/XXX/YYY/bar": "test"},
		steps: []rgStep{{rg: []string{"xyz"}, code: -1}}},
	{name: "r50_git", tree: map[string]string{".git/": "", ".gitignore": "XXX/YYY/", "abc/def/XXX/YYY/bar": "test", "ghi/XXX/YYY/bar": "test"},
		steps: []rgStep{{rg: []string{"test"}, want: "abc/def/XXX/YYY/bar:test\nghi/XXX/YYY/bar:test\n"}}},
	{name: "r65", tree: map[string]string{".git/": "", ".gitignore": "a/", "a/foo": "xyz", "a/bar": "xyz"},
		steps: []rgStep{{rg: []string{"xyz"}, code: -1}}},
	{name: "r67", tree: map[string]string{".git/": "", ".gitignore": "/*\n!/dir", "dir/bar": "test", "foo/bar": "test"},
		steps: []rgStep{{rg: []string{"test"}, want: "dir/bar:test\n"}}},
	{name: "r87", tree: map[string]string{".git/": "", ".gitignore": "foo\n**no-vcs**", "foo": "test"},
		steps: []rgStep{{rg: []string{"test"}, code: -1}}},
	{name: "r90", tree: map[string]string{".git/": "", ".gitignore": "!.foo", ".foo": "test"},
		steps: []rgStep{{rg: []string{"test"}, want: ".foo:test\n"}}},
	{name: "r127", tree: map[string]string{".git/": "", ".gitignore": "foo/sherlock\n", "foo/sherlock": rgSherlock, "foo/watson": rgSherlock},
		steps: []rgStep{{rg: []string{"Sherlock"}, want: rgSherlockHits("foo/watson")}}},
	{name: "r131", skipOn: "darwin", tree: map[string]string{".git/": "", ".gitignore": "TopÑapa", "TopÑapa": "test"},
		steps: []rgStep{{rg: []string{"test"}, code: -1}}},
	// Links named as operands are searched, those met in the walk not.
	{name: "r137", skipOn: "windows", tree: map[string]string{"sherlock": rgSherlock}, links: map[string]string{"sym1": "sherlock", "sym2": "sherlock"},
		steps: []rgStep{{rg: []string{"-j1", "Sherlock", "./", "sym1", "sym2"},
			want: rgSherlockHits("./sherlock") + rgSherlockHits("sym1") + rgSherlockHits("sym2")}}},
	{name: "r184", tree: map[string]string{".gitignore": ".*", "foo/bar/baz": "test"},
		steps: []rgStep{
			{rg: []string{"test"}, want: "foo/bar/baz:test\n"},
			{cwd: "foo/bar", rg: []string{"test"}, want: "baz:test\n"},
		}},
	// An --ignore-file that is a directory is an error.
	{name: "r228", tree: map[string]string{"foo/": ""},
		steps: []rgStep{{rg: []string{"--ignore-file", "foo", "test"}, code: -1}}},
	{name: "r391", tree: map[string]string{".git/": "", "lock": "", "bar.py": "", ".git/packed-refs": "", ".git/description": ""},
		steps: []rgStep{{rg: []string{"--no-ignore", "--hidden", "--follow", "--files",
			"--glob", "!{.git,node_modules,plugged}/**",
			"--glob", "*.{js,json,php,md,styl,scss,sass,pug,html,config,py,cpp,c,go,hs}"}, want: "bar.py\n"}}},
	{name: "r807", tree: map[string]string{".git/": "", ".gitignore": ".a/b", ".a/b/file": "test", ".a/c/file": "test"},
		steps: []rgStep{{rg: []string{"--hidden", "test"}, want: ".a/c/file:test\n"}}},
	{name: "r2711", tree: map[string]string{"a/.ignore": ".foo", "a/b/.foo": ""},
		steps: []rgStep{
			{rg: []string{"--hidden", "--files"}, want: "a/.ignore\n"},
			{rg: []string{"--hidden", "--files", "./"}, want: "./a/.ignore\n"},
			{rg: []string{"--hidden", "--files", "a"}, want: "a/.ignore\n"},
			{rg: []string{"--hidden", "--files", "a/b"}, code: -1},
			{rg: []string{"--hidden", "--files", "./a"}, want: "./a/.ignore\n"},
			{cwd: "a", rg: []string{"--hidden", "--files"}, want: ".ignore\n"},
			{cwd: "a/b", rg: []string{"--hidden", "--files"}, code: -1},
		}},
	{name: "r829_original", tree: map[string]string{".ignore": "/a/b", "a/b/test.txt": "Sample text"},
		steps: []rgStep{
			{rg: []string{"Sample"}, code: -1},
			{rg: []string{"Sample", "a"}, code: -1},
			{cwd: "a", rg: []string{"Sample"}, code: -1},
		}},
	{name: "r829_2731", tree: map[string]string{".ignore": "build/\n!/some_dir/build/", "some_dir/build/foo": "string"},
		steps: []rgStep{
			{rg: []string{"-l", "string"}, want: "some_dir/build/foo\n"},
			{rg: []string{"-l", "string", "some_dir"}, want: "some_dir/build/foo\n"},
			{rg: []string{"-l", "string", "./some_dir"}, want: "./some_dir/build/foo\n"},
			{rg: []string{"-l", "string", "some_dir/build"}, want: "some_dir/build/foo\n"},
			{rg: []string{"-l", "string", "./some_dir/build"}, want: "./some_dir/build/foo\n"},
		}},
	{name: "r829_2747", tree: map[string]string{".ignore": "/a/*/b", "a/c/b/foo": "", "a/src/f/b/foo": ""},
		steps: []rgStep{
			{rg: []string{"--files"}, want: "a/src/f/b/foo\n"},
			{rg: []string{"--files", "a/src"}, want: "a/src/f/b/foo\n"},
			{cwd: "a/src", rg: []string{"--files"}, want: "f/b/foo\n"},
		}},
	{name: "r829_2778", tree: map[string]string{".ignore": "/parent/*.txt", "parent/ignore-me.txt": "", "parent/subdir/dont-ignore-me.txt": ""},
		steps: []rgStep{
			{rg: []string{"--files"}, want: "parent/subdir/dont-ignore-me.txt\n"},
			{cwd: "parent", rg: []string{"--files"}, want: "subdir/dont-ignore-me.txt\n"},
		}},
	{name: "r829_2836", tree: map[string]string{".ignore": "/testdir/sub/sub2/\n", "testdir/sub/sub2/foo": ""},
		steps: []rgStep{
			{rg: []string{"--files"}, code: -1},
			{cwd: "testdir", rg: []string{"--files"}, code: -1},
		}},
	{name: "r829_2933", tree: map[string]string{".ignore": "/testdir/sub/sub2/", "testdir/sub/sub2/testfile": "needle"},
		steps: []rgStep{{cwd: "testdir", rg: []string{"--files-with-matches", "needle"}, code: -1}}},
	{name: "r1098", tree: map[string]string{".git/": "", ".gitignore": "a**b", "afoob": "test"},
		steps: []rgStep{{rg: []string{"test"}, code: -1}}},
	// Only r1164's second half, the default: urg has no
	// --ignore-file-case-insensitive.
	{name: "r1164", tree: map[string]string{".git/": "", ".gitignore": "myfile", "MYFILE": "test"},
		steps: []rgStep{{rg: []string{"--no-ignore-file-case-insensitive", "test"}, urg: []string{"--ignore", "-r", "test"}, want: "MYFILE:test\n"}}},
	{name: "r1173", tree: map[string]string{".git/": "", ".gitignore": "**", "foo": "test"},
		steps: []rgStep{{rg: []string{"test"}, code: -1}}},
	{name: "r1174", tree: map[string]string{".git/": "", ".gitignore": "**/**/*", "a/foo": "test"},
		steps: []rgStep{{rg: []string{"test"}, code: -1}}},
	{name: "r1389", skipOn: "windows", tree: map[string]string{"mydir/file.txt": "test"}, links: map[string]string{"mylink": "mydir"},
		steps: []rgStep{{rg: []string{"test", "--no-ignore", "--sort", "path", "mylink"}, want: "mylink/file.txt:test\n"}}},
	// ripgrep's test writes the worktree's gitdir relative to the working
	// directory, where only ripgrep looks for it; here it is absolute, as
	// git worktree add writes it, and r1446_relative has it relative to
	// the .git file, where git looks for it.
	{name: "r1446_respect_excludes_in_worktree", tree: map[string]string{
		"repo/.git/info/exclude": "ignored", "repo/.git/worktrees/repotree/commondir": "../..",
		"repotree/.git": "gitdir: $ROOT/repo/.git/worktrees/repotree", "repotree/ignored": "", "repotree/not-ignored": ""},
		steps: []rgStep{
			{rg: []string{"--sort", "path", "--files", "repotree"}, want: "repotree/not-ignored\n"},
			{cwd: "repotree", rg: []string{"--files"}, want: "not-ignored\n"},
		}},
	{name: "r1446_relative", tree: map[string]string{
		"repo/.git/info/exclude": "ignored", "repo/.git/worktrees/repotree/commondir": "../..",
		"repotree/.git": "gitdir: ../repo/.git/worktrees/repotree", "repotree/ignored": "", "repotree/not-ignored": ""},
		steps: []rgStep{{rg: []string{"--sort", "path", "--files", "repotree"}, want: "repotree/not-ignored\n",
			notRg: "rg 15.2 reads a relative gitdir from the working directory, git from the .git file's directory"}}},
	{name: "f1757", tree: map[string]string{".ignore": "rust/target", "rust/source.rs": "needle", "rust/target/rustdoc-output.html": "needle"},
		steps: []rgStep{
			{rg: []string{"--files-with-matches", "needle", "rust"}, want: "rust/source.rs\n"},
			{rg: []string{"--files-with-matches", "needle", "./rust"}, want: "./rust/source.rs\n"},
		}},
	{name: "f1757_onemore", tree: map[string]string{".ignore": "rust1/target/onemore", "rust1/source.rs": "needle", "rust1/target/onemore/rustdoc-output.html": "needle"},
		steps: []rgStep{
			{rg: []string{"--files-with-matches", "needle", "rust1"}, want: "rust1/source.rs\n"},
			{rg: []string{"--files-with-matches", "needle", "./rust1"}, want: "./rust1/source.rs\n"},
		}},
	{name: "r2198", tree: map[string]string{".ignore": "a", ".rgignore": "b", "a": "", "b": "", "c": ""},
		steps: []rgStep{
			{rg: []string{"--files", "--sort", "path"}, want: "c\n"},
			{rg: []string{"--files", "--sort", "path", "--no-ignore-dot"}, want: "a\nb\nc\n"},
		}},
	{name: "r2236", tree: map[string]string{".ignore": `foo\/`, "foo/bar": "test\n"},
		steps: []rgStep{{rg: []string{"test"}, want: "foo/bar:test\n",
			notRg: `rg 15.2 takes foo\/ as the directory foo (and finds nothing); to git, foo\/ ignores nothing (git check-ignore)`}}},
	{name: "r2770_gitignore_error", tree: map[string]string{".git": "", ".gitignore": "**/bar/*", "foo/bar/baz": "quux"},
		steps: []rgStep{
			{rg: []string{"-l", "quux"}, code: -1},
			{cwd: "foo", rg: []string{"-l", "quux"}, code: -1},
		}},
	{name: "r3067_gitignore_error", tree: map[string]string{".git": "", ".gitignore": "foobar/debug",
		"foobar/some/debug/flag": "baz", "foobar/debug/flag2": "baz"},
		steps: []rgStep{{rg: []string{"baz"}, want: "foobar/some/debug/flag:baz\n"}}},
	{name: "r3127_gitignore_allow_unclosed_class", tree: map[string]string{".git/": "", ".gitignore": "[abc", "[abc": "", "test": ""},
		steps: []rgStep{{rg: []string{"--files"}, want: "[abc\ntest\n",
			notRg: "rg 15.2 takes the unclosed [abc literally and ignores the file [abc; git's wildmatch matches nothing with it (git check-ignore)"}}},
	{name: "r3173_hidden_whitelist_only_dot", tree: map[string]string{"subdir/.foo.txt": "text", ".ignore": "!.foo.txt"},
		steps: []rgStep{
			{rg: []string{"--files"}, want: "subdir/.foo.txt\n"},
			{rg: []string{"--files", "."}, want: "./subdir/.foo.txt\n"},
			{rg: []string{"--files", "./"}, want: "./subdir/.foo.txt\n"},
			{cwd: "subdir", rg: []string{"--files"}, want: ".foo.txt\n"},
			{cwd: "subdir", rg: []string{"--files", "."}, want: "./.foo.txt\n"},
			{cwd: "subdir", rg: []string{"--files", "./"}, want: "./.foo.txt\n"},
		}},
	{name: "r3179_global_gitignore_cwd", tree: map[string]string{"a/b/c/haystack": "", ".test.gitignore": "/haystack"},
		steps: []rgStep{{cwd: "a/b/c", rg: []string{"--files", "--ignore-file", "$ROOT/.test.gitignore", "$ROOT"}, code: -1}}},
	{name: "r3275_git_global_config_env", skipOn: "windows", tree: map[string]string{".git": "", "foo/foo1": "", "foo/foo2": "",
		"global-excludes-nonstandard": "foo2",
		"global-config-nonstandard":   "[core]\n\texcludesFile = $ROOT/global-excludes-nonstandard"},
		steps: []rgStep{{rg: []string{"--files", "foo"}, env: []string{"GIT_CONFIG_GLOBAL=$ROOT/global-config-nonstandard"}, want: "foo/foo1\n"}}},

	// tests/misc.rs.
	{name: "ignore_hidden", tree: map[string]string{".sherlock": rgSherlock},
		steps: []rgStep{{rg: []string{"Sherlock"}, code: -1}}},
	{name: "no_ignore_hidden", tree: map[string]string{".sherlock": rgSherlock},
		steps: []rgStep{{rg: []string{"--hidden", "Sherlock"}, want: rgSherlockHits(".sherlock")}}},
	{name: "ignore_git", tree: map[string]string{"sherlock": rgSherlock, ".git/": "", ".gitignore": "sherlock\n"},
		steps: []rgStep{{rg: []string{"Sherlock"}, code: -1}}},
	{name: "ignore_generic", tree: map[string]string{"sherlock": rgSherlock, ".ignore": "sherlock\n"},
		steps: []rgStep{{rg: []string{"Sherlock"}, code: -1}}},
	{name: "ignore_ripgrep", tree: map[string]string{"sherlock": rgSherlock, ".rgignore": "sherlock\n"},
		steps: []rgStep{{rg: []string{"Sherlock"}, code: -1}}},
	{name: "no_ignore", tree: map[string]string{"sherlock": rgSherlock, ".gitignore": "sherlock\n"},
		steps: []rgStep{{rg: []string{"--no-ignore", "Sherlock"}, want: rgSherlockHits("sherlock")}}},
	{name: "ignore_git_parent", tree: map[string]string{".git/": "", ".gitignore": "sherlock\n", "foo/sherlock": rgSherlock},
		steps: []rgStep{{cwd: "foo", rg: []string{"Sherlock"}, code: -1}}},
	{name: "ignore_git_parent_stop", tree: map[string]string{".gitignore": "sherlock\n", "foo/.git/": "", "foo/bar/sherlock": rgSherlock},
		steps: []rgStep{{cwd: "foo/bar", rg: []string{"Sherlock"}, want: rgSherlockHits("sherlock")}}},
	{name: "ignore_git_parent_stop_file", tree: map[string]string{".gitignore": "sherlock\n", "foo/.git": "", "foo/bar/sherlock": rgSherlock},
		steps: []rgStep{{cwd: "foo/bar", rg: []string{"Sherlock"}, want: rgSherlockHits("sherlock")}}},
	{name: "ignore_ripgrep_parent_no_stop", tree: map[string]string{".rgignore": "sherlock\n", "foo/.git/": "", "foo/bar/sherlock": rgSherlock},
		steps: []rgStep{{cwd: "foo/bar", rg: []string{"Sherlock"}, code: -1}}},
	{name: "no_parent_ignore_git", tree: map[string]string{".git/": "", ".gitignore": "sherlock\n", "foo/.gitignore": "watson\n",
		"foo/sherlock": rgSherlock, "foo/watson": rgSherlock},
		steps: []rgStep{{cwd: "foo", rg: []string{"--no-ignore-parent", "Sherlock"}, want: rgSherlockHits("sherlock")}}},
	{name: "ignore_git_multi_root_order", tree: map[string]string{".git/": "", ".gitignore": "src/invalid\n",
		"src/invalid": "this\n", "src/valid": "this\n", "tests/valid": "this\n"},
		steps: []rgStep{
			{rg: []string{"--files-with-matches", "this", "src", "tests"}, want: "src/valid\ntests/valid\n"},
			{rg: []string{"--files-with-matches", "this", "tests", "src"}, want: "src/valid\ntests/valid\n"},
		}},
	{name: "ignore_rgignore_multi_root_order", tree: map[string]string{".rgignore": "beta/**/*.svg\n", "alpha/a.txt": "AWS\n", "beta/x.svg": "AWS\n"},
		steps: []rgStep{
			{rg: []string{"--files-with-matches", "AWS", "alpha", "beta"}, want: "alpha/a.txt\n"},
			{rg: []string{"--files-with-matches", "AWS", "beta", "alpha"}, want: "alpha/a.txt\n"},
		}},
	// unrestricted1 makes no .git; unrestricted1_git, not ripgrep's, does.
	{name: "unrestricted1", tree: map[string]string{"sherlock": rgSherlock, ".gitignore": "sherlock\n"},
		steps: []rgStep{{rg: []string{"-u", "Sherlock"}, want: rgSherlockHits("sherlock")}}},
	{name: "unrestricted1_git", tree: map[string]string{".git/": "", "sherlock": rgSherlock, ".gitignore": "sherlock\n"},
		steps: []rgStep{
			{rg: []string{"Sherlock"}, code: -1},
			{rg: []string{"-u", "Sherlock"}, want: rgSherlockHits("sherlock")},
		}},
	{name: "unrestricted2", tree: map[string]string{".sherlock": rgSherlock},
		steps: []rgStep{{rg: []string{"-uu", "Sherlock"}, want: rgSherlockHits(".sherlock")}}},
	// ripgrep's unrestricted3 checks its own binary-file notice; -l
	// checks the same search in words both tools print.
	{name: "unrestricted3", tree: map[string]string{"sherlock": rgSherlock, "hay": "foo\x00bar\nfoo\x00baz\n"},
		steps: []rgStep{{rg: []string{"-uuu", "-l", "foo"}, want: "hay\n"}}},

	// tests/feature.rs.
	{name: "f45_relative_cwd", tree: map[string]string{".not-an-ignore": "foo\n/bar",
		"bar/test": "test", "baz/bar/test": "test", "baz/baz/bar/test": "test", "baz/foo": "test", "baz/test": "test", "foo": "test", "test": "test"},
		steps: []rgStep{
			{rg: []string{"-l", "test"}, want: "bar/test\nbaz/bar/test\nbaz/baz/bar/test\nbaz/foo\nbaz/test\nfoo\ntest\n"},
			{rg: []string{"-l", "test", "--ignore-file", ".not-an-ignore"}, want: "baz/bar/test\nbaz/baz/bar/test\nbaz/test\ntest\n"},
			// The ignore file's patterns are relative to the working
			// directory, not to where the file is.
			{cwd: "baz", rg: []string{"--ignore-file", "../.not-an-ignore", "-l", "test"}, want: "baz/bar/test\ntest\n"},
		}},
	{name: "f45_precedence_with_others", tree: map[string]string{".not-an-ignore": "*.log", ".ignore": "!imp.log", "imp.log": "test", "wat.log": "test"},
		steps: []rgStep{{rg: []string{"--ignore-file", ".not-an-ignore", "test"}, want: "imp.log:test\n"}}},
	{name: "f45_precedence_internal", tree: map[string]string{".not-an-ignore1": "*.log", ".not-an-ignore2": "!imp.log", "imp.log": "test", "wat.log": "test"},
		steps: []rgStep{{rg: []string{"--ignore-file", ".not-an-ignore1", "--ignore-file", ".not-an-ignore2", "test"}, want: "imp.log:test\n"}}},
	{name: "f68_no_ignore_vcs", tree: map[string]string{".git/": "", ".gitignore": "foo", ".ignore": "bar", "foo": "test", "bar": "test"},
		steps: []rgStep{{rg: []string{"--no-ignore-vcs", "test"}, want: "foo:test\n"}}},
	{name: "f1138_no_ignore_dot", tree: map[string]string{".git/": "", ".gitignore": "foo", ".ignore": "bar", ".fzf-ignore": "quux", "foo": "", "bar": "", "quux": ""},
		steps: []rgStep{
			{rg: []string{"--sort", "path", "--files"}, want: "quux\n"},
			{rg: []string{"--sort", "path", "--files", "--no-ignore-dot"}, want: "bar\nquux\n"},
			{rg: []string{"--sort", "path", "--files", "--no-ignore-dot", "--ignore-file", ".fzf-ignore"}, want: "bar\n"},
		}},
	{name: "f1414_no_require_git", tree: map[string]string{".gitignore": "foo", "foo": "", "bar": ""},
		steps: []rgStep{
			{rg: []string{"--sort", "path", "--files"}, want: "bar\nfoo\n"},
			{rg: []string{"--sort", "path", "--files", "--no-require-git"}, want: "bar\n"},
			{rg: []string{"--sort", "path", "--files", "--no-require-git", "--require-git"}, want: "bar\nfoo\n"},
		}},
	{name: "f1420_no_ignore_exclude", tree: map[string]string{".git/info/exclude": "foo", "bar": "", "foo": ""},
		steps: []rgStep{
			{rg: []string{"--sort", "path", "--files"}, want: "bar\n"},
			{rg: []string{"--sort", "path", "--files", "--no-ignore-exclude"}, want: "bar\nfoo\n"},
		}},
	{name: "f1466_no_ignore_files", tree: map[string]string{".myignore": "bar", "bar": "", "foo": ""},
		steps: []rgStep{
			{rg: []string{"--sort", "path", "--files"}, want: "bar\nfoo\n"},
			{rg: []string{"--sort", "path", "--files", "--ignore-file", ".myignore"}, want: "foo\n"},
			{rg: []string{"--sort", "path", "--files", "--ignore-file", ".myignore", "--no-ignore-files"}, want: "bar\nfoo\n"},
			{rg: []string{"--sort", "path", "--files", "--ignore-file", ".myignore", "--no-ignore-files", "--ignore-files"}, want: "foo\n"},
			// -u does not undo --ignore-file.
			{rg: []string{"--sort", "path", "--files", "--ignore-file", ".myignore", "-u"}, want: "foo\n"},
		}},
	// ripgrep says, on stderr and with status 2, that no file was
	// searched; urg need not say it in the same words, nor give 2, but
	// fails, and says nothing under --no-messages.
	{name: "f1404_nothing_searched_warning", tree: map[string]string{".ignore": "ignored-dir/**", "ignored-dir/foo": "needle"},
		steps: []rgStep{{rg: []string{"needle"}, code: -1}}},
	{name: "f1404_nothing_searched_ignored", tree: map[string]string{".ignore": "ignored-dir/**", "ignored-dir/foo": "needle"},
		steps: []rgStep{{rg: []string{"--no-messages", "needle"}, code: -1, quiet: true}}},
}
