package main

import (
	"syscall"

	"urg/sched"
)

// environ is what urg takes from its environment, read once, by
// readEnv, as the command starts; nothing else in urg reads a variable
// (but main, which reads GOGC and the profiles' before run).
type environ struct {
	configPath string // URG_CONFIG_PATH: the file of default flags
	// utf8: LC_ALL, LC_CTYPE or LANG names a UTF-8 locale (utf8Locale).
	utf8 bool
	// collation is the locale LC_ALL, LC_COLLATE or LANG names for -G
	// and -E's equivalence classes (collation).
	collation string
	// getenv is the environment for git's global excludes file, which
	// the ignore rules look up (HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL).
	getenv func(string) string
	// noColor: TERM is dumb or NO_COLOR is set, and --color=auto
	// colours nothing.
	noColor bool
	// grepColor and grepColors are GREP_COLOR and GREP_COLORS, grep's
	// colours.
	grepColor, grepColors string
	// test are the test switches, which only a build with -tags faults
	// reads (testenv_faults.go); a release build has none.
	test testEnv
	// cwd is the working directory as ripgrep reads it, which -g,
	// --iglob and --pre-glob anchor their globs at (workingDir).
	cwd string
}

// readEnv reads the environment getenv looks up (os.Getenv).
func readEnv(getenv func(string) string) environ {
	return environ{
		configPath: getenv("URG_CONFIG_PATH"),
		utf8:       utf8Locale(getenv),
		collation:  collation(getenv),
		getenv:     getenv,
		noColor:    getenv("TERM") == "dumb" || getenv("NO_COLOR") != "",
		grepColor:  getenv("GREP_COLOR"),
		grepColors: getenv("GREP_COLORS"),
		test:       readTestEnv(getenv),
		cwd:        workingDir(getenv),
	}
}

// workingDir is the working directory as ripgrep's current_dir reads it
// (crates/core/flags/hiargs.rs): getcwd's answer, a path through no
// symbolic link, and PWD only when getcwd fails. os.Getwd would prefer
// PWD wherever it names the same directory, and a PWD through a link
// would anchor the globs where ripgrep does not. "" when neither says.
func workingDir(getenv func(string) string) string {
	if d, err := syscall.Getwd(); err == nil {
		return d
	}
	return getenv("PWD")
}

// cacheBudget is how much --cache=auto reads through the page cache
// before it drops: an eighth of the memory available, or, in a build
// with -tags faults, the test switch URG_CACHE_BUDGET's size.
func (e environ) cacheBudget() int64 {
	if b := e.test.cacheBudget(); b > 0 {
		return b
	}
	return memAvailable() / sched.CacheShare
}
