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
	limit := full
	if !eof {
		// The lines that end before full-MultilineReach.
		cut := full - MultilineReach
		if cut <= pos {
			return pos, nil
		}
		limit = pos + bytes.LastIndexByte(s.buf[pos:cut], s.eol) + 1
		if limit <= pos {
			return pos, nil
		}
	}
	text := s.buf[pos:full]
	if len(text) > 0 && text[len(text)-1] == '\n' {
		text = text[:len(text)-1]
	}
	at := 0 // in text: where the lines not yet reported start
	var serr error
	err = s.span.Spans(text, limit-pos, func(ms, me int) bool {
		ls, le := match.Block(text, ms, me)
		if ls < at {
			return true // on lines a block before took
		}
		if serr = s.selectBlock(pos+at, pos+ls, pos+le); serr != nil {
			return false
		}
		at = le + 1
		return !s.draining
	})
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
