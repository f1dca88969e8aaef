package main

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// ignoreSeeds is how many random trees TestIgnoreAgainstGit and
// TestIgnoreAgainstRipgrep generate; seed N is the subtest seed=N, so
// that `go test -run 'TestIgnoreAgainstGit/seed=N$'` reruns one.
const ignoreSeeds = 660

// TestIgnoreAgainstGit: urg --files --ignore lists what git calls
// untracked and not ignored. Each seed makes a small repository (nothing
// committed) with random .gitignore files, sometimes .git/info/exclude
// and a global excludes file, and searches it from its root or from a
// subdirectory; git ls-files --others --exclude-standard run there is the
// oracle, and no path git ls-files --ignored names may be listed.
func TestIgnoreAgainstGit(t *testing.T) {
	git := needGit(t)
	dotGit := gitTemplate(t, git)
	var compared atomic.Int64
	t.Cleanup(func() {
		// The parallel subtests are done by now.
		if n := compared.Load(); n < 500 && !t.Failed() {
			t.Errorf("%d trees compared with git, want at least 500", n)
		}
	})
	for seed := range uint64(ignoreSeeds) {
		c := newIgnoreCase(seed)
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			repo, env := c.write(t, dotGit)
			want := gitOthers(t, repo, env, git, c.search)
			ignored := gitIgnored(t, repo, env, git, c.search)
			if slices.Contains(ignored, "./") {
				// The searched directory is in one that rules above it
				// ignore: git lists nothing there, while urg, as rg,
				// searches a directory it is asked to search and
				// filters what is below it. Not comparable.
				t.Skipf("git ignores the searched directory as a whole\n%s", c)
			}
			got := urgFilter(t, repo, env, c.search)
			compared.Add(1)
			if !slices.Equal(got, want) {
				t.Errorf("urg --files --ignore --hidden and git ls-files --others --exclude-standard differ\n%s\nonly urg lists %q\nonly git lists %q",
					c, minus(got, want), minus(want, got))
				return
			}
			// Every path git calls ignored ("d/" for a whole directory) is
			// left out.
			for _, p := range ignored {
				for _, g := range got {
					if g == p || strings.HasSuffix(p, "/") && strings.HasPrefix(g, p) {
						t.Errorf("urg lists %q, which git ls-files --ignored names as %q\n%s", g, p, c)
					}
				}
			}
		})
	}
}

// TestIgnoreAgainstRipgrep: on the same trees, where ripgrep follows git
// by design, urg --files --ignore --hidden lists what rg --files
// --hidden lists. Left out: searches from a subdirectory with ignore
// rules from above it (ignore files in ancestors, .git/info/exclude, the
// global file), which rg applies in its own way, and the pattern kinds
// in rgDiffers, where rg and git disagree. A case where they disagree
// otherwise is skipped, said with -v: it is not urg's fault.
func TestIgnoreAgainstRipgrep(t *testing.T) {
	git := needGit(t)
	rg := findRg15(t)
	dotGit := gitTemplate(t, git)
	for seed := range uint64(ignoreSeeds) {
		c := newIgnoreCase(seed)
		if c.rulesAbove() || c.kinds.differs() {
			continue
		}
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			repo, env := c.write(t, dotGit)
			dir := filepath.Join(repo, filepath.FromSlash(c.search))
			r := runCtx(t, dir, nil, env, rg, "--no-config", "--files", "--hidden")
			if r.code > 1 {
				t.Fatalf("rg --files: status %d, stderr %q\n%s", r.code, r.stderr, c)
			}
			if r.stderr != "" { // a pattern rg refuses, where git takes it
				t.Skipf("rg --files complains, not comparable (add the pattern's kind to rgDiffers): %q\n%s", r.stderr, c)
			}
			var rgl []string
			for _, l := range sortedLines(r.stdout) {
				if l != ".git" && !strings.HasPrefix(l, ".git/") {
					rgl = append(rgl, l)
				}
			}
			if want := gitOthers(t, repo, env, git, c.search); !slices.Equal(rgl, want) {
				// Not urg's fault (TestIgnoreAgainstGit holds urg to git):
				// the pattern's kind belongs in rgDiffers.
				t.Skipf("rg and git disagree, not comparable (pattern kinds %q; add the one at fault to rgDiffers): only rg lists %q, only git lists %q\n%s",
					c.kinds.list(), minus(rgl, want), minus(want, rgl), c)
			}
			if got := urgFilter(t, repo, env, c.search); !slices.Equal(got, rgl) {
				t.Errorf("urg --files --ignore --hidden and rg --files --hidden differ\n%s\nonly urg lists %q\nonly rg lists %q",
					c, minus(got, rgl), minus(rgl, got))
			}
		})
	}
}

