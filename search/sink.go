package search

// Sink receives what the search of one file reports, in file order: the
// selected lines. What else a sink takes it says by the interfaces it
// also has, asked for once a search: ContextSink (context lines),
// BinarySink (a selected line in binary data) and FramedSink (the file's
// beginning and end).
type Sink interface {
	// Match is called for each selected line; offset is the byte offset
	// of the line in the file, lineno its 1-based number (0 when not
	// counted). line excludes the newline and is valid only during the call.
	Match(lineno, offset int64, line []byte) error
}

// ContextSink is a Sink that takes context lines; to a Sink without it
// they are not handed.
type ContextSink interface {
	Sink
	// Context is called for each context line, as Match is.
	Context(lineno, offset int64, line []byte) error
}

// BinarySink is a Sink told when a selected line lies in binary data.
type BinarySink interface {
	Sink
	// Binary is called when a selected line lies in data that holds a
	// NUL byte, under BinaryQuit; nothing is reported after it (under
	// MaxCount the search counts on, silently, to the count, as grep
	// 3.12 does, for Result.SelectedEnd).
	Binary() error
}

// FramedSink is a Sink framed by the file: whoever runs the file's search
// (the scheduler) calls Begin before reading it and Finish after, also
// for a file it did not search (skipped, or failed to open), through
// Begin and Finish below. The Searcher itself calls neither, so that a
// file may be searched in parts (a split search).
type FramedSink interface {
	Sink
	// Begin is called once, first. An error means the output is gone:
	// the file is not searched and the run should stop.
	Begin() error
	// Finish is called once for every file begun, last. res is what its
	// search found; err, when not nil, is why the search ended early
	// (the file could not be opened or read): the lines already given
	// are still written, but the file's summary (-c's count, -l's name,
	// the JSON end message) is left out. The error returned is the
	// output's: once it fails, the run should stop.
	Finish(res Result, err error) error
}

// Begin begins the file for k, when k is framed (FramedSink).
func Begin(k Sink) error {
	if f, ok := k.(FramedSink); ok {
		return f.Begin()
	}
	return nil
}

// Finish ends the file for k, when k is framed (FramedSink).
func Finish(k Sink, res Result, err error) error {
	if f, ok := k.(FramedSink); ok {
		return f.Finish(res, err)
	}
	return nil
}

// SpanSink is a Sink that takes, with a block of lines that --multiline
// matches span, the matches' bounds in it: found with the text around the
// block in view, where a sink that looked for them again in the block
// alone would miss a match whose look-behind reaches the line before.
type SpanSink interface {
	Sink
	MatchSpans(lineno, offset int64, block []byte, spans []Span) error
}

// Span is a match's bounds, in the block handed with it.
type Span struct{ Start, End int }

// binaryFound tells the sink of binary data, if it is told (BinarySink).
func (s *Searcher) binaryFound() error {
	if s.binary == nil {
		return nil
	}
	return s.binary.Binary()
}

// contextLine hands the sink a context line, if it takes them.
func (s *Searcher) contextLine(lineno, offset int64, line []byte) error {
	if s.context == nil {
		return nil
	}
	return s.context.Context(lineno, offset, line)
}
