// Package printer turns what searches report into grep's output, byte for
// byte, and keeps the output of files searched in parallel from
// interleaving.
//
// Each file's output is gathered in a buffer of its own and written whole;
// a file whose output outgrows the buffer takes the output for itself and
// streams the rest, so memory stays bounded whatever a file holds.
package printer

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"urg/match"
	"urg/search"
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

// Colors are the SGR sequences that start each part of a line when
// colouring; the end of each is sgrEnd.
type Colors struct {
	Match, File, LineNum, ByteNum, Sep string
	// Column is --column's number's: none, as in ripgrep (grep has no
	// column), unless --colors says.
	Column string
	// Highlight, when set, colours a matching line's text around its
	// matches (ripgrep's --colors highlight:...).
	Highlight string
}

// sgrEnd ends a coloured part, as GNU grep ends it.
const sgrEnd = "\x1b[m\x1b[K"

// sgr is the sequence that starts a part coloured code; an empty code
// (GREP_COLORS fn=) leaves the part uncoloured, as in grep.
func sgr(code string) string {
	if code == "" {
		return ""
	}
	return "\x1b[" + code + "m\x1b[K"
}

// DefaultColors are GNU grep's (GREP_COLORS ms=01;31:fn=35:ln=32:bn=32:se=36),
// and ripgrep's for what grep does not print (a column: none).
var DefaultColors = Colors{Match: sgr("01;31"), File: sgr("35"), LineNum: sgr("32"), ByteNum: sgr("32"), Sep: sgr("36")}

// ParseGrepColors reads GREP_COLORS as GNU grep does, over its defaults:
// ms (or mt, which sets the colour of every match), fn, ln, bn and se;
// other capabilities are accepted and have no effect here.
func ParseGrepColors(env string) Colors {
	c, _ := GrepColors("", env)
	return c
}

// GrepColors reads the colours as GNU grep 3.8 does: legacy, the old
// GREP_COLOR, sets the colour of matches when it is made of digits and
// semicolons, and env, GREP_COLORS, is read over it (ParseGrepColors).
// legacyUsed says GREP_COLOR still colours some match (GREP_COLORS set
// neither mt nor both ms and mc), when grep warns that it is deprecated.
func GrepColors(legacy, env string) (c Colors, legacyUsed bool) {
	c = DefaultColors
	valid := legacy != "" && strings.Trim(legacy, "0123456789;") == ""
	if valid {
		c.Match = sgr(legacy)
	}
	var selected, context bool // ms and mc, or mt, were given
	for _, field := range strings.Split(env, ":") {
		k, v, ok := strings.Cut(field, "=")
		if !ok {
			continue
		}
		switch k {
		case "mc":
			context = true
		case "mt", "ms":
			selected = true
			context = context || k == "mt"
			c.Match = sgr(v)
		case "fn":
			c.File = sgr(v)
		case "ln":
			c.LineNum = sgr(v)
		case "bn":
			c.ByteNum = sgr(v)
		case "se":
			c.Sep = sgr(v)
		}
	}
	return c, valid && !(selected && context)
}

// File is the sink of one file's search. It is used by one goroutine.
type File struct {
	out     *Output
	cfg     *Config
	seq     int64
	path    string
	buf     []byte
	lastEnd int64 // file offset just past the last line printed; -1 none
	// startsGroup is set when the first line printed opens a context
	// group, which needs "--" if anything was printed before it.
	startsGroup bool
	// printed is set once a line went through the printer, even one that
	// -o leaves empty or EncodingErrors leaves out: grep still counts it
	// for "--".
	printed   bool
	streaming bool
	matchErr  error
	// headed: the --heading line is in buf or written; headWritten: the
	// output has it (and the blank line before it).
	headed, headWritten bool
	// notice: the binary-file notice is due once the file's lines are out.
	notice bool
	group  groupState
	// shaped: the line shapes of shape.go are on; numWidth is -T's
	// padding of numbers; spans and text are shapedLine's scratch; count
	// is MatchCount's.
	shaped   bool
	numWidth int
	spans    []span
	text     []byte
	count    int64

	// --json: the begin message was printed; what the end message
	// reports.
	began        bool
	started      time.Time
	searched     int64 // bytes searched (Finish's res.Bytes)
	matches      int64
	printedBytes int64
	binaryAt     int64 // offset of the binary data met; -1 none

	only onlyLine
	// given are the matches the search handed with the block being
	// printed (MatchSpans); nil when the printer finds them.
	given []search.Span
	// linkCol is the column of the line's first match, for a hyperlink
	// whose format wants one (0: none known).
	linkCol int
	held    jsonHeld // --json: the last line message, until the next
}

