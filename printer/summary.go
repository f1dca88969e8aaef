package printer

import (
	"strconv"

	"urg/search"
)

// The sinks of the modes that print a file's summary rather than its
// lines: a count (-c), a name (-l, -L), nothing (-q), and the count of
// matches (rg --count-matches).

// summary is the sink of Count, FilesWithMatches, FilesWithoutMatch and
// Quiet: the search counts the selected lines itself (search.Options'
// CountOnly) and reports none, and Finish prints what the count says.
type summary struct{ file }

// summaryFile returns the summary sink of file seq, one the output kept
// when there is one.
func (o *Output) summaryFile(seq int64, path string) *summary {
	f, ok := o.files.Get().(*summary)
	if !ok {
		f = new(summary)
	}
	f.file.begin(o, seq, path, f)
	return f
}

// reset implements pooled.
func (f *summary) reset() { *f = summary{file: f.file.kept()} }

// Match implements search.Sink. A search that counts only reports no
// line, and a line reported is not printed: the count is Finish's.
func (f *summary) Match(int64, int64, []byte) error { return nil }

// Finish implements search.FramedSink, and releases the file's place in
// the output: with err nil it prints the file's count (Count), or its
// name when res.Count says it has a selected line (FilesWithMatches) or
// none (FilesWithoutMatch), and returns the write's error. With err set
// it prints neither (abandon) and returns the output's error.
func (f *summary) Finish(res search.Result, err error) error {
	if err != nil {
		return f.abandon()
	}
	switch count := res.Count; f.cfg.Mode {
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
	return f.out.finish(&f.file)
}

// matchCounts is MatchCount's sink: it counts the matches of the lines
// selected (the lines, under -v) and prints the count at the end. The
// search reports the lines to count them; the context lines it reports
// (-A, -B, -C) are printed as the standard sink prints them, which it
// is besides.
type matchCounts struct {
	standard
	count int64
}

// matchCountsFile returns the MatchCount sink of file seq, one the
// output kept when there is one.
func (o *Output) matchCountsFile(seq int64, path string) *matchCounts {
	f, ok := o.files.Get().(*matchCounts)
	if !ok {
		f = new(matchCounts)
	}
	f.standard.start(o, seq, path)
	f.file.self, f.count = f, 0
	return f
}

// reset implements pooled.
func (f *matchCounts) reset() {
	f.standard.reset()
	f.count = 0
}

// Match implements search.Sink: a selected line's matches are counted
// (the line itself, under -v, where it holds none).
func (f *matchCounts) Match(lineno, offset int64, line []byte) error {
	if f.cfg.Invert {
		f.count++
		return nil
	}
	return f.each(line, func(int, int) { f.count++ })
}

// MatchSpans implements search.SpanSink: the matches of a multiline
// block are those the search found.
func (f *matchCounts) MatchSpans(lineno, offset int64, block []byte, spans []search.Span) error {
	f.given = spans
	defer func() { f.given = nil }()
	return f.Match(lineno, offset, block)
}

// Finish implements search.FramedSink, and releases the file's place in
// the output: with err nil it prints the count of matches, unless it is
// 0 (and IncludeZero is not set), and returns the write's error. With
// err set it prints none (abandon) and returns the output's error.
func (f *matchCounts) Finish(res search.Result, err error) error {
	if err != nil {
		return f.abandon()
	}
	f.endLast(res.Bytes)
	if f.count != 0 || f.cfg.IncludeZero {
		if f.cfg.WithFilename {
			f.linkedName(0, 0)
			f.nameEnd(':')
		}
		f.buf = strconv.AppendInt(f.buf, f.count, 10)
		f.buf = f.cfg.appendNL(f.buf)
	}
	return f.out.finish(&f.file)
}
