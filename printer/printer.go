// Package printer turns what searches report into grep's output, byte for
// byte, and keeps the output of files searched in parallel from
// interleaving.
//
// Each file's output is gathered in a buffer of its own and written whole;
// a file whose output outgrows the buffer takes the output for itself and
// streams the rest, so memory stays bounded whatever a file holds.
//
// A file's sink is one of three, chosen once for the file (Output.File):
// the standard sink prints grep's lines (standard.go), the JSON sink
// ripgrep's messages (json.go), the summary sink a count or a name
// (summary.go); what they share is file.go's.
package printer

import (
	"urg/match"
)

// Mode says what is printed for a file.
type Mode int

const (
	// Lines prints selected lines (the default).
	Lines Mode = iota
	// Count prints the number of selected lines (-c).
	Count
	// FilesWithMatches prints the names of files with a selected line (-l).
	FilesWithMatches
	// FilesWithoutMatch prints the names of files with none (-L).
	FilesWithoutMatch
	// Quiet prints nothing (-q).
	Quiet
	// MatchCount prints the number of matches of each file that has one
	// (rg --count-matches); under -v, of selected lines. The search
	// reports its lines to count them, and none is printed.
	MatchCount
)

// Config is how output looks.
type Config struct {
	Mode         Mode
	WithFilename bool // -H (or several files)
	LineNumber   bool // -n
	ByteOffset   bool // -b
	OnlyMatching bool // -o
	Invert       bool // -v: selected lines hold no match to print or colour
	Null         bool // --null: a NUL after file names
	Context      bool // -A/-B/-C given: groups are separated by a line
	Color        bool
	Colors       Colors // the colours used (DefaultColors when zero)
	Heading      bool   // --heading: a file's name once above its lines
	CountMatches bool   // count the matches of the lines printed (--stats)
	IncludeZero  bool   // MatchCount prints a count of 0 too (rg --include-zero)
	// FieldMatchSep and FieldContextSep, when set, are printed after
	// each field of a selected line's prefix (path, numbers) in place of
	// ':', and of a context line's in place of '-' (rg's
	// --field-match-separator and --field-context-separator).
	FieldMatchSep, FieldContextSep string
	JSON                           bool // --json: ripgrep's JSON messages instead of lines
	// LineBuffered writes each line out as soon as it is printed
	// (--line-buffered, or standard input searched onto a terminal), so
	// that a search of a stream that never ends (tail -f) shows its
	// lines as they come. A file that does so holds the output from its
	// first line to its end, as one past 64 KiB of output does.
	LineBuffered bool
	// FlushWrites writes out what each file hands the output at once,
	// not when 64 KiB have gathered (stdout a terminal): a tree's
	// results show file by file as files finish.
	FlushWrites bool
	// GroupSeparator is the line printed between context groups
	// (--group-separator=SEP): nil prints grep's "--", and an empty
	// string an empty line. It is coloured as "--" is (GREP_COLORS se=).
	GroupSeparator *string
	// NoGroupSeparator prints nothing at all between context groups
	// (--no-group-separator); it outweighs GroupSeparator, so the flag
	// given last should set one and clear the other, as in grep.
	NoGroupSeparator bool
	// BeforeContext and AfterContext are the -B and -A line counts (0
	// when not given). Only EncodingErrors needs them: grep's way with
	// the context around a line it leaves out depends on them.
	BeforeContext, AfterContext int
	// EncodingErrors leaves out, as GNU grep does in a UTF-8 locale, every
	// selected or context line that is not valid UTF-8 (under -o, a
	// line's matches from the first that is not), and ends the output of
	// a file that had one with the binary-file notice. Counts, -l, -L, -q
	// and the exit status are unaffected. Set it when the locale is UTF-8
	// and binary files are not searched as text; --json ignores it.
	EncodingErrors bool
	// NoEncodingNotice drops the notice EncodingErrors gives, as grep -I
	// does: the lines are left out without a word.
	NoEncodingNotice bool
	// Matcher finds the matches that -o prints and colour marks.
	Matcher match.Matcher

	// The line shapes of ripgrep and of grep -T (see shape.go); with all
	// of them unset a line is printed as grep prints it.
	Column     bool // --column: the 1-based column of a line's first match (of each, under -o) after its number
	Vimgrep    bool // --vimgrep: a line for every match, with its column
	Trim       bool // --trim: no ASCII white space at the start of lines
	InitialTab bool // -T: a tab before the text, numbers padded as grep pads them
	// MaxColumns replaces a line (under -o, a match) longer than this
	// many bytes with ripgrep's omission line; 0 means no limit.
	MaxColumns int
	// Hyperlink, when set, writes file names as hyperlinks where
	// colours are written (--hyperlink-format).
	Hyperlink *Hyperlink
	// CRLF ends every line printed with CRLF, a line's own CR kept as
	// that of its end, as ripgrep's --crlf prints (not under JSON).
	CRLF bool
	// MaxColumnsPreview prints such a line's first MaxColumns
	// characters and what was left out, in place of the omission line
	// (--max-columns-preview).
	MaxColumnsPreview bool
	// Replace, when set, appends to dst what the match line[s:e] is
	// printed as (--replace).
	Replace func(dst, line []byte, s, e int) []byte
	// Multiline: a line reported may be a block of lines that a match
	// spans (--multiline), each printed as a line of its own.
	Multiline bool
	// NullData ends the lines printed (not counts, names or separators)
	// with a NUL, as grep -z.
	NullData bool
	// StdinLabel is the name standard input has in the output, for -T,
	// whose padding comes from the file's size.
	StdinLabel string
}

// eol is what ends a line printed: a NUL under NullData (grep -z).
func (c *Config) eol() byte {
	if c.NullData {
		return 0
	}
	return '\n'
}

// appendEnd ends a line the printer makes (a count, a name, a match of
// -o, an omission) rather than one of the file's, whose own end is kept:
// under CRLF with CRLF, as ripgrep ends them.
func (c *Config) appendEnd(b []byte) []byte {
	if c.CRLF {
		b = append(b, '\r')
	}
	return append(b, c.eol())
}

// appendNL is appendEnd for a line that ends in a newline even under -z:
// a count, a file's name.
func (c *Config) appendNL(b []byte) []byte {
	if c.CRLF {
		b = append(b, '\r')
	}
	return append(b, '\n')
}

// granular says whether ripgrep would find each match of a line it
// prints, which its omission lines then count: for colour, a column,
// --replace, --vimgrep, -o or --stats.
func (c *Config) granular() bool {
	return c.Color || c.Column || c.Vimgrep || c.Replace != nil || c.OnlyMatching || c.CountMatches
}

// shaped says a line takes the slower path of shape.go.
func (c *Config) shaped() bool {
	return c.Column || c.Vimgrep || c.Trim || c.InitialTab || c.MaxColumns > 0 || c.Replace != nil
}

// separator is the line between context groups, coloured like grep's:
// "--" or GroupSeparator, or nothing under NoGroupSeparator.
func (c *Config) separator() string {
	if c.NoGroupSeparator {
		return ""
	}
	sep := "--"
	if c.GroupSeparator != nil {
		sep = *c.GroupSeparator
	}
	if c.Color && c.Colors.Sep != "" {
		return c.Colors.Sep + sep + sgrEnd + "\n"
	}
	return sep + "\n"
}