// Begin implements search.Sink: it returns the output's error, so that
// a run whose output is gone (a closed pipe) stops before searching more.
func (f *File) Begin() error { return f.out.Err() }

// Match implements search.Sink.
func (f *File) Match(lineno, offset int64, line []byte) error {
	if f.cfg.Mode == MatchCount {
		return f.countMatches(line)
	}
	if f.cfg.CountMatches && !f.cfg.Invert && f.cfg.Matcher != nil {
		n := int64(0)
		f.each(line, func(int, int) { n++ })
		f.out.matches.Add(n)
	}
	// Under -v a selected line holds no match to print or colour.
	return f.report(':', lineno, offset, line, !f.cfg.Invert)
}

// MatchSpans implements search.SpanSink: a block of lines that
// multiline matches span, with the matches, which are taken as they are
// rather than looked for again in the block alone.
func (f *File) MatchSpans(lineno, offset int64, block []byte, spans []search.Span) error {
	f.given = spans
	defer func() { f.given = nil }()
	return f.Match(lineno, offset, block)
}

// each calls fn with the matches of line: those the search gave with it
// (MatchSpans), else the matcher's.
func (f *File) each(line []byte, fn func(s, e int)) error {
	if f.given != nil {
		for _, sp := range f.given {
			fn(sp.Start, sp.End)
		}
		return nil
	}
	return f.cfg.Matcher.Each(line, fn)
}

// Context implements search.Sink.
func (f *File) Context(lineno, offset int64, line []byte) error {
	// Under -v the context lines are the matching ones.
	return f.report('-', lineno, offset, line, f.cfg.Invert)
}

// report prints a line the search reported, selected (sep ':') or context
// (sep '-').
func (f *File) report(sep byte, lineno, offset int64, line []byte, hasMatches bool) error {
	if f.cfg.JSON {
		typ := "match"
		if sep == '-' {
			typ = "context"
		}
		return f.jsonLineMessage(typ, lineno, offset, line, hasMatches)
	}
	f.linkCol = 0
	if h := f.cfg.Hyperlink; h != nil && h.column && f.cfg.Color && hasMatches && !f.cfg.OnlyMatching {
		f.linkCol = f.firstColumn(line)
	}
	if f.cfg.Context {
		return f.grouped(sep, lineno, offset, line, hasMatches)
	}
	return f.line(sep, lineno, offset, line, hasMatches)
}

// firstColumn is the column of line's first match (1-based), 0 for none.
func (f *File) firstColumn(line []byte) int {
	col := 0
	f.each(line, func(s, _ int) {
		if col == 0 {
			col = s + 1
		}
	})
	return col
}

// line prints one selected (sep ':') or context (sep '-') line. With -o it
// prints the line's matches instead, if it has any, as grep does; either
// way the line counts for the "--" between groups. Under EncodingErrors a
// line that is not UTF-8 (under -o, the first such match and the rest of
// the line) is left out, as grep leaves it out.
func (f *File) line(sep byte, lineno, offset int64, line []byte, hasMatches bool) error {
	f.printed = true
	if f.cfg.Multiline && bytes.IndexByte(line, '\n') >= 0 {
		return f.blockLines(sep, lineno, offset, line, hasMatches)
	}
	if f.shaped {
		return f.shapedLine(sep, lineno, offset, line, hasMatches)
	}
	var err error
	switch {
	case f.cfg.OnlyMatching && hasMatches:
		o := &f.only
		if o.emit == nil {
			o.emit = f.onlyMatch
		}
		o.sep, o.lineno, o.offset, o.line, o.bad = sep, lineno, offset, line, false
		err = f.each(line, o.emit)
		bad := o.bad
		o.line = nil
		if bad {
			f.leftOut(offset, len(line))
			return f.flushIfBig(err)
		}
	case f.cfg.OnlyMatching:
	case f.cfg.EncodingErrors && !utf8.Valid(line):
		f.leftOut(offset, len(line))
		return nil
	case f.cfg.Color && hasMatches:
		f.prefix(sep, lineno, offset)
		at := 0
		hl := f.cfg.Colors.Highlight
		err = f.each(line, func(s, e int) {
			colored(f, hl, line[at:s])
			colored(f, f.cfg.Colors.Match, line[s:e])
			at = e
		})
		colored(f, hl, line[at:])
		f.buf = append(f.buf, f.cfg.eol())
	default:
		f.prefix(sep, lineno, offset)
		f.buf = append(f.buf, line...)
		f.buf = append(f.buf, f.cfg.eol())
	}
	f.lastEnd = offset + int64(len(line)) + 1
	f.group.skipped = 0
	return f.flushIfBig(err)
}