// rgDiffers holds the pattern kinds (see ignoreLine) on which ripgrep
// and git disagree, found by TestIgnoreAgainstRipgrep, and why: cases
// using them are compared with git only.
var rgDiffers = map[string]string{
	// An escaped space followed by unescaped ones: git trims the
	// unescaped spaces and keeps the escaped one, so `a\  ` names the
	// file "a "; rg 15.2 trims every trailing space unless the line ends
	// in `\ `, and leaves the glob `a\`, which it refuses ("error parsing
	// glob 'a\': dangling '\'"), dropping that line only (seed 229:
	// HOME/excl "A\na\\  \n", file "a ": git ignores it, rg lists it).
	"escaped-space-then-spaces": "rg trims a trailing escaped space followed by spaces",
}

// needGit finds git, or skips the test: it is the oracle, and a machine
// without it cannot say what a .gitignore means. Variables that point git
// elsewhere than the test's repository and HOME skip the test too.
func needGit(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skipf("git, the oracle of this test, is not on PATH: %v", err)
	}
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG_GLOBAL", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"} {
		if os.Getenv(v) != "" {
			t.Skipf("%s is set, and would point git away from the test's repository and configuration", v)
		}
	}
	return git
}

// findRg15 finds ripgrep 14 or later (/opt/peers/bin/rg15 first), or
// skips the test.
func findRg15(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/opt/peers/bin/rg15"); err == nil {
		return "/opt/peers/bin/rg15"
	}
	rg, err := exec.LookPath("rg")
	if err != nil {
		t.Skipf("no ripgrep: neither /opt/peers/bin/rg15 nor rg on PATH")
	}
	out, err := exec.Command(rg, "--version").Output()
	var major int
	if err == nil {
		fmt.Sscanf(string(out), "ripgrep %d.", &major)
	}
	if major < 14 {
		t.Skipf("%s is not ripgrep 14 or later (%q)", rg, strings.SplitN(string(out), "\n", 2)[0])
	}
	return rg
}

// gitOthers is what git ls-files --others --exclude-standard lists in
// the directory search of repo: the untracked files it does not ignore.
func gitOthers(t *testing.T, repo string, env []string, git, search string) []string {
	t.Helper()
	return gitList(t, repo, env, git, search, "ls-files", "-z", "--others", "--exclude-standard")
}

// gitIgnored is what git ls-files --others --ignored --directory lists
// in the directory search of repo, relative to it: the ignored files,
// and the ignored directories as "dir/" ("./" when search itself is in
// one). It runs git at the repository's root: in an ignored
// subdirectory, git 2.39 stops with "internal error - directory entry
// not superset of prefix".
func gitIgnored(t *testing.T, repo string, env []string, git, search string) []string {
	t.Helper()
	all := gitList(t, repo, env, git, "", "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory")
	if search == "" {
		return all
	}
	var l []string
	for _, p := range all {
		switch {
		case strings.HasSuffix(p, "/") && strings.HasPrefix(search+"/", p):
			l = append(l, "./")
		case strings.HasPrefix(p, search+"/"):
			l = append(l, strings.TrimPrefix(p, search+"/"))
		}
	}
	return l
}

func gitList(t *testing.T, repo string, env []string, git, search string, args ...string) []string {
	t.Helper()
	r := runCtx(t, filepath.Join(repo, filepath.FromSlash(search)), nil, env, git, args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("git %q: status %d, stderr %q", args, r.code, r.stderr)
	}
	l := strings.Split(strings.TrimSuffix(r.stdout, "\x00"), "\x00")
	if r.stdout == "" {
		l = nil
	}
	slices.Sort(l)
	return l
}

