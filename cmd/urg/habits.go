package main

// The flags grep and ripgrep users type beyond the first set: case
// choices, ripgrep's line shapes, a file of default flags, lists of
// files and shards.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"urg/match"
	"urg/printer"
	"urg/walk"
)

// Case choices: of -i, -y, -S and --no-ignore-case the later wins.
const (
	caseSensitive = iota
	caseIgnore
	caseSmart
)

// Counts: -c counts lines, --count-matches matches; the later wins.
const (
	countLines   = 1
	countMatches = 2
)

// shapeFlags are ripgrep's line shapes and grep's -T.
type shapeFlags struct {
	column, vimgrep, passthru, trim, initialTab bool
	replace                                     *string // --replace, nil when not given
	maxColumns                                  int
	maxColumnsPreview                           bool
}

// optString is a string flag that records whether it was given: an empty
// --replace= replaces matches with nothing.
type optString struct{ dst **string }

func (o optString) String() string {
	if *o.dst == nil {
		return ""
	}
	return **o.dst
}
func (o optString) Type() string { return "string" }
func (o optString) Set(s string) error {
	*o.dst = &s
	return nil
}

// applyHabits checks and applies the flags of this file, after the
// patterns are known.
func (o *options) applyHabits(r *rawFlags) error {
	switch r.caseMode {
	case caseIgnore:
		o.match.IgnoreCase = true
	case caseSmart:
		o.match.IgnoreCase = !hasUpper(o.patterns, o.match.Fixed)
	}
	sh := &o.shape
	if sh.maxColumns < 0 {
		return plainError{errors.New("--max-columns must be a non-negative number")}
	}
	if o.multiline && o.crlf {
		return plainError{errors.New("--multiline cannot be used with --crlf")}
	}
	if o.multiline && o.nullData {
		return plainError{errors.New("--multiline cannot be used with -z")}
	}
	if sh.column || sh.vimgrep {
		o.lineNumber = true // as rg: a column is told with its line
	}
	if sh.vimgrep && o.filename == 0 {
		o.filename = +1 // vim's quickfix list needs the file's name
	}
	if sh.passthru {
		// Every line is printed and none is left out between groups:
		// there are no groups to set apart.
		o.noGroupSep = true
	}
	if o.shardSpec != "" {
		sh, err := walk.ParseShard(o.shardSpec)
		if err != nil {
			return plainError{err}
		}
		o.shard = sh
	}
	return nil
}

// hasUpper says whether a pattern holds an upper-case letter of its own,
// for -S: the letters of escapes (\S, \W, \p{Lu}, \x{4A}) and of group
// names are not the pattern's text and do not count, as in ripgrep.
func hasUpper(patterns []string, fixed bool) bool {
	for _, p := range patterns {
		for i := 0; i < len(p); {
			r, n := utf8.DecodeRuneInString(p[i:])
			switch {
			case fixed:
			case r == '\\' && i+1 < len(p):
				n = 2 + escapeArg(p[i+2:], p[i+1])
			case strings.HasPrefix(p[i:], "(?P<") || strings.HasPrefix(p[i:], "(?<") && !strings.HasPrefix(p[i:], "(?<=") && !strings.HasPrefix(p[i:], "(?<!"):
				if end := strings.IndexByte(p[i:], '>'); end > 0 {
					n = end + 1
				}
			}
			if unicode.IsUpper(r) && n == utf8.RuneLen(r) {
				return true
			}
			i += n
		}
	}
	return false
}

// escapeArg is how many bytes after an escape's letter are its argument:
// the braces of \p{..}, \x{..}, \N{..}, the letter of \pL, two hex digits
// of \xHH.
func escapeArg(s string, letter byte) int {
	switch letter {
	case 'p', 'P', 'x', 'N', 'o':
		if strings.HasPrefix(s, "{") {
			if end := strings.IndexByte(s, '}'); end >= 0 {
				return end + 1
			}
		}
		if letter == 'p' || letter == 'P' {
			return min(1, len(s))
		}
		if letter == 'x' {
			n := 0
			for n < 2 && n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
				n++
			}
			return n
		}
	}
	return 0
}

// shapeConfig sets the printer's line shapes and the search's passthru.
func (o *options) shapeConfig(pc *printer.Config) error {
	sh := o.shape
	pc.Column, pc.Vimgrep, pc.Trim, pc.InitialTab = sh.column, sh.vimgrep, sh.trim, sh.initialTab
	pc.MaxColumns, pc.MaxColumnsPreview = sh.maxColumns, sh.maxColumnsPreview
	pc.CRLF = o.crlf && !o.nullData
	pc.StdinLabel = o.stdinLabel()
	pc.NullData = o.nullData
	pc.Multiline = o.multiline
	if sh.replace != nil {
		newReplacer := match.NewReplacer
		if o.multiline {
			newReplacer = match.NewMultilineReplacer
		}
		rep, err := newReplacer(o.patterns, o.match, *sh.replace)
		if err != nil {
			return err
		}
		pc.Replace = rep.Append
	}
	return nil
}

// stdinLabel is standard input's name in the output: --label's, or grep's.
func (o *options) stdinLabel() string {
	if o.label != "" {
		return o.label
	}
	return walk.StdinLabel
}

// configArgs puts the flags of the file URG_CONFIG_PATH names (env) before
// args, as ripgrep does with RIPGREP_CONFIG_PATH: one argument per line,
// white space around it dropped, empty lines and lines starting with '#'
// skipped. --no-config among args (before a "--") leaves it out. A file
// that cannot be read is warned about and left out, as rg does.
func configArgs(args []string, env string, stderr io.Writer) []string {
	if env == "" {
		return args
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--no-config" {
			return args
		}
	}
	data, err := os.ReadFile(env)
	if err != nil {
		fmt.Fprintf(stderr, "urg: URG_CONFIG_PATH: %s: %s\n", env, message(err))
		return args
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return append(out, args...)
}

// readFileList reads --files-from FILE ("-" is standard input): a path
// per line, or per NUL with --null; empty entries are skipped.
func readFileList(name string, null bool) ([]string, error) {
	data, err := readInput(name)
	if err != nil {
		return nil, err
	}
	sep := byte('\n')
	if null {
		sep = 0
	}
	var paths []string
	for len(data) > 0 {
		entry := data
		if i := bytes.IndexByte(data, sep); i >= 0 {
			entry, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if sep == '\n' {
			entry = bytes.TrimSuffix(entry, []byte{'\r'})
		}
		if len(entry) > 0 {
			paths = append(paths, string(entry))
		}
	}
	return paths, nil
}
