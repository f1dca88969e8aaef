package search

import "bytes"

// searchLines searches the complete lines from pos on: up to the last
// newline the buffer holds, or to its end at the end of the file. stop
// says the search ended on what it found (errStop), which leaves the rest
// of the file unread. A piece's NUL ends it with errNUL.
func (s *Searcher) searchLines(f *feed) (stop bool, err error) {
	limit := s.end
	if !f.eof {
		i := bytes.LastIndexByte(s.buf[f.pos+f.noNL:s.end], s.eol)
		if i < 0 {
			f.noNL = s.end - f.pos
			if s.nulSince(&f.nulFrom) {
				return false, errNUL
			}
			return false, nil // no complete line yet: read on, growing if need be
		}
		limit = f.pos + f.noNL + i + 1
		f.noNL = 0
	}
	if limit <= f.pos {
		return false, nil
	}
	if s.span != nil {
		next, err := s.multiRegion(f.pos, limit, f.eof)
		if err == errStop {
			return true, nil
		} else if err != nil || next == f.pos {
			return false, err // next == pos: read on, to see a match's reach
		}
		f.pos = next
		if s.mapped != nil {
			s.release(f.pos)
		}
		return false, nil
	}
	if err := s.region(f.pos, limit); err == errStop {
		return true, nil
	} else if err != nil {
		return false, err
	}
	f.pos = limit
	if s.nulSince(&f.nulFrom) {
		return false, errNUL
	}
	if s.mapped != nil {
		s.release(f.pos)
	}
	return false, nil
}

// lineNo returns the number of the line starting at p; calls must come in
// increasing order of p.
func (s *Searcher) lineNo(p int) int64 {
	if !s.opts.LineNumbers {
		return 0
	}
	s.lnNum += int64(bytes.Count(s.buf[s.lnPos:p], []byte{s.eol}))
	s.lnPos = p
	return s.lnNum
}

// region searches buf[pos:limit], which holds complete lines.
func (s *Searcher) region(pos, limit int) error {
	textEnd := limit
	if s.buf[textEnd-1] == s.eol {
		textEnd--
	}
	at := pos
	for at <= textEnd && !s.draining {
		ls, le, err := s.next(at, textEnd)
		if err != nil {
			return err
		}
		if s.opts.StopOnNonmatch && !s.opts.Invert && s.res.Count > 0 && ls != 0 {
			s.draining = true // a line that does not match comes first
			break
		}
		if ls < 0 {
			break
		}
		ls, le = ls+at, le+at
		if s.opts.Invert {
			if err := s.lines(at, ls, s.selectLine); err != nil {
				return err
			}
			if err := s.afterLine(ls, le); err != nil {
				return err
			}
		} else {
			if err := s.after(at, ls); err != nil {
				return err
			}
			if err := s.selectLine(ls, le); err != nil {
				return err
			}
		}
		at = le + 1
	}
	if at >= limit {
		return nil
	}
	if s.opts.Invert && !s.draining {
		return s.lines(at, limit, s.selectLine)
	}
	return s.after(at, limit)
}

// next is the matcher's Next on buf[at:textEnd]. Through cleanNext, the
// bytes up to the line found (or to textEnd) that its scan did not see
// are looked at for NULs here, and one ends the search with errNUL.
func (s *Searcher) next(at, textEnd int) (int, int, error) {
	text := s.buf[at:textEnd]
	if s.cleanNext == nil {
		return s.m.Next(text)
	}
	ls, le, clean, err := s.cleanNext(text)
	if err != nil {
		return ls, le, err
	}
	seen := len(text)
	if ls >= 0 {
		seen = le
	}
	if clean < seen && bytes.IndexByte(text[clean:seen], 0) >= 0 {
		return ls, le, errNUL
	}
	return ls, le, nil
}

// after reports the lines of buf[from:to] that are due as after-context.
// Lines past that are not looked at: without context, the stretch between
// two matches costs nothing.
func (s *Searcher) after(from, to int) error {
	for p := from; p < to && (s.afterLeft > 0 || s.draining); {
		le := to
		if i := bytes.IndexByte(s.buf[p:to], s.eol); i >= 0 {
			le = p + i
		}
		if err := s.afterLine(p, le); err != nil {
			return err
		}
		p = le + 1
	}
	return nil
}