// urgFilter is what urg --files --ignore --hidden lists in the
// directory search of repo, sorted; it fails the test on an error or on
// a path in .git.
func urgFilter(t *testing.T, repo string, env []string, search string) []string {
	t.Helper()
	r := runCtx(t, filepath.Join(repo, filepath.FromSlash(search)), nil, env, urgBin, "--files", "--ignore", "--hidden")
	if r.code > 1 || r.stderr != "" {
		t.Fatalf("urg --files --ignore --hidden: status %d, stderr %q", r.code, r.stderr)
	}
	l := sortedLines(r.stdout)
	for _, p := range l {
		if p == ".git" || strings.HasPrefix(p, ".git/") || strings.Contains(p, "/.git/") {
			t.Errorf("urg --files --ignore lists %q, in .git", p)
		}
	}
	return l
}

// minus is the elements of a not in b.
func minus(a, b []string) []string {
	var d []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			d = append(d, x)
		}
	}
	return d
}

// ignoreCase is one generated tree.
type ignoreCase struct {
	seed uint64
	// tree is the repository's files (relative path: content), ignore
	// files and .git/info/exclude among them.
	tree map[string]string
	// home is the files under HOME; "$HOME" in them stands for its path.
	home map[string]string
	// xdg is XDG_CONFIG_HOME relative to HOME, or "" for XDG_CONFIG_HOME
	// set but empty, which git takes as unset (HOME/.config).
	xdg    string
	search string   // the directory searched, relative to the repository; "" for its root
	kinds  kindSet  // the pattern kinds used
	global bool     // a global excludes file is in force
	ignDir []string // the directories holding a .gitignore
}

// kindSet is the pattern kinds an ignore case uses.
type kindSet map[string]bool

func (k kindSet) list() []string {
	l := make([]string, 0, len(k))
	for x := range k {
		l = append(l, x)
	}
	slices.Sort(l)
	return l
}

// differs says whether some kind is one where rg and git disagree.
func (k kindSet) differs() bool {
	for x := range k {
		if _, ok := rgDiffers[x]; ok {
			return true
		}
	}
	return false
}

// String shows the case as a failure message needs it: every file, the
// contents of the ignore files quoted (trailing spaces show), where the
// search ran.
func (c *ignoreCase) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d, searched from %q, XDG_CONFIG_HOME=%q (relative to HOME)\n", c.seed, "./"+c.search, c.xdg)
	var names []string
	for p := range c.tree {
		names = append(names, p)
	}
	slices.Sort(names)
	var plain []string
	for _, p := range names {
		if isIgnoreFile(p) {
			fmt.Fprintf(&b, "  %s: %q\n", p, c.tree[p])
		} else {
			plain = append(plain, p)
		}
	}
	fmt.Fprintf(&b, "  files: %q\n", plain)
	names = names[:0]
	for p := range c.home {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		fmt.Fprintf(&b, "  HOME/%s: %q\n", p, c.home[p])
	}
	return b.String()
}

func isIgnoreFile(p string) bool {
	return path.Base(p) == ".gitignore" || p == ".git/info/exclude"
}

// rulesAbove says whether ignore rules from above the searched directory
// apply: .gitignore files in its ancestors, .git/info/exclude, the global
// file (matched from the repository's root). rg applies those in its own
// way.
func (c *ignoreCase) rulesAbove() bool {
	if c.search == "" {
		return false
	}
	if c.global || c.tree[".git/info/exclude"] != "" {
		return true
	}
	for _, d := range c.ignDir {
		if d == "" || strings.HasPrefix(c.search+"/", d+"/") && d != c.search {
			return true
		}
	}
	return false
}

// gitTemplate is the .git directory of an empty repository, made by
// git init once for a test: each case copies it, which is faster than git
// init (that probes the file system and writes its configuration).
// --template= leaves out hooks and info/exclude, which exists only when a
// case writes one.
func gitTemplate(t *testing.T, git string) fs.FS {
	t.Helper()
	dir := t.TempDir()
	if r := runCtx(t, dir, nil, []string{"HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1"}, git, "init", "-q", "--template=", "r"); r.code != 0 {
		t.Fatalf("git init: %s", r.stderr)
	}
	return os.DirFS(filepath.Join(dir, "r", ".git"))
}

