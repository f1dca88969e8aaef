package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// getoptArgs rewrites the command line into what pflag reads, taking the
// two getopt_long conventions grep users type that pflag lacks:
//   - a long option may be shortened to any prefix that names one option
//     (--max-c=2 is --max-count=2); a prefix shared by several is an
//     error naming them, as getopt_long's; the full name of a ripgrep
//     option urg lacks is refused, not read as a prefix (--no-ignore is
//     not --no-ignore-case);
//   - digits among short options are a context length, -NUM being -C NUM
//     (-3, -n3); a later run of digits replaces an earlier one.
//
// Arguments after "--", and the values of options that take one, are
// left as they are.
func getoptArgs(fs *pflag.FlagSet, args []string) ([]string, error) {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			out = append(out, args[i:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			f, err := longFlag(fs, name)
			if err != nil {
				return nil, err
			}
			if f == nil {
				out = append(out, a) // pflag names the unknown option
				continue
			}
			a = "--" + f.Name
			if hasValue {
				a += "=" + value
			}
			out = append(out, a)
			if !hasValue && f.NoOptDefVal == "" && i+1 < len(args) {
				i++ // its value, whatever it looks like
				out = append(out, args[i])
			}
		case len(a) > 1 && a[0] == '-':
			kept, digits, takesNext := shortCluster(fs, a[1:])
			if digits != "" {
				// In place, so that a later -C, or later digits,
				// win as a later option does.
				n, err := strconv.Atoi(digits)
				if err != nil {
					return nil, fmt.Errorf("%s: invalid context length argument", digits)
				}
				out = append(out, "--context="+strconv.Itoa(n))
			}
			if kept != "" {
				out = append(out, "-"+kept)
			}
			if takesNext && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
		default:
			out = append(out, a)
		}
	}
	return out, nil
}

// longFlag finds the flag a long option's name (or a prefix of it) names:
// nil when none does, an error when the prefix is shared or when name is
// a ripgrep option's that urg does not take (whatever urg option it
// begins, the user meant ripgrep's).
func longFlag(fs *pflag.FlagSet, name string) (*pflag.Flag, error) {
	if f := fs.Lookup(name); f != nil || name == "" {
		return f, nil
	}
	if isRipgrepOption(name) {
		return nil, fmt.Errorf("unrecognized option '--%s' (a ripgrep option urg does not take)", name)
	}
	var found []*pflag.Flag
	fs.VisitAll(func(f *pflag.Flag) {
		if strings.HasPrefix(f.Name, name) {
			found = append(found, f)
		}
	})
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return found[0], nil
	}
	// A prefix grep takes means what it means to grep, though urg has
	// more options that start so (--max-c is --max-count, not
	// --max-columns).
	var ofGrep []*pflag.Flag
	for _, f := range found {
		if isGrepOption(f.Name) {
			ofGrep = append(ofGrep, f)
		}
	}
	if len(ofGrep) == 1 {
		return ofGrep[0], nil
	}
	names := make([]string, len(found))
	for i, f := range found {
		names[i] = "'--" + f.Name + "'"
	}
	return nil, fmt.Errorf("option '--%s' is ambiguous; possibilities: %s", name, strings.Join(names, " "))
}

// shortCluster splits the letters of one short-option argument (without
// its dash) into the options pflag reads and the last run of digits. An
// option that takes a value ends the cluster: the rest is its value, or,
// when nothing is left, the next argument is (takesNext).
func shortCluster(fs *pflag.FlagSet, s string) (kept, digits string, takesNext bool) {
	var b strings.Builder
	run := false // the previous letter was a digit
	for j := 0; j < len(s); j++ {
		c := s[j]
		if '0' <= c && c <= '9' {
			if !run {
				digits = ""
			}
			digits += string(c)
			run = true
			continue
		}
		run = false
		b.WriteByte(c)
		if f := fs.ShorthandLookup(string(c)); f != nil && f.NoOptDefVal == "" {
			b.WriteString(s[j+1:])
			return b.String(), digits, j+1 == len(s)
		}
	}
	return b.String(), digits, false
}

