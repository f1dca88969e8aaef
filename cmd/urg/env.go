package main

import (
	"errors"

	"urg/internal/size"
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
	// The test hooks: URG_DISABLE_URING=1 (ringRefused),
	// URG_GROW_AT_ONCE=1, URG_FAULTS, and the sizes URG_SPLIT_PIECE,
	// URG_SPLIT_MIN and URG_CACHE_BUDGET (0 when unset).
	disableUring, growAtOnce        bool
	faults                          string
	splitPiece, splitMin, cacheSize int
}

// readEnv reads the environment getenv looks up (os.Getenv).
func readEnv(getenv func(string) string) environ {
	return environ{
		configPath:   getenv("URG_CONFIG_PATH"),
		utf8:         utf8Locale(getenv),
		collation:    collation(getenv),
		getenv:       getenv,
		noColor:      getenv("TERM") == "dumb" || getenv("NO_COLOR") != "",
		grepColor:    getenv("GREP_COLOR"),
		grepColors:   getenv("GREP_COLORS"),
		disableUring: getenv("URG_DISABLE_URING") == "1",
		growAtOnce:   getenv("URG_GROW_AT_ONCE") == "1",
		faults:       getenv("URG_FAULTS"),
		splitPiece:   envSize(getenv("URG_SPLIT_PIECE")),
		splitMin:     envSize(getenv("URG_SPLIT_MIN")),
		cacheSize:    envSize(getenv("URG_CACHE_BUDGET")),
	}
}

// ringRefused is the refusal of io_uring that URG_DISABLE_URING=1
// pretends, as a kernel or sandbox that refuses it would, so that the
// fallbacks can be tested anywhere; nil without it.
func (e environ) ringRefused() error {
	if e.disableUring {
		return errors.New("io_uring disabled by URG_DISABLE_URING")
	}
	return nil
}

// cacheBudget is how much --cache=auto reads through the page cache
// before it drops: an eighth of the memory available, or the test hook
// URG_CACHE_BUDGET's size.
func (e environ) cacheBudget() int64 {
	if e.cacheSize > 0 {
		return int64(e.cacheSize)
	}
	return memAvailable() / sched.CacheShare
}

// envSize reads a size in bytes from a variable's value: a test hook
// that makes the split across cores happen on small files. 0 means
// unset.
func envSize(value string) int {
	n, err := size.Parse(value)
	if err != nil {
		return 0
	}
	return int(n)
}
