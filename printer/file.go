package printer

import "urg/search"

// File is the sink of one file's search, framed by the file: Output.File
// makes the one its Config asks for, once for the file, so that no line
// asks again which output it is printed for. What else a File takes it
// says by the search's interfaces: the standard sink (grep's lines) and
// the JSON sink take context lines (search.ContextSink), binary data
// (search.BinarySink) and a multiline block's matches (search.SpanSink);
// the summary sink (-c, -l, -L, -q) takes none, as its search reports
// none. A File is used by one goroutine, and finished exactly once.
type File interface {
	search.FramedSink
}

// file is what every sink of one file shares: its place in the output
// (Output.write and finish read it) and the buffer its output gathers in.
type file struct {
	out  *Output
	cfg  *Config
	seq  int64
	path string
	buf  []byte
	// startsGroup is set when the first line printed opens a context
	// group, which needs "--" if anything was printed before it.
	startsGroup bool
	// printed is set once a line went through the printer, even one that
	// -o leaves empty or EncodingErrors leaves out: grep still counts it
	// for "--".
	printed   bool
	streaming bool
	// headed: the --heading line is in buf or written; headWritten: the
	// output has it (and the blank line before it).
	headed, headWritten bool
	// notice: the binary-file notice is due once the file's lines are out.
	notice bool
	// given are the matches the search handed with the block being
	// printed (MatchSpans); nil when the printer finds them.
	given []search.Span
	// text is scratch for a line's text as printed (--replace).
	text []byte
	// self is the sink this is the core of, which goes back to the
	// output's pool once written out.
	self pooled
}

// pooled is a sink the output keeps, once written out, for a file to
// come: reset empties it, keeping its buffers.
type pooled interface{ reset() }

// begin makes f the core of sink self, for file seq named path, with the
// buffers it kept.
func (f *file) begin(o *Output, seq int64, path string, self pooled) {
	*f = file{out: o, cfg: &o.cfg, seq: seq, path: path, buf: f.buf, text: f.text, self: self}
}

// kept is f emptied for the pool, with its buffers, unless a long line
// grew one past pooledMax.
func (f *file) kept() file {
	buf, text := f.buf[:0], f.text[:0]
	if cap(buf) > pooledMax {
		buf = nil
	}
	if cap(text) > pooledMax {
		text = nil
	}
	return file{buf: buf, text: text}
}

// Begin implements search.FramedSink: it returns the output's error, so
// that a run whose output is gone (a closed pipe) stops before searching
// more.
func (f *file) Begin() error { return f.out.Err() }

// each calls fn with the matches of line: those the search gave with it
// (MatchSpans), else the matcher's.
func (f *file) each(line []byte, fn func(s, e int)) error {
	if f.given != nil {
		for _, sp := range f.given {
			fn(sp.Start, sp.End)
		}
		return nil
	}
	return f.cfg.Matcher.Each(line, fn)
}

// countForStats adds the matches of a selected line to the output's
// count, which --stats asks for (CountMatches); under -v a selected line
// holds none. The caller asks CountMatches, so that a line printed
// without --stats costs no call.
func (f *file) countForStats(line []byte) {
	if !f.cfg.Invert && f.cfg.Matcher != nil {
		n := int64(0)
		f.each(line, func(int, int) { n++ })
		f.out.matches.Add(n)
	}
}

// linkOpen starts the file's hyperlink, for line and column (0: none
// known), when there is one to write: colours on, a format given, a file
// rather than standard input. It says whether it did.
func (f *file) linkOpen(line int64, col int) bool {
	h := f.cfg.Hyperlink
	if h == nil || !f.cfg.Color || f.path == f.cfg.StdinLabel {
		return false
	}
	f.buf = h.open(f.buf, f.path, line, col)
	return true
}

// linkedName writes the file's name, coloured and, where links are
// written, a hyperlink to the file (at line 1 when the format wants one).
func (f *file) linkedName(line int64, col int) {
	linked := f.linkOpen(line, col)
	colored(f, f.cfg.Colors.File, f.path)
	if linked {
		f.buf = append(f.buf, linkEnd...)
	}
}

// sepChar writes the separator c, coloured as grep colours it (se=).
func (f *file) sepChar(c byte) {
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
func colored[T string | []byte](f *file, sgr string, b T) {
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
func (f *file) flushIfBig(err error) error {
	if err != nil {
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

// nameEnd ends the file's name printed before a count (sep ':') or
// alone (sep '\n'): with a NUL under --null.
func (f *file) nameEnd(sep byte) {
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
// error, but no count or name. It returns the output's error, so that a
// run whose output is gone stops.
func (f *file) abandon() error {
	o := f.out // f is not to be used once finished
	o.finish(f)
	return o.Err()
}