// onlyLine is what -o's callback (onlyMatch) reads of the line being
// printed: the callback is bound once for a File, where a closure over the
// line was made for each line.
type onlyLine struct {
	sep            byte
	lineno, offset int64
	line           []byte
	bad            bool
	emit           func(s, e int)
}

// onlyMatch prints the match line[s:e] of the line in f.only, on a line
// of its own (-o).
func (f *File) onlyMatch(s, e int) {
	o := &f.only
	if o.bad || f.cfg.EncodingErrors && !utf8.Valid(o.line[s:e]) {
		o.bad = true
		return
	}
	f.linkCol = s + 1
	f.prefix(o.sep, o.lineno, o.offset+int64(s))
	colored(f, f.cfg.Colors.Match, o.line[s:e])
	f.buf = f.cfg.appendEnd(f.buf)
}

// leftOut records a line that EncodingErrors leaves out: the file's
// output ends with the binary-file notice, and the line is not printed,
// for the context groups that follow.
func (f *File) leftOut(offset int64, n int) {
	f.notice = f.notice || !f.cfg.NoEncodingNotice
	f.group.skip(offset, n)
}

// Binary implements search.Sink: grep's notice goes to stderr, after
// the lines printed before the binary data.
func (f *File) Binary() error {
	if f.cfg.JSON {
		f.binaryAt = 0
		return nil
	}
	f.notice = true
	return nil
}

