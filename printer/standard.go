package printer

import (
	"bytes"
	"slices"
	"strconv"
	"unicode/utf8"

	"urg/search"
)

// standard is the sink that prints grep's lines (Mode Lines): each line
// selected or given as context, with its prefix, colours, context groups
// and the line shapes of shape.go.
type standard struct {
	file
	lastEnd int64 // file offset just past the last line printed; -1 none
	group   groupState
	// shaped: the line shapes of shape.go are on; numWidth is -T's
	// padding of numbers; spans are shapedLine's scratch.
	shaped   bool
	numWidth int
	spans    []span
	only     onlyLine
	// linkCol is the column of the line's first match, for a hyperlink
	// whose format wants one (0: none known).
	linkCol int
}

// standardFile returns the standard sink of file seq, one the output
// kept when there is one.
func (o *Output) standardFile(seq int64, path string) *standard {
	f, ok := o.files.Get().(*standard)
	if !ok {
		f = new(standard)
	}
	f.start(o, seq, path)
	return f
}

// start makes f the sink of file seq named path.
func (f *standard) start(o *Output, seq int64, path string) {
	f.file.begin(o, seq, path, f)
	f.lastEnd, f.group = -1, groupState{emitEnd: -1}
	if f.shaped, f.numWidth = o.cfg.shaped(), 0; o.cfg.InitialTab {
		f.numWidth = numWidth(path, path == o.cfg.StdinLabel, o.cfg.LineNumber)
	}
}

// reset implements pooled.
func (f *standard) reset() {
	*f = standard{file: f.file.kept(), spans: f.spans[:0], only: onlyLine{emit: f.only.emit}}
}

// Match implements search.Sink.
func (f *standard) Match(lineno, offset int64, line []byte) error {
	if f.cfg.CountMatches {
		f.countForStats(line)
	}
	// Under -v a selected line holds no match to print or colour.
	return f.report(':', lineno, offset, line, !f.cfg.Invert)
}

// MatchSpans implements search.SpanSink: a block of lines that
// multiline matches span, with the matches, which are taken as they are
// rather than looked for again in the block alone.
func (f *standard) MatchSpans(lineno, offset int64, block []byte, spans []search.Span) error {
	f.given = spans
	defer func() { f.given = nil }()
	return f.Match(lineno, offset, block)
}

// Context implements search.ContextSink.
func (f *standard) Context(lineno, offset int64, line []byte) error {
	// Under -v the context lines are the matching ones.
	return f.report('-', lineno, offset, line, f.cfg.Invert)
}

// report prints a line the search reported, selected (sep ':') or context
// (sep '-').
func (f *standard) report(sep byte, lineno, offset int64, line []byte, hasMatches bool) error {
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
func (f *standard) firstColumn(line []byte) int {
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
func (f *standard) line(sep byte, lineno, offset int64, line []byte, hasMatches bool) error {
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
			colored(&f.file, hl, line[at:s])
			colored(&f.file, f.cfg.Colors.Match, line[s:e])
			at = e
		})
		colored(&f.file, hl, line[at:])
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
// printed: the callback is bound once for a sink, where a closure over the
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
func (f *standard) onlyMatch(s, e int) {
	o := &f.only
	if o.bad || f.cfg.EncodingErrors && !utf8.Valid(o.line[s:e]) {
		o.bad = true
		return
	}
	f.linkCol = s + 1
	f.prefix(o.sep, o.lineno, o.offset+int64(s))
	colored(&f.file, f.cfg.Colors.Match, o.line[s:e])
	f.buf = f.cfg.appendEnd(f.buf)
}

// leftOut records a line that EncodingErrors leaves out: the file's
// output ends with the binary-file notice, and the line is not printed,
// for the context groups that follow.
func (f *standard) leftOut(offset int64, n int) {
	f.notice = f.notice || !f.cfg.NoEncodingNotice
	f.group.skip(offset, n)
}

// Binary implements search.BinarySink: grep's notice goes to stderr,
// after the lines printed before the binary data.
func (f *standard) Binary() error {
	f.notice = true
	return nil
}

// sep writes the line between context groups. Under --heading a file's
// name starts its first group, and a separator before it is not printed.
func (f *standard) sep() {
	if f.cfg.Heading && f.cfg.WithFilename && !f.headed {
		return
	}
	f.buf = append(f.buf, f.out.groupSep...)
}

// prefix writes the file name, line number and byte offset that lead a line.
func (f *standard) prefix(sep byte, lineno, offset int64) {
	f.prefixCol(sep, lineno, 0, offset)
}

// prefixCol is prefix with a column after the line number (--column,
// --vimgrep) when col > 0.
func (f *standard) prefixCol(sep byte, lineno int64, col int, offset int64) {
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
		colored(&f.file, f.cfg.Colors.File, f.path)
		last = len(f.buf)
		if f.cfg.Null {
			f.buf = append(f.buf, 0)
		} else {
			f.fieldSep(sep)
		}
	}
	// The numbers are formatted on the stack: an allocation for each,
	// on every line, was a measurable share of a search printing most
	// lines of a tree (see docs/decisions.md#standardprefix-line-numbers-formatted-on-the-stack-printerstandardgo).
	var num [20]byte
	if f.cfg.LineNumber {
		colored(&f.file, f.cfg.Colors.LineNum, f.padded(strconv.AppendInt(num[:0], lineno, 10)))
		last = len(f.buf)
		f.fieldSep(sep)
	}
	if col > 0 {
		colored(&f.file, f.cfg.Colors.Column, strconv.AppendInt(num[:0], int64(col), 10))
		last = len(f.buf)
		f.fieldSep(sep)
	}
	if f.cfg.ByteOffset {
		colored(&f.file, f.cfg.Colors.ByteNum, f.padded(strconv.AppendInt(num[:0], offset, 10)))
		last = len(f.buf)
		f.fieldSep(sep)
	}
	if linked {
		f.buf = slices.Insert(f.buf, last, []byte(linkEnd)...)
	}
}

// fieldSep writes the separator after a field of a line's prefix: ':'
// after those of a selected line, '-' of a context line, or what
// FieldMatchSep and FieldContextSep say in their place.
func (f *standard) fieldSep(c byte) {
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

// Finish implements search.FramedSink, and releases the file's place in
// the output. With err set (the file could not be opened or read), it
// abandons the file, and returns the output's error, so that a run whose
// output is gone stops; else the write's error.
func (f *standard) Finish(res search.Result, err error) error {
	if err != nil {
		return f.abandon()
	}
	f.endLast(res.Bytes)
	return f.out.finish(&f.file)
}

// endLast ends the last line printed with CRLF under CRLF when it is the
// file's last, of a file of size bytes, which had no newline: its end is
// then the printer's, not the file's.
func (f *standard) endLast(size int64) {
	if n := len(f.buf); f.cfg.CRLF && f.lastEnd == size+1 && n > 0 && f.buf[n-1] == '\n' && (n == 1 || f.buf[n-2] != '\r') {
		f.buf = append(f.buf[:n-1], '\r', '\n')
	}
}
