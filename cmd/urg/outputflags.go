package main

// The flags of what is printed (the mode: lines, counts, names or
// nothing) and of how a printed line looks, and --json.

import (
	"errors"
	"strconv"

	"github.com/spf13/pflag"

	"urg/printer"
)

// Counts: -c counts lines, --count-matches matches; the later wins.
const (
	countLines   = 1
	countMatches = 2
)

// modeUnit is -c, --count-matches, --include-zero, -l, -L, -m,
// --stop-on-nonmatch, -q, -s and --stats.
func modeUnit() flagUnit { return flagUnit{"mode", defineModeFlags, (*options).setMode} }

func defineModeFlags(fs *pflag.FlagSet, o *options, r *rawFlags) {
	choiceVar(fs, &r.count, countLines, "count", "c", "print only a count of selected lines per file")
	choiceVar(fs, &r.count, countMatches, "count-matches", "", "print only a count of matches per file, for files that have one (rg --count-matches)")
	fs.BoolVar(&o.includeZero, "include-zero", false, "with --count-matches, print the count of a file with no match too, as -c does (rg --include-zero)")
	choiceVar(fs, &r.list, +1, "files-with-matches", "l", "print only names of files with selected lines")
	choiceVar(fs, &r.list, -1, "files-without-match", "L", "print only names of files with no selected lines")
	fs.IntVarP(&o.maxCount, "max-count", "m", -1, "stop reading a file after `NUM` selected lines")
	fs.BoolVar(&o.stopOnNonmatch, "stop-on-nonmatch", false, "stop reading a file at the first line that does not match after one that does (rg --stop-on-nonmatch)")
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "print nothing; exit 0 at the first selected line")
	fs.BoolVar(&o.quiet, "silent", false, "same as --quiet")
	fs.BoolVarP(&o.noMessages, "no-messages", "s", false, "suppress messages about unreadable files")
	fs.BoolVar(&o.stats, "stats", false, "print statistics to stderr at the end")
}

// setMode is the output's mode: -q, -l, -L, -c, --count-matches.
func (o *options) setMode(_ *pflag.FlagSet, r *rawFlags) error {
	switch {
	case o.quiet:
		o.mode = printer.Quiet
	case r.list > 0:
		o.mode = printer.FilesWithMatches
	case r.list < 0:
		o.mode = printer.FilesWithoutMatch
	case r.count == countLines:
		o.mode = printer.Count
	case r.count == countMatches:
		o.mode = printer.MatchCount
	}
	return nil
}

// shapeFlags are ripgrep's line shapes and grep's -T.
type shapeFlags struct {
	column, vimgrep, passthru, trim, initialTab bool
	replace                                     *string // --replace, nil when not given
	maxColumns                                  int
	maxColumnsPreview                           bool
}

// lineUnit is how a printed line looks: its file name, numbers,
// separators, heading and shape.
func lineUnit() flagUnit { return flagUnit{"line", defineLineFlags, (*options).setShape} }

func defineLineFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.BoolVarP(&o.onlyMatching, "only-matching", "o", false, "print only the matched parts of lines")
	fs.BoolVarP(&o.lineNumber, "line-number", "n", false, "print line numbers")
	offVar(fs, &o.lineNumber, "no-line-number", "N", "do not print line numbers, undoing an earlier -n (rg -N)")
	fs.BoolVarP(&o.byteOffset, "byte-offset", "b", false, "print the byte offset of each line (of each match with -o)")
	choiceVar(fs, &o.filename, +1, "with-filename", "H", "print the file name for each match")
	choiceVar(fs, &o.filename, -1, "no-filename", "h", "never print file names")
	fs.Var(escapedString{&o.fieldMatchSep}, "field-match-separator", "print `SEP` after the path and numbers of a selected line in place of ':', with ripgrep's escapes (rg --field-match-separator)")
	fs.Var(escapedString{&o.fieldContextSep}, "field-context-separator", "print `SEP` after those of a context line in place of '-', with ripgrep's escapes (rg --field-context-separator)")
	fs.BoolVarP(&o.null, "null", "Z", false, "print a NUL byte after file names")
	offVar(fs, &o.heading, "no-heading", "", "print the file name on each line, undoing an earlier --heading or -p (rg --no-heading)")
	fs.VarPF(pretty{o}, "pretty", "p", "colour always, a heading and line numbers (rg -p)").NoOptDefVal = "true"
	fs.BoolVar(&o.heading, "heading", false, "print each file's name once, above its lines, and a blank line between files (ripgrep's layout)")
	fs.BoolVar(&o.lineBuffered, "line-buffered", false, "write each line out as soon as it is found (on a terminal, standard input's lines are by default), for streams such as tail -f piped on")
	fs.BoolVar(&o.shape.column, "column", false, "print the column (1-based, in bytes) of a line's first match after its number, of each match with -o; implies -n (rg --column)")
	fs.BoolVar(&o.shape.vimgrep, "vimgrep", false, "print a line for every match, as PATH:LINE:COLUMN:TEXT (rg --vimgrep)")
	fs.Var(optString{&o.shape.replace}, "replace", "print `TEXT` in place of each match: $1, ${1}, $name and ${name} are its groups, $0 all of it, $$ a $ (rg -r; -r is grep's recursive here)")
	fs.IntVarP(&o.shape.maxColumns, "max-columns", "M", 0, "print ripgrep's omission line in place of lines longer than `NUM` bytes")
	fs.BoolVar(&o.shape.maxColumnsPreview, "max-columns-preview", false, "with --max-columns, print a long line's first NUM characters and what was left out, in place of the omission line (rg --max-columns-preview)")
	offVar(fs, &o.shape.maxColumnsPreview, "no-max-columns-preview", "", "undo an earlier --max-columns-preview")
	fs.BoolVar(&o.shape.trim, "trim", false, "print lines without their leading ASCII white space (rg --trim)")
	fs.BoolVarP(&o.shape.initialTab, "initial-tab", "T", false, "put a tab before each line's text and pad numbers, as grep -T (ripgrep's -T is --type-not here)")
}

// setShape checks --max-columns and gives --column and --vimgrep what
// they imply.
func (o *options) setShape(_ *pflag.FlagSet, _ *rawFlags) error {
	sh := &o.shape
	if sh.maxColumns < 0 {
		return plainError{errors.New("--max-columns must be a non-negative number")}
	}
	if sh.column || sh.vimgrep {
		o.lineNumber = true // as rg: a column is told with its line
	}
	if sh.vimgrep && o.filename == 0 {
		o.filename = +1 // vim's quickfix list needs the file's name
	}
	return nil
}

// pretty is -p: colour always, a heading and line numbers, as rg -p;
// flags after it override each.
type pretty struct{ o *options }

func (p pretty) String() string { return "false" }
func (p pretty) Type() string   { return "bool" }
func (p pretty) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		p.o.color, p.o.heading, p.o.lineNumber = "always", true, true
	}
	return err
}

// jsonUnit is --json, whose messages are lines and their matches.
func jsonUnit() flagUnit { return flagUnit{"json", defineJSONFlags, (*options).setJSON} }

func defineJSONFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.BoolVar(&o.json, "json", false, "print ripgrep's JSON messages (begin, match, context, end, summary), one per line")
}

// setJSON refuses --json with a mode that prints no lines.
func (o *options) setJSON(_ *pflag.FlagSet, _ *rawFlags) error {
	if o.json {
		if o.mode != printer.Lines && o.mode != printer.Quiet {
			return errors.New("--json cannot be used with -c, -l or -L")
		}
		o.lineNumber = true // every match message carries its line number
	}
	return nil
}