// sep writes the line between context groups. Under --heading a file's
// name starts its first group, and a separator before it is not printed.
func (f *File) sep() {
	if f.cfg.Heading && f.cfg.WithFilename && !f.headed {
		return
	}
	f.buf = append(f.buf, f.out.groupSep...)
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

// prefix writes the file name, line number and byte offset that lead a line.
func (f *File) prefix(sep byte, lineno, offset int64) {
	f.prefixCol(sep, lineno, 0, offset)
}

// prefixCol is prefix with a column after the line number (--column,
// --vimgrep) when col > 0.
func (f *File) prefixCol(sep byte, lineno int64, col int, offset int64) {
	if f.cfg.WithFilename && f.cfg.Heading && !f.headed {
		f.headed = true
		f.linkedName(0, 0)
		f.buf = f.cfg.appendNL(f.buf)
	}
	// A hyperlink spans the name and the numbers after it, up to the
	// separator before the text, as ripgrep writes it: last is where
	// the last separator begins.
	linked, last := false, 0
	if f.cfg.WithFilename && !f.cfg.Heading {
		linked = f.linkOpen(lineno, max(col, f.linkCol))
		colored(f, f.cfg.Colors.File, f.path)
		last = len(f.buf)
		if f.cfg.Null {
			f.buf = append(f.buf, 0)
		} else {
			f.fieldSep(sep)
		}
	}
	// The numbers are formatted on the stack: an allocation for each,
	// on every line, was a measurable share of a search printing most
	// lines of a tree (see docs/decisions.md#fileprefix-line-numbers-formatted-on-the-stack-printerprintergo).
	var num [20]byte
	if f.cfg.LineNumber {
		colored(f, f.cfg.Colors.LineNum, f.padded(strconv.AppendInt(num[:0], lineno, 10)))
		last = len(f.buf)
		f.fieldSep(sep)
	}
	if col > 0 {
		colored(f, f.cfg.Colors.Column, strconv.AppendInt(num[:0], int64(col), 10))
		last = len(f.buf)
		f.fieldSep(sep)
	}
	if f.cfg.ByteOffset {
		colored(f, f.cfg.Colors.ByteNum, f.padded(strconv.AppendInt(num[:0], offset, 10)))
		last = len(f.buf)
		f.fieldSep(sep)
	}
	if linked {
		f.buf = slices.Insert(f.buf, last, []byte(linkEnd)...)
	}
}

// linkOpen starts the file's hyperlink, for line and column (0: none
// known), when there is one to write: colours on, a format given, a file
// rather than standard input. It says whether it did.
func (f *File) linkOpen(line int64, col int) bool {
	h := f.cfg.Hyperlink
	if h == nil || !f.cfg.Color || f.path == f.cfg.StdinLabel {
		return false
	}
	f.buf = h.open(f.buf, f.path, line, col)
	return true
}

// linkedName writes the file's name, coloured and, where links are
// written, a hyperlink to the file (at line 1 when the format wants one).
func (f *File) linkedName(line int64, col int) {
	linked := f.linkOpen(line, col)
	colored(f, f.cfg.Colors.File, f.path)
	if linked {
		f.buf = append(f.buf, linkEnd...)
	}
}

// fieldSep writes the separator after a field of a line's prefix: ':'
// after those of a selected line, '-' of a context line, or what
// FieldMatchSep and FieldContextSep say in their place.
func (f *File) fieldSep(c byte) {
	sep := ""
	switch c {
	case ':':
		sep = f.cfg.FieldMatchSep
	case '-':
		sep = f.cfg.FieldContextSep
	}
	if sep == "" {
		f.sepChar(c)
		return
	}
	if f.cfg.Color && f.cfg.Colors.Sep != "" {
		f.buf = append(append(append(f.buf, f.cfg.Colors.Sep...), sep...), sgrEnd...)
		return
	}
	f.buf = append(f.buf, sep...)
}

func (f *File) sepChar(c byte) {
	if f.cfg.Color && f.cfg.Colors.Sep != "" {
		f.buf = append(f.buf, f.cfg.Colors.Sep...)
		f.buf = append(f.buf, c)
		f.buf = append(f.buf, sgrEnd...)
		return
	}
	f.buf = append(f.buf, c)
}

// colored appends b, wrapped in sgr when color is on; a string (a path)
// is appended without a copy of it.
func colored[T string | []byte](f *File, sgr string, b T) {
	if f.cfg.Color && sgr != "" && len(b) > 0 {
		f.buf = append(f.buf, sgr...)
		f.buf = append(f.buf, b...)
		f.buf = append(f.buf, sgrEnd...)
		return
	}
	f.buf = append(f.buf, b...)
}

// flushIfBig hands a large buffer to the output so that memory stays
// bounded; from then on this file owns the output until Finish.
func (f *File) flushIfBig(err error) error {
	if err != nil {
		f.matchErr = err
		return err
	}
	if len(f.buf) < flushSize && !(f.cfg.LineBuffered && len(f.buf) > 0) {
		return nil
	}
	if !f.streaming {
		if !f.out.tryAcquire(f.seq) {
			// Ordered, and earlier files are not written yet: waiting
			// here could hold up the very file whose turn it is (the
			// io_uring engine finishes files out of order), so gather on.
			return nil
		}
		f.streaming = true
	}
	return f.out.write(f)
}

// Finish implements search.Sink, and releases the file's place in the
// output; every File must be finished exactly once. With err nil, it
// prints what the file's mode prints at its end (count, name, the JSON
// end message with res.Bytes searched) and returns the write's error.
// With err set (the file could not be opened or read), it prints no
// count or name (abandon) and returns the output's error, so that a run
// whose output is gone stops.
func (f *File) Finish(res search.Result, err error) error {
	if err != nil {
		o := f.out // f is not to be used once abandoned
		f.abandon()
		return o.Err()
	}
	f.searched = res.Bytes
	if n := len(f.buf); f.cfg.CRLF && !f.cfg.JSON && f.lastEnd == res.Bytes+1 && n > 0 && f.buf[n-1] == '\n' && (n == 1 || f.buf[n-2] != '\r') {
		// The last line printed is the file's last, which had no
		// newline: its end is the printer's, CRLF.
		f.buf = append(f.buf[:n-1], '\r', '\n')
	}
	return f.finishCount(res.Count)
}

// finishCount prints what the file's mode prints at its end (count,
// name) and releases the file's place in the output. count is the number
// of selected lines.
func (f *File) finishCount(count int64) error {
	if f.cfg.JSON {
		f.jsonEnd(count)
		return f.out.finish(f)
	}
	switch f.cfg.Mode {
	case MatchCount:
		if f.count == 0 && !f.cfg.IncludeZero {
			break
		}
		if f.cfg.WithFilename {
			f.linkedName(0, 0)
			f.nameEnd(':')
		}
		f.buf = strconv.AppendInt(f.buf, f.count, 10)
		f.buf = f.cfg.appendNL(f.buf)
	case Count:
		if f.cfg.WithFilename {
			f.linkedName(0, 0)
			f.nameEnd(':')
		}
		f.buf = strconv.AppendInt(f.buf, count, 10)
		f.buf = f.cfg.appendNL(f.buf)
	case FilesWithMatches, FilesWithoutMatch:
		if (count > 0) == (f.cfg.Mode == FilesWithMatches) {
			f.linkedName(0, 0)
			f.nameEnd('\n')
		}
	}
	return f.out.finish(f)
}

func (f *File) nameEnd(sep byte) {
	if f.cfg.Null {
		f.buf = append(f.buf, 0)
		return
	}
	if sep == '\n' {
		f.buf = f.cfg.appendNL(f.buf)
		return
	}
	f.sepChar(sep)
}

// abandon releases the file's place in the output after an error: the lines
// already gathered are written, as grep prints what it found before a read
// error, but no count or name.
func (f *File) abandon() {
	f.flushLine(true)
	f.out.finish(f)
}
