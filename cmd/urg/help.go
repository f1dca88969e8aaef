package main

// --help, --version and --generate, and the order --help, the man page
// and the completions list the flags in.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"
)

// helpUnit is --generate, --help and --version: they print and exit, as
// --type-list does.
func helpUnit() flagUnit { return flagUnit{"help", defineHelpFlags, (*options).setHelp} }

func defineHelpFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.StringVar(&o.generate, "generate", "", "print `WHAT` and exit: man (the man page, roff), complete-bash, complete-zsh or complete-fish")
	fs.BoolVar(&o.help, "help", false, "print this help")
	fs.BoolVarP(&o.version, "version", "V", false, "print the version")
}

// errNoSearch stops the appliers: the command prints a text and needs no
// pattern or path.
var errNoSearch = errors.New("nothing to search")

// setHelp stops the appliers when the command only prints a text.
func (o *options) setHelp(_ *pflag.FlagSet, _ *rawFlags) error {
	if o.help || o.version || o.generate != "" || o.sel.typeList {
		return errNoSearch
	}
	return nil
}

// helpOrder is the order the flags are listed in by --help, the man
// page, the completions and docs/flags.md, whatever unit defines them:
// grep's first, as grep lists them, then ripgrep's and urg's own.
// TestHelpOrder checks that it names every flag once.
func helpOrder() []string {
	return []string{
		"regexp", "file", "fixed-strings", "perl-regexp", "extended-regexp", "basic-regexp",
		"ignore-case", "word-regexp", "line-regexp", "invert-match", "y", "smart-case",
		"no-ignore-case", "no-unicode", "unicode", "count", "count-matches", "include-zero",
		"files-with-matches", "files-without-match", "only-matching", "line-number",
		"no-line-number", "byte-offset", "with-filename", "no-filename", "max-count",
		"stop-on-nonmatch", "quiet", "silent", "no-messages", "after-context",
		"before-context", "context", "group-separator", "no-group-separator",
		"context-separator", "field-match-separator", "field-context-separator",
		"no-context-separator", "null", "null-data", "multiline-dotall", "multiline",
		"binary", "no-heading", "pretty", "heading", "line-buffered", "column", "vimgrep",
		"replace", "max-columns", "max-columns-preview", "no-max-columns-preview",
		"passthru", "trim", "initial-tab", "label", "json", "files", "include", "exclude",
		"exclude-dir", "ignore", "no-ignore", "unrestricted", "no-ignore-vcs", "ignore-vcs",
		"no-ignore-dot", "ignore-dot", "no-ignore-parent", "ignore-parent",
		"no-ignore-global", "ignore-global", "no-ignore-exclude", "ignore-exclude",
		"no-ignore-files", "ignore-files", "ignore-file", "no-require-git", "require-git",
		"hidden", "no-hidden", "one-file-system", "no-one-file-system", "max-depth", "type",
		"type-not", "type-add", "type-clear", "type-list", "glob", "iglob",
		"glob-case-insensitive", "max-filesize", "exclude-from", "directories", "devices",
		"text", "binary-without-match", "binary-files", "color", "colors",
		"hyperlink-format", "colour", "recursive", "dereference-recursive", "follow",
		"threads", "sort", "sortr", "stats", "io", "mmap-chunk", "low-memory", "encoding",
		"no-encoding", "pre", "no-pre", "pre-glob", "crlf", "no-crlf", "search-zip", "cache",
		"queue-depth", "generate", "files-from", "shard", "index", "index-update", "index-dir", "no-config", "help", "version",
	}
}

func usage() string {
	o := &options{}
	fs, _ := flagSet(o)
	return "Usage: urg [OPTION]... PATTERN [PATH]...\n" +
		"Search for PATTERN (Perl syntax, or POSIX's with -E and -G) in each PATH; directories are searched recursively.\n" +
		"With no PATH, search standard input when it is not a terminal, else the current directory.\n\n" +
		flagTable(fs, "  %-32s %s\n") +
		"\nExit status: 0 if a line was selected, 1 if none, 2 if an error occurred (unless -q selected a line).\n"
}

// flagTable renders every flag as a row of format, which takes the flag's
// spelling and its description; help and the README's table come from it.
func flagTable(fs *pflag.FlagSet, format string) string {
	var b strings.Builder
	fs.VisitAll(func(f *pflag.Flag) {
		name, usage := pflag.UnquoteUsage(f)
		spell := "    --" + f.Name
		if f.Shorthand == f.Name {
			spell = "-" + f.Name // -y: grep has no long name for it
		} else if f.Shorthand != "" {
			spell = "-" + f.Shorthand + ", --" + f.Name
		}
		if f.Value.Type() != "bool" {
			spell += "=" + name
		}
		if d := f.DefValue; f.Value.Type() != "bool" && d != "" && d != "0" && d != "-1" && d != "[]" {
			usage += " (default " + d + ")"
		}
		fmt.Fprintf(&b, format, spell, usage)
	})
	return b.String()
}
