package printer

import (
	"bytes"
	"unicode/utf8"
)

// blockLines prints a block of lines that a match spans (--multiline),
// each line with its own number and offset, as ripgrep's -U prints them:
// the block's matches are found once, over the whole block, and each
// line shows the parts of them it holds. Under -o each match is printed,
// a line of it at a time; under --vimgrep a match is one line, its first.
func (f *standard) blockLines(sep byte, lineno, offset int64, block []byte, hasMatches bool) error {
	f.spans = f.spans[:0]
	if hasMatches {
		if err := f.each(block, func(s, e int) { f.spans = append(f.spans, span{s: s, e: e}) }); err != nil {
			return f.flushIfBig(err)
		}
	}
	if f.cfg.EncodingErrors && !utf8.Valid(block) {
		f.leftOut(offset, len(block))
		return nil
	}
	col := 0
	if (f.cfg.Column || f.cfg.Vimgrep) && len(f.spans) > 0 {
		s := f.spans[0].s
		col = s - (bytes.LastIndexByte(block[:s], '\n') + 1) + 1
	}
	switch {
	case f.cfg.Replace != nil && len(f.spans) > 0:
		f.blockReplaced(sep, lineno, offset, block, col)
	case f.cfg.OnlyMatching:
		for _, sp := range f.spans {
			f.blockPieces(sep, lineno, offset, block, sp.s, sp.e, col, true)
		}
	case f.cfg.Vimgrep && len(f.spans) > 0:
		for _, sp := range f.spans {
			ls := bytes.LastIndexByte(block[:sp.s], '\n') + 1
			f.blockLineAt(sep, lineno, offset, block, sp.s, sp.s-ls+1)
		}
	default:
		f.blockPieces(sep, lineno, offset, block, 0, len(block), col, false)
	}
	f.lastEnd = offset + int64(len(block)) + 1
	f.group.skipped = 0
	return f.flushIfBig(nil)
}

// blockReplaced prints a block with its matches replaced (--replace), as
// ripgrep prints it: the text made, a line of it at a time, numbered
// from the block's first line (a match that spans lines is replaced by
// what may be fewer, or more); under -o each match's replacement so;
// under --vimgrep, for each match, the line of the text it starts on.
func (f *standard) blockReplaced(sep byte, lineno, offset int64, block []byte, col int) {
	if f.cfg.OnlyMatching {
		for _, sp := range f.spans {
			n := int64(bytes.Count(block[:sp.s], []byte{'\n'}))
			f.text = f.cfg.Replace(f.text[:0], block, sp.s, sp.e)
			f.blockPieces(sep, lineno+n, offset+int64(sp.s), f.text, 0, len(f.text), col, true)
		}
		return
	}
	starts := make([]int, len(f.spans)) // each match's column, in the block
	for i, sp := range f.spans {
		starts[i] = sp.s - (bytes.LastIndexByte(block[:sp.s], '\n') + 1) + 1
	}
	text := f.shapedText(block)
	if !f.cfg.Vimgrep {
		f.blockPieces(sep, lineno, offset, text, 0, len(text), col, false)
		return
	}
	for i, sp := range f.spans {
		f.blockLineAt(sep, lineno, offset, text, sp.out, starts[i])
	}
}

// blockLineAt prints the line of block that holds offset p, with its
// number and offset in the block's and column col: --vimgrep's line for
// a match that starts there.
func (f *standard) blockLineAt(sep byte, lineno, offset int64, block []byte, p, col int) {
	ls := bytes.LastIndexByte(block[:p], '\n') + 1
	le := len(block)
	if k := bytes.IndexByte(block[ls:], '\n'); k >= 0 {
		le = ls + k
	}
	n := int64(bytes.Count(block[:ls], []byte{'\n'}))
	f.prefixCol(sep, lineno+n, col, offset+int64(ls))
	f.blockText(block, ls, le)
}

// blockPieces prints block[s:e] a line at a time: a prefix for each
// line, then its part of the text, coloured where matches lie (all of it
// when match, one match under -o).
func (f *standard) blockPieces(sep byte, lineno, offset int64, block []byte, s, e, col int, match bool) {
	n := int64(bytes.Count(block[:s], []byte{'\n'}))
	for p := s; p < e || p == s; {
		q := e
		if i := bytes.IndexByte(block[p:e], '\n'); i >= 0 {
			q = p + i
		}
		f.prefixCol(sep, lineno+n, col, offset+int64(p))
		if match {
			f.tab(q - p)
			colored(&f.file, f.cfg.Colors.Match, block[p:q])
			f.buf = append(f.buf, f.cfg.eol())
		} else {
			f.blockText(block, p, q)
		}
		n++
		if q == e {
			break
		}
		p = q + 1
	}
}

// blockText prints the line block[ls:le] of a block, cut by
// --max-columns as a line is, else as lineText prints it.
func (f *standard) blockText(block []byte, ls, le int) {
	if m := f.cfg.MaxColumns; m > 0 && le-ls > m {
		f.omission(omittedMatch)
		return
	}
	f.lineText(block, ls, le)
}