// lines calls fn for each line in buf[from:to]; from is a line start and to
// a line start or the end of the region.
func (s *Searcher) lines(from, to int, fn func(ls, le int) error) error {
	if from >= to {
		return nil
	}
	if s.opts.CountOnly && !s.draining && s.opts.MaxCount == 0 && s.opts.Invert {
		// counting inverted lines needs no per-line work
		n := int64(bytes.Count(s.buf[from:to], []byte{s.eol}))
		if s.buf[to-1] != s.eol {
			n++
		}
		s.res.Count += n
		s.res.SelectedEnd = s.base + int64(to)
		return nil
	}
	for p := from; p < to; {
		le := to
		if i := bytes.IndexByte(s.buf[p:to], s.eol); i >= 0 {
			le = p + i
		}
		if err := fn(p, le); err != nil {
			return err
		}
		p = le + 1
	}
	return nil
}

// selectLine reports a selected line with its before-context.
func (s *Searcher) selectLine(ls, le int) error {
	if s.draining {
		return s.afterLine(ls, le)
	}
	s.res.Count++
	s.res.SelectedEnd = s.base + int64(le)
	if le < s.end {
		s.res.SelectedEnd++ // its newline
	}
	if s.opts.MaxCount > 0 && s.res.Count >= s.opts.MaxCount {
		s.draining = true
		if s.opts.CountOnly || s.opts.After == 0 {
			s.done = true
		}
	}
	if s.opts.CountOnly {
		if s.done {
			return errStop
		}
		return nil
	}
	if s.res.Binary && s.opts.Binary == BinaryQuit {
		switch {
		case s.quiet:
			// Counting on, with nothing reported, to -m's count.
			if s.draining {
				s.done = true
				return errStop
			}
			return nil
		case s.opts.MaxCount > 0 && !s.draining:
			// grep 3.12 counts on through binary data to -m's count
			// and stops after that line, where it leaves standard
			// input for the command after it: the notice now, the
			// count after it silent.
			s.quiet, s.afterLeft = true, 0
			return s.check(s.binaryFound(), false)
		}
		s.done = true
		return s.check(s.binaryFound(), true)
	}
	if err := s.before(ls); err != nil {
		return err
	}
	var err error
	if s.spans != nil && s.blockSpans != nil {
		err = s.spans.MatchSpans(s.lineNo(ls), s.base+int64(ls), s.buf[ls:le], s.blockSpans)
	} else {
		err = s.sink.Match(s.lineNo(ls), s.base+int64(ls), s.buf[ls:le])
	}
	s.lastEnd = s.base + int64(le) + 1
	s.afterLeft = s.opts.After
	return s.check(err, s.done)
}

// afterLine reports a line that is not selected as after-context when it is
// due.
func (s *Searcher) afterLine(ls, le int) error {
	if s.afterLeft == 0 || s.opts.CountOnly {
		if s.draining {
			s.done = true
			return errStop
		}
		return nil
	}
	s.afterLeft--
	err := s.contextLine(s.lineNo(ls), s.base+int64(ls), s.buf[ls:le])
	s.lastEnd = s.base + int64(le) + 1
	return s.check(err, s.draining && s.afterLeft == 0)
}

// before reports up to Before lines ahead of ls that were not reported yet.
func (s *Searcher) before(ls int) error {
	if s.opts.Before == 0 || ls == 0 {
		return nil
	}
	floor := 0
	if s.lastEnd >= 0 {
		floor = max(0, int(s.lastEnd-s.base))
	}
	start := ls
	for i := 0; i < s.opts.Before && start > floor; i++ {
		start = max(floor, bytes.LastIndexByte(s.buf[:start-1], s.eol)+1)
	}
	for p := start; p < ls; {
		le := p + bytes.IndexByte(s.buf[p:ls], s.eol)
		if err := s.contextLine(s.lineNo(p), s.base+int64(p), s.buf[p:le]); err != nil {
			return s.check(err, false)
		}
		p = le + 1
	}
	return nil
}
