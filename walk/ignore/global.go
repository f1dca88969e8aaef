package ignore

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// GlobalExcludes is git's global excludes file: core.excludesFile of
// the user's git configuration ($XDG_CONFIG_HOME/git/config, then
// ~/.gitconfig, the later winning, as git reads them; the file
// GIT_CONFIG_GLOBAL names in their place), else
// $XDG_CONFIG_HOME/git/ignore ($HOME/.config when XDG_CONFIG_HOME is
// not set); "" when there is no home to look in. env looks up an
// environment variable (os.Getenv).
func GlobalExcludes(env func(string) string) string {
	home := env("HOME")
	xdg := env("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	configs := []string{joinIf(xdg, "git/config"), joinIf(home, ".gitconfig")}
	if g := env("GIT_CONFIG_GLOBAL"); g != "" {
		configs = []string{g} // git reads it in their place
	}
	var found string
	for _, cfg := range configs {
		if cfg == "" {
			continue
		}
		if v, ok := excludesFileOf(cfg); ok {
			found = v
		}
	}
	if found != "" {
		if rest, ok := strings.CutPrefix(found, "~/"); ok && home != "" {
			found = filepath.Join(home, rest)
		}
		return found
	}
	if xdg == "" {
		return ""
	}
	return filepath.Join(xdg, "git", "ignore")
}

// joinIf is filepath.Join, but "" when dir is.
func joinIf(dir, rel string) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, rel)
}

// excludesFileOf reads core.excludesFile from a git configuration file:
// the last "excludesfile = VALUE" of a [core] section (keys and section
// names are not case-sensitive in git; quotes and a trailing comment
// are taken off the value).
func excludesFileOf(path string) (string, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", false
	}
	var value string
	found, inCore := false, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			name, _, _ := strings.Cut(strings.TrimPrefix(line, "["), "]")
			inCore = strings.EqualFold(strings.TrimSpace(name), "core")
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !inCore || !ok || !strings.EqualFold(strings.TrimSpace(key), "excludesfile") {
			continue
		}
		val = strings.TrimSpace(val)
		if strings.HasPrefix(val, `"`) {
			if end := strings.Index(val[1:], `"`); end >= 0 {
				val = val[1 : end+1]
			}
		} else if i := strings.IndexAny(val, "#;"); i >= 0 {
			val = strings.TrimSpace(val[:i])
		}
		value, found = val, true
	}
	return value, found
}