// write makes the case's repository (dotGit, then the files) and HOME in
// a temporary directory, and returns the repository's path and the
// environment git, rg and urg run with.
func (c *ignoreCase) write(t *testing.T, dotGit fs.FS) (string, []string) {
	t.Helper()
	tmp := t.TempDir()
	home, repo := filepath.Join(tmp, "home"), filepath.Join(tmp, "repo")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(repo, ".git"), dotGit); err != nil {
		t.Fatal(err)
	}
	xdg := ""
	if c.xdg != "" {
		xdg = filepath.Join(home, c.xdg)
	}
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + xdg, "GIT_CONFIG_NOSYSTEM=1", "GIT_CEILING_DIRECTORIES=" + tmp}
	writeTree(t, repo, c.tree)
	hf := make(map[string]string, len(c.home))
	for p, s := range c.home {
		hf[p] = strings.ReplaceAll(s, "$HOME", home)
	}
	writeTree(t, home, hf)
	return repo, env
}

// Names in the generated trees, from a small alphabet so that patterns
// hit: a file name is sometimes a directory's elsewhere, and a few need
// an escape in a pattern ("a ", "#x", "!x", "a*").
var (
	ignFileNames = []string{"a", "b", "ab", "ba", "A", "x.log", "y.txt", "a.log", ".hid", "build", "vendor", "d1", "a ", "#x", "!x", "a*"}
	ignDirNames  = []string{"d1", "d2", "build", "vendor", ".hid", "a", "sub"}
	// ignTerms are globs for one path component.
	ignTerms = []string{"a", "b", "ab", "A", "x.log", "y.txt", ".hid", "build", "vendor", "d1", "d2", "sub",
		"*", "*.log", "*.txt", "a*", "*b", "?", "??", "?b", "[ab]", "[!a]", "[!a]b", "[a-c]*", "[^b]*", ".*", "x.*", "d[12]", "*[0-9]"}
)

// newIgnoreCase generates the case of seed: 5 to 30 files at depth up
// to 3, .gitignore files (at the root most often), sometimes
// .git/info/exclude and a global excludes file, sometimes a search from
// a subdirectory.
func newIgnoreCase(seed uint64) *ignoreCase {
	r := rand.New(rand.NewPCG(seed, 0x1c0ffee))
	c := &ignoreCase{seed: seed, tree: map[string]string{}, home: map[string]string{}, kinds: kindSet{}}
	dirs := map[string]bool{"": true}
	n := 5 + r.IntN(26)
	for tries := 0; len(c.tree) < n && tries < 300; tries++ {
		var parts []string
		for range r.IntN(4) {
			parts = append(parts, pick(r, ignDirNames))
		}
		parts = append(parts, pick(r, ignFileNames))
		p := strings.Join(parts, "/")
		if dirs[p] || c.tree[p] != "" {
			continue
		}
		clash := false
		for i := 1; i < len(parts); i++ {
			if c.tree[strings.Join(parts[:i], "/")] != "" {
				clash = true
			}
		}
		if clash {
			continue
		}
		for i := 1; i < len(parts); i++ {
			dirs[strings.Join(parts[:i], "/")] = true
		}
		c.tree[p] = "x\n"
	}
	dirList := make([]string, 0, len(dirs))
	for d := range dirs {
		dirList = append(dirList, d)
	}
	slices.Sort(dirList)
	for _, d := range dirList {
		if d == "" && r.IntN(10) < 8 || d != "" && r.IntN(10) < 3 {
			c.tree[path.Join(d, ".gitignore")] = ignoreFile(r, c.kinds)
			c.ignDir = append(c.ignDir, d)
		}
	}
	if r.IntN(10) < 3 {
		c.tree[".git/info/exclude"] = ignoreFile(r, c.kinds)
		c.kinds["info-exclude"] = true
	}
	c.xdg = []string{".config", "", "xdg"}[r.IntN(3)]
	cfg := c.xdg
	if cfg == "" {
		cfg = ".config"
	}
	if r.IntN(10) < 4 {
		c.global = true
		key := pick(r, []string{"excludesFile", "excludesfile"})
		switch mode := r.IntN(4); mode {
		case 0: // the default place
			c.home[cfg+"/git/ignore"] = ignoreFile(r, c.kinds)
			c.kinds["global-xdg-ignore"] = true
		case 1, 2: // core.excludesFile in ~/.gitconfig or in the XDG config
			where, name := ".gitconfig", "$HOME/excl"
			if mode == 2 {
				where, name = cfg+"/git/config", "~/excl"
				c.kinds["excludesfile-tilde"] = true
			}
			c.home[where] = "[core]\n\t" + key + " = " + name + "\n"
			c.home["excl"] = ignoreFile(r, c.kinds)
			c.kinds["global-excludesfile"] = true
		case 3: // core.excludesFile set: the default place is not read
			c.home[cfg+"/git/ignore"] = ignoreFile(r, c.kinds)
			c.home[".gitconfig"] = "[core]\n\t" + key + " = $HOME/excl\n"
			c.home["excl"] = ignoreFile(r, c.kinds)
			c.kinds["global-overridden"] = true
		}
	}
	if r.IntN(10) < 3 && len(dirList) > 1 {
		c.search = dirList[1+r.IntN(len(dirList)-1)]
	}
	return c
}

