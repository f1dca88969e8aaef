package printer

import (
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// The line shapes that ripgrep users type (--column, --vimgrep, --trim,
// --max-columns, --replace) and grep's -T. They take a path of their own,
// shapedLine, so that a line printed as grep prints it costs what it did.

// span is a match's bounds in a line, and where it starts in the text
// printed for the line (which --replace makes differ).
type span struct {
	s, e, out int
}

// Omission lines, ripgrep's (its --max-columns).
const (
	omittedMatch   = "[Omitted long matching line]"
	omittedContext = "[Omitted long context line]"
)

// numWidth is the width grep -T pads line numbers and byte offsets to:
// the digits of the file's size (plus one with -n, as line numbers count
// from 1), or of the largest offset there is when the size is unknown
// (a pipe, a device).
func numWidth(path string, stdin, lineNumbers bool) int {
	var fi os.FileInfo
	var err error
	if stdin {
		fi, err = os.Stdin.Stat()
	} else {
		fi, err = os.Stat(path)
	}
	n := int64(1<<63 - 1)
	if err == nil && fi.Mode().IsRegular() {
		n = fi.Size()
		if lineNumbers {
			n++
		}
	}
	return len(strconv.FormatInt(n, 10))
}

// padded right-aligns the digits b in numWidth columns, in b's own array
// (a [20]byte on the caller's stack holds any width).
func (f *standard) padded(b []byte) []byte {
	w := f.numWidth
	if len(b) >= w || w > cap(b) {
		return b
	}
	n := len(b)
	b = b[:w]
	copy(b[w-n:], b[:n])
	for i := range w - n {
		b[i] = ' '
	}
	return b
}

// shapedLine is line for the shapes of this file: the line's matches are
// found once, the text printed for it is built (replacements made,
// white space trimmed), and one line is printed for it, or one for each
// match under -o and --vimgrep.
func (f *standard) shapedLine(sep byte, lineno, offset int64, line []byte, hasMatches bool) error {
	var err error
	f.spans = f.spans[:0]
	if hasMatches {
		err = f.each(line, func(s, e int) { f.spans = append(f.spans, span{s: s, e: e}) })
		if err != nil {
			return f.flushIfBig(err)
		}
	}
	if f.cfg.OnlyMatching {
		if hasMatches {
			f.shapedMatches(sep, lineno, offset, line)
		}
	} else if f.cfg.EncodingErrors && !utf8.Valid(line) {
		f.leftOut(offset, len(line))
		return nil
	} else {
		text := f.shapedText(line)
		switch {
		case f.cfg.Vimgrep && len(f.spans) > 0:
			for _, sp := range f.spans {
				f.shapedOne(sep, lineno, sp.out+1, offset, text, line, len(f.spans))
			}
		case f.cfg.Column && len(f.spans) > 0:
			f.shapedOne(sep, lineno, f.spans[0].out+1, offset, text, line, len(f.spans))
		default:
			f.shapedOne(sep, lineno, 0, offset, text, line, len(f.spans))
		}
	}
	f.lastEnd = offset + int64(len(line)) + 1
	f.group.skipped = 0
	return f.flushIfBig(nil)
}

// shapedMatches prints each match of line on a line of its own (-o).
func (f *standard) shapedMatches(sep byte, lineno, offset int64, line []byte) {
	for _, sp := range f.spans {
		if f.cfg.EncodingErrors && !utf8.Valid(line[sp.s:sp.e]) {
			f.leftOut(offset, len(line))
			return
		}
		piece := line[sp.s:sp.e]
		if f.cfg.Replace != nil {
			f.text = f.cfg.Replace(f.text[:0], line, sp.s, sp.e)
			piece = f.text
		}
		col := 0
		if f.cfg.Column || f.cfg.Vimgrep {
			col = sp.s + 1
		}
		f.linkCol = sp.s + 1
		f.prefixCol(sep, lineno, col, offset+int64(sp.s))
		if f.cfg.MaxColumns > 0 && len(piece) > f.cfg.MaxColumns {
			if f.cfg.MaxColumnsPreview {
				// The match is the line ripgrep previews: no match
				// begins after its start.
				spans := f.spans
				f.spans = []span{{s: 0, e: len(piece)}}
				f.preview(piece, f.cfg.MaxColumns, true)
				f.spans = spans
			} else {
				f.omission(omittedMatch)
			}
			continue
		}
		f.tab(len(piece))
		colored(&f.file, f.cfg.Colors.Match, piece)
		f.buf = f.cfg.appendEnd(f.buf)
	}
}

// shapedText is the text printed for line: line itself, or with its
// matches replaced; the spans learn where each starts in it.
func (f *standard) shapedText(line []byte) []byte {
	if f.cfg.Replace == nil || len(f.spans) == 0 {
		for i := range f.spans {
			f.spans[i].out = f.spans[i].s
		}
		return line
	}
	f.text = f.text[:0]
	at := 0
	for i, sp := range f.spans {
		f.text = append(f.text, line[at:sp.s]...)
		f.spans[i].out = len(f.text)
		f.text = f.cfg.Replace(f.text, line, sp.s, sp.e)
		// The end in the text printed, for colour.
		f.spans[i].e, f.spans[i].s = len(f.text), f.spans[i].out
		at = sp.e
	}
	f.text = append(f.text, line[at:]...)
	return f.text
}

// shapedOne prints one line: its prefix (with column col when > 0), then
// text, trimmed, coloured at the spans, or the omission line when text
// is longer than MaxColumns. matches is how many the line holds.
func (f *standard) shapedOne(sep byte, lineno int64, col int, offset int64, text, line []byte, matches int) {
	f.prefixCol(sep, lineno, col, offset)
	// ripgrep measures a line with its end, a byte (two, CRLF, whose CR
	// is text's last).
	if m := f.cfg.MaxColumns; m > 0 && len(text)+1 > m {
		// As ripgrep, which counts a line's matches only where
		// something else needs them found (granular).
		counted := matches > 0 && f.cfg.granular()
		switch {
		case f.cfg.MaxColumnsPreview:
			f.preview(text, m, counted)
		case counted:
			f.omission("[Omitted long line with " + strconv.Itoa(matches) + " matches]")
		case sep == '-':
			f.omission(omittedContext)
		default:
			f.omission(omittedMatch)
		}
		return
	}
	f.lineText(text, 0, len(text))
}

// preview prints the first m characters (grapheme clusters, as ripgrep
// counts them) of text, a line longer than MaxColumns bytes, coloured at
// f.spans, then what was left out: how many matches begin after the
// preview where they are counted, else that the line goes on.
func (f *standard) preview(text []byte, m int, counted bool) {
	if f.cfg.CRLF && len(text) > 0 && text[len(text)-1] == '\r' {
		text = text[:len(text)-1] // the line's end, which ripgrep leaves out
	}
	end, rest := 0, text
	for n := 0; n < m && len(rest) > 0; n++ {
		var c []byte
		c, rest, _, _ = uniseg.Step(rest, -1)
		end += len(c)
	}
	f.lineBody(text, 0, end)
	if !counted {
		f.buf = append(f.buf, " [... omitted end of long line]"...)
	} else {
		more := 0
		for _, sp := range f.spans {
			if sp.s >= end {
				more++
			}
		}
		noun := " more matches]"
		if more == 1 {
			noun = " more match]"
		}
		f.buf = append(f.buf, " [... "...)
		f.buf = strconv.AppendInt(f.buf, int64(more), 10)
		f.buf = append(f.buf, noun...)
	}
	f.buf = f.cfg.appendEnd(f.buf)
}

// omission prints msg, ripgrep's omission line, in place of a line's text
// that is longer than MaxColumns.
func (f *standard) omission(msg string) {
	f.tab(1)
	f.buf = append(f.buf, msg...)
	f.buf = f.cfg.appendEnd(f.buf)
}

// lineText prints text[ls:le], the text of one line, as the shapes want
// it: without its leading white space under Trim, after -T's tab,
// coloured where f.spans (bounds in text) lie in it, and ended.
func (f *standard) lineText(text []byte, ls, le int) {
	f.lineBody(text, ls, le)
	f.buf = append(f.buf, f.cfg.eol())
}

// lineBody is lineText without the line's end.
func (f *standard) lineBody(text []byte, ls, le int) {
	start := ls
	if f.cfg.Trim {
		for start < le && isSpace(text[start]) {
			start++
		}
	}
	f.tab(le - start)
	at := start
	hl := ""
	if f.cfg.Color {
		if len(f.spans) > 0 {
			hl = f.cfg.Colors.Highlight
		}
		for _, sp := range f.spans {
			a, b := max(sp.s, at), min(sp.e, le)
			if b <= a {
				continue
			}
			colored(&f.file, hl, text[at:a])
			colored(&f.file, f.cfg.Colors.Match, text[a:b])
			at = b
		}
	}
	colored(&f.file, hl, text[at:le])
}

// tab is -T's tab before a line's text, which grep prints when something
// comes before the text and the text is not empty.
func (f *standard) tab(n int) {
	if f.cfg.InitialTab && n > 0 && (f.cfg.WithFilename && !f.cfg.Heading || f.cfg.LineNumber || f.cfg.ByteOffset || f.cfg.Column || f.cfg.Vimgrep) {
		f.buf = append(f.buf, '\t')
	}
}

// isSpace is ASCII white space, what --trim removes.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
