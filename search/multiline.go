package search

import (
	"bytes"

	"urg/match"
)

// MultilineReach is how far past the lines at hand a --multiline search
// looks for the end of a match that starts in them: a match longer than
// this may be missed or end early. It bounds the buffer, and so the
// memory, of a search of a file far larger than memory; the bytes within
// reach are searched again with the lines that follow.
const MultilineReach = 4 << 20

// multiRegion searches the complete lines of buf[pos:full] for matches
// that may span lines (Options.Multiline), reporting the block of lines
// each spans as one selected line. Unless eof, only matches that start
// at least MultilineReach before full are taken (their end is then in
// sight), and next, where the search goes on, stays at pos until the
// buffer holds that much.
func (s *Searcher) multiRegion(pos, full int, eof bool) (next int, err error) {
	limit := s.multiLimit(pos, full, eof)
	if limit <= pos {
		return pos, nil
	}
	text := s.buf[pos:full]
	if len(text) > 0 && text[len(text)-1] == '\n' {
		text = text[:len(text)-1]
	}
	at := 0 // in text: where the lines not yet reported start
	// The block of lines the matches so far span, not yet reported, and
	// how many they are: a match that starts on its lines joins it, as
	// ripgrep joins them, so that a match after another on the same line
	// is not lost; each counts, for -c and -m, as ripgrep counts them.
	bs, be, n := -1, -1, 0
	reached := func() bool { // the matches held reach -m's count
		return s.opts.MaxCount > 0 && !s.opts.Invert && s.res.Count+int64(n) >= s.opts.MaxCount
	}
	var serr error
	flush := func() bool {
		if bs < 0 {
			return true
		}
		if !s.opts.Invert && !s.draining {
			s.res.Count += int64(n - 1) // selectBlock counts the last
		}
		if !s.opts.Invert {
			s.blockSpans = s.spanBuf
		}
		serr = s.selectBlock(pos+at, pos+bs, pos+be)
		s.blockSpans = nil
		if serr != nil {
			return false
		}
		at, bs = be+1, -1
		return !s.draining
	}
	err = s.span.Spans(text, limit-pos, func(ms, me int) bool {
		ls, le := match.Block(text, ms, me)
		if bs >= 0 && ls <= be && !reached() {
			be, n = max(be, le), n+1
			s.spanBuf = append(s.spanBuf, Span{ms - bs, me - bs})
			return true
		}
		if !flush() {
			return false
		}
		if ls < at {
			return true // on lines a block before took
		}
		bs, be, n = ls, le, 1
		s.spanBuf = append(s.spanBuf[:0], Span{ms - ls, me - ls})
		return true
	})
	if err == nil && serr == nil {
		flush()
	}
	if err == nil {
		err = serr
	}
	if err != nil {
		return pos, err
	}
	end := min(max(limit, pos+at), s.end)
	switch {
	case pos+at >= end:
	case s.opts.Invert && !s.draining:
		err = s.lines(pos+at, end, s.selectLine)
	default:
		err = s.after(pos+at, end)
	}
	return end, err
}

// multiLimit is where the lines whose matches multiRegion takes end:
// full at the end of the file, else the end of the last line that ends
// MultilineReach before full (pos when none does).
func (s *Searcher) multiLimit(pos, full int, eof bool) int {
	if eof {
		return full
	}
	cut := full - MultilineReach
	if cut <= pos {
		return pos
	}
	return pos + bytes.LastIndexByte(s.buf[pos:cut], s.eol) + 1
}

// selectBlock reports the block buf[ls:le] of lines a match spans, and
// the lines from at to it as region reports the lines between matches.
func (s *Searcher) selectBlock(at, ls, le int) error {
	if s.opts.Invert {
		if err := s.lines(at, ls, s.selectLine); err != nil {
			return err
		}
		return s.afterLine(ls, le)
	}
	if err := s.after(at, ls); err != nil {
		return err
	}
	return s.selectLine(ls, le)
}