// isGrepOption says whether name is one of GNU grep 3.8's long options,
// whose prefixes keep grep's meaning.
func isGrepOption(name string) bool {
	switch name {
	case "after-context", "basic-regexp", "before-context", "binary",
		"binary-files", "byte-offset", "color", "colour", "context", "count",
		"dereference-recursive", "devices", "directories", "exclude",
		"exclude-dir", "exclude-from", "extended-regexp", "file",
		"files-with-matches", "files-without-match", "fixed-strings",
		"group-separator", "help", "ignore-case", "include", "initial-tab",
		"invert-match", "label", "line-buffered", "line-number", "line-regexp",
		"max-count", "no-filename", "no-group-separator", "no-ignore-case",
		"no-messages", "null", "null-data", "only-matching", "perl-regexp",
		"quiet", "recursive", "regexp", "silent", "text", "version",
		"with-filename", "word-regexp":
		return true
	}
	return false
}

// isRipgrepOption says whether name is the full name of one of ripgrep
// 15.2's long options, their --no- negations or their aliases.
func isRipgrepOption(name string) bool {
	_, found := slices.BinarySearch(ripgrepOptions, name)
	return found
}

// ripgrepOptions, sorted, is every name_long, name_negated and alias of
// the flags ripgrep 15.2.0 defines (the FLAGS table of
// crates/core/flags/defs.rs at its tag 15.2.0). It is never written.
// TestArgsRipgrepOptions checks it against an installed rg's --help.
var ripgrepOptions = []string{
	"after-context", "auto-hybrid-regex", "before-context", "binary",
	"block-buffered", "byte-offset", "case-sensitive", "color", "colors",
	"column", "context", "context-separator", "count", "count-matches",
	"crlf", "debug", "dfa-size-limit", "encoding", "engine",
	"field-context-separator", "field-match-separator", "file", "files",
	"files-with-matches", "files-without-match", "fixed-strings", "follow",
	"generate", "glob", "glob-case-insensitive", "heading", "help",
	"hidden", "hostname-bin", "hyperlink-format", "iglob", "ignore",
	"ignore-case", "ignore-dot", "ignore-exclude", "ignore-file",
	"ignore-file-case-insensitive", "ignore-files", "ignore-global",
	"ignore-messages", "ignore-parent", "ignore-vcs", "include-zero",
	"invert-match", "json", "line-buffered", "line-number", "line-regexp",
	"max-columns", "max-columns-preview", "max-count", "max-depth",
	"max-filesize", "maxdepth", "messages", "mmap", "multiline",
	"multiline-dotall", "no-auto-hybrid-regex", "no-binary",
	"no-block-buffered", "no-byte-offset", "no-column", "no-config",
	"no-context-separator", "no-crlf", "no-encoding", "no-filename",
	"no-fixed-strings", "no-follow", "no-glob-case-insensitive",
	"no-heading", "no-hidden", "no-ignore", "no-ignore-dot",
	"no-ignore-exclude", "no-ignore-file-case-insensitive",
	"no-ignore-files", "no-ignore-global", "no-ignore-messages",
	"no-ignore-parent", "no-ignore-vcs", "no-include-zero",
	"no-invert-match", "no-json", "no-line-buffered", "no-line-number",
	"no-max-columns-preview", "no-messages", "no-mmap", "no-multiline",
	"no-multiline-dotall", "no-one-file-system", "no-pcre2",
	"no-pcre2-unicode", "no-pre", "no-require-git", "no-search-zip",
	"no-sort-files", "no-stats", "no-text", "no-trim", "no-unicode",
	"null", "null-data", "one-file-system", "only-matching", "passthrough",
	"passthru", "path-separator", "pcre2", "pcre2-unicode",
	"pcre2-version", "pre", "pre-glob", "pretty", "quiet",
	"regex-size-limit", "regexp", "replace", "require-git", "search-zip",
	"smart-case", "sort", "sort-files", "sortr", "stats",
	"stop-on-nonmatch", "text", "threads", "trace", "trim", "type",
	"type-add", "type-clear", "type-list", "type-not", "unicode",
	"unrestricted", "version", "vimgrep", "with-filename", "word-regexp",
}