func pick(r *rand.Rand, l []string) string { return l[r.IntN(len(l))] }

// ignoreFile is an ignore file's contents: 1 to 7 lines, at least one a
// pattern, the last newline sometimes missing.
func ignoreFile(r *rand.Rand, kinds kindSet) string {
	var lines []string
	patterns := 0
	for n := 1 + r.IntN(7); len(lines) < n || patterns == 0; {
		l, isPattern := ignoreLine(r, kinds)
		lines = append(lines, l...)
		if isPattern {
			patterns++
		}
	}
	s := strings.Join(lines, "\n")
	if r.IntN(8) != 0 {
		s += "\n"
	}
	return s
}

// ignoreLine is one to three lines of an ignore file, and whether they
// hold a pattern; kinds gets the kind of each (the names rgDiffers uses).
func ignoreLine(r *rand.Rand, kinds kindSet) ([]string, bool) {
	switch k := r.IntN(100); {
	case k < 5:
		kinds["comment"] = true
		return []string{pick(r, []string{"# a comment", "#a", "#*", "# !a"})}, false
	case k < 9:
		kinds["blank"] = true
		return []string{pick(r, []string{"", " ", "  "})}, false
	case k < 13: // idioms that need two lines in order
		kind := pick(r, []string{"hidden-whitelist", "parent-excluded", "reinclude-in-dir", "only-dirs-kept"})
		kinds[kind] = true
		d := pick(r, ignDirNames)
		switch kind {
		case "hidden-whitelist":
			return []string{".*", "!.hid"}, true
		case "parent-excluded": // git cannot re-include a file whose directory is excluded
			return []string{d + "/", "!" + d + "/" + pick(r, ignFileNames[:4])}, true
		case "reinclude-in-dir":
			return []string{d + "/*", "!" + d + "/" + pick(r, ignFileNames[:4])}, true
		default:
			return []string{"*", "!*/", "!*." + pick(r, []string{"log", "txt"})}, true
		}
	case k < 20: // escapes
		kind, p := "escape", pick(r, []string{`\!x`, `\#x`, `a\*`, `\a`, `a\?`, `\[ab]`, `[\!a]b`})
		if r.IntN(3) == 0 {
			kind, p = "escaped-space", `a\ `
			if r.IntN(2) == 0 {
				kind, p = "escaped-space-then-spaces", `a\  `
			}
		}
		kinds[kind] = true
		if r.IntN(4) == 0 {
			p = "!" + p
			kinds["negation"] = true
		}
		return []string{p}, true
	}
	term, d := pick(r, ignTerms), pick(r, ignDirNames)
	kind, p := "", ""
	switch r.IntN(10) {
	case 0, 1, 2:
		kind, p = "plain", term
	case 3:
		kind, p = "anchored", "/"+term
	case 4:
		kind, p = "slash", d+"/"+term
	case 5:
		kind, p = "slash-anchored", "/"+d+"/"+term
	case 6:
		kind, p = "leading-**", "**/"+term
		if r.IntN(2) == 0 {
			kind, p = "leading-**-dir", "**/"+d+"/"+term
		}
	case 7:
		kind, p = "middle-**", d+"/**/"+term
	case 8:
		kind, p = "trailing-**", d+"/**"
	case 9:
		kind, p = "star-dir", "*/"+term
	}
	kinds[kind] = true
	if r.IntN(5) == 0 {
		p += "/"
		kinds["dir-only"] = true
	}
	if r.IntN(4) == 0 {
		p = "!" + p
		kinds["negation"] = true
	}
	if r.IntN(10) == 0 {
		p += pick(r, []string{" ", "  "})
		kinds["trailing-spaces"] = true
	}
	return []string{p}, true
}
