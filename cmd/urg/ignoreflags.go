package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/pflag"

	"urg/walk/ignore"
)

// ignoreFlags are ripgrep's flags that choose the ignore files and the
// hidden entries a walk skips. Each pair (--no-ignore-vcs and
// --ignore-vcs, ...) shares one choice: +1 the positive form, -1 the
// "no-" form, 0 neither given; the later given wins, as in ripgrep.
type ignoreFlags struct {
	// filter: --ignore was given, ripgrep's default filtering: ignore
	// files read, hidden entries and .git directories skipped. The
	// flags after it undo parts of it; it stays what hidden entries
	// default to.
	filter                 bool
	ignore                 int // --ignore: +1; --no-ignore, -u: -1
	vcs, dot, parent       int
	global, exclude, files int
	requireGit, oneFS      int
	hidden                 int // --hidden, -uu: +1; --no-hidden, --hidden=false: -1
	ignoreFiles            []string
	unrestricted           int // how many -u
}

// ignoreUnit is the flags of the ignore files and hidden entries.
func ignoreUnit() flagUnit { return flagUnit{"ignore", defineIgnoreFlags, (*options).setIgnore} }

// defineIgnoreFlags defines the flags of the ignore files and hidden
// entries.
func defineIgnoreFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	f := &o.ign
	actionVar(fs, "ignore", "", "filter as ripgrep does by default: skip what ignore files name (.rgignore, .ignore, .gitignore, .git/info/exclude, git's global excludes file), hidden entries and .git directories; -u, -uu, --hidden and the --no-ignore flags undo parts of it (by default everything is searched, as in grep)",
		func() { f.filter, f.ignore = true, +1 }, func() { f.filter, f.ignore = false, 0 })
	choiceVar(fs, &f.ignore, -1, "no-ignore", "", "read no ignore file (.rgignore, .ignore, .gitignore, exclude and global files); --ignore-file still counts")
	actionVar(fs, "unrestricted", "u", "search more: -u is --no-ignore, -uu also --hidden, -uuu also binary files (which urg searches anyway, as grep does)", func() {
		f.unrestricted++
		switch f.unrestricted {
		case 1:
			f.ignore = -1
		case 2:
			f.hidden = +1
		}
	}, nil)
	pair := func(dst *int, name, doc string) {
		choiceVar(fs, dst, -1, "no-"+name, "", doc)
		choiceVar(fs, dst, +1, name, "", "undo --no-"+name)
	}
	pair(&f.vcs, "ignore-vcs", "read no .gitignore, .git/info/exclude or global excludes file")
	pair(&f.dot, "ignore-dot", "read no .ignore or .rgignore file")
	pair(&f.parent, "ignore-parent", "read no ignore file in the directories above a searched directory")
	pair(&f.global, "ignore-global", "read no global git excludes file (core.excludesFile, or $XDG_CONFIG_HOME/git/ignore)")
	pair(&f.exclude, "ignore-exclude", "read no .git/info/exclude file")
	pair(&f.files, "ignore-files", "read no --ignore-file, given before or after")
	fs.StringArrayVar(&f.ignoreFiles, "ignore-file", nil, "skip what the gitignore-style `FILE` names, its patterns taken below the current directory (repeatable; under every other ignore file, the later over the earlier)")
	choiceVar(fs, &f.requireGit, -1, "no-require-git", "", "read .gitignore files outside git repositories too")
	choiceVar(fs, &f.requireGit, +1, "require-git", "", "undo --no-require-git")
	actionVar(fs, "hidden", "", "search files and directories whose names start with a dot (the default, unless --ignore; --hidden=false skips them)",
		func() { f.hidden = +1 }, func() { f.hidden = -1 })
	actionVar(fs, "no-hidden", "", "skip files and directories whose names start with a dot",
		func() { f.hidden = -1 }, func() { f.hidden = +1 })
	choiceVar(fs, &f.oneFS, +1, "one-file-system", "", "walk no directory on another file system than the searched directory's")
	choiceVar(fs, &f.oneFS, -1, "no-one-file-system", "", "undo --one-file-system")
}

// rules turns the flags into the walk's ignore rules: nil when no
// ignore file is read. env is the environment (os.Getenv), which says
// where git's global excludes file is; cwd the current directory.
func (f *ignoreFlags) rules(env func(string) string, cwd string) *ignore.Rules {
	var files []string
	if f.files >= 0 {
		files = f.ignoreFiles
	}
	on := f.ignore > 0
	if !on && len(files) == 0 {
		return nil
	}
	r := ignore.Defaults(env, cwd)
	r.Dot, r.VCS = on && f.dot >= 0, on && f.vcs >= 0
	r.Exclude = r.VCS && f.exclude >= 0
	if !r.VCS || f.global < 0 {
		r.Global = ""
	}
	r.Parents, r.RequireGit, r.Files = f.parent >= 0, f.requireGit >= 0, files
	return &r
}

// setIgnore sets the walk's ignore rules and hidden names from the
// flags; an ignore file given by --ignore-file that cannot be read is an
// error.
func (o *options) setIgnore(_ *pflag.FlagSet, _ *rawFlags) error {
	f := &o.ign
	o.walk.NoHidden = f.hidden < 0 || f.hidden == 0 && f.filter
	o.walk.OneFileSystem = f.oneFS > 0
	cwd, _ := os.Getwd()
	r := f.rules(o.env.getenv, cwd)
	if r == nil {
		return nil
	}
	set, err := ignore.NewSet(*r)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %s", pe.Path, message(pe.Err))
		}
		return plainError{err}
	}
	o.walk.Ignore = set
	o.walk.NoGitDir = f.filter && r.VCS
	return nil
}
