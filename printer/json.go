package printer

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"urg/search"
)

// The --json output: one object per line in ripgrep's message format
// (begin, match, context, end, summary), so that tools written for
// rg --json read urg unchanged.

// jsonData is text as ripgrep's messages carry it: UTF-8 as a string,
// anything else as base64 bytes.
type jsonData struct {
	Text  *string `json:"text,omitempty"`
	Bytes *string `json:"bytes,omitempty"`
}

func dataOf(b []byte) jsonData {
	if utf8.Valid(b) {
		s := string(b)
		return jsonData{Text: &s}
	}
	s := base64.StdEncoding.EncodeToString(b)
	return jsonData{Bytes: &s}
}

type jsonSubmatch struct {
	Match jsonData `json:"match"`
	// Replacement is what --replace makes of the match, as ripgrep
	// reports it.
	Replacement *jsonData `json:"replacement,omitempty"`
	Start       int       `json:"start"`
	End         int       `json:"end"`
}

type jsonLine struct {
	Path           jsonData       `json:"path"`
	Lines          jsonData       `json:"lines"`
	LineNumber     *int64         `json:"line_number"`
	AbsoluteOffset int64          `json:"absolute_offset"`
	Submatches     []jsonSubmatch `json:"submatches"`
}

type jsonDuration struct {
	Secs  int64  `json:"secs"`
	Nanos int32  `json:"nanos"`
	Human string `json:"human"`
}

func durationOf(d time.Duration) jsonDuration {
	return jsonDuration{Secs: int64(d / time.Second), Nanos: int32(d % time.Second), Human: fmt.Sprintf("%.6fs", d.Seconds())}
}

type jsonStats struct {
	Elapsed           jsonDuration `json:"elapsed"`
	Searches          int64        `json:"searches"`
	SearchesWithMatch int64        `json:"searches_with_match"`
	BytesSearched     int64        `json:"bytes_searched"`
	BytesPrinted      int64        `json:"bytes_printed"`
	MatchedLines      int64        `json:"matched_lines"`
	Matches           int64        `json:"matches"`
}

type jsonEnd struct {
	Path         jsonData  `json:"path"`
	BinaryOffset *int64    `json:"binary_offset"`
	Stats        jsonStats `json:"stats"`
}

type jsonSummary struct {
	ElapsedTotal jsonDuration `json:"elapsed_total"`
	Stats        jsonStats    `json:"stats"`
}

type jsonMessage struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

// jsonTotals add up the files' stats for the summary.
type jsonTotals struct {
	start                               time.Time
	searches, withMatch, bytes, printed atomic.Int64
	matchedLines, matches               atomic.Int64
}

// jsonFile is the sink that prints a file's search as ripgrep's JSON
// messages (--json): a begin message before the first line, one message
// for each line, selected or context, and an end message with the file's
// stats.
type jsonFile struct {
	file
	// began: the begin message was printed; the rest is what the end
	// message reports.
	began        bool
	started      time.Time
	searched     int64 // bytes searched (Finish's res.Bytes)
	matches      int64
	printedBytes int64
	binaryAt     int64    // offset of the binary data met; -1 none
	held         jsonHeld // the last line message, until the next
}

// jsonFileOf returns the JSON sink of file seq, one the output kept when
// there is one.
func (o *Output) jsonFileOf(seq int64, path string) *jsonFile {
	f, ok := o.files.Get().(*jsonFile)
	if !ok {
		f = new(jsonFile)
	}
	f.file.begin(o, seq, path, f)
	f.binaryAt, f.started = -1, time.Now()
	return f
}

// reset implements pooled.
func (f *jsonFile) reset() {
	*f = jsonFile{file: f.file.kept(), held: jsonHeld{text: f.held.text[:0]}}
}

// Match implements search.Sink: a "match" message.
func (f *jsonFile) Match(lineno, offset int64, line []byte) error {
	if f.cfg.CountMatches {
		f.countForStats(line)
	}
	// Under -v a selected line holds no match to report.
	return f.jsonLineMessage("match", lineno, offset, line, !f.cfg.Invert)
}

// MatchSpans implements search.SpanSink: a block of lines that
// multiline matches span, with the matches the search found.
func (f *jsonFile) MatchSpans(lineno, offset int64, block []byte, spans []search.Span) error {
	f.given = spans
	defer func() { f.given = nil }()
	return f.Match(lineno, offset, block)
}

// Context implements search.ContextSink: a "context" message.
func (f *jsonFile) Context(lineno, offset int64, line []byte) error {
	// Under -v the context lines are the matching ones.
	return f.jsonLineMessage("context", lineno, offset, line, f.cfg.Invert)
}

// Binary implements search.BinarySink: the end message gives the binary
// data's offset, and no notice is printed.
func (f *jsonFile) Binary() error {
	f.binaryAt = 0
	return nil
}

// Finish implements search.FramedSink, and releases the file's place in
// the output: with err nil it prints the end message, with res.Bytes
// searched, and returns the write's error. With err set it prints none
// (the lines gathered are written) and returns the output's error.
func (f *jsonFile) Finish(res search.Result, err error) error {
	if err != nil {
		f.flushLine(true)
		return f.abandon()
	}
	f.searched = res.Bytes
	f.jsonEnd(res.Count)
	return f.out.finish(&f.file)
}

// emit appends one message to the file's buffer.
func (f *jsonFile) emit(typ string, data any) {
	b := marshal(jsonMessage{typ, data})
	f.buf = append(f.buf, b...)
	f.printedBytes += int64(len(b))
}

// marshal is msg as one line of JSON, ended by a newline, with '<', '>'
// and '&' as themselves, as ripgrep writes them (Go's json.Marshal
// escapes them for HTML).
func marshal(msg any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		return []byte(`{"type":"error"}` + "\n") // cannot happen: the types above marshal
	}
	return b.Bytes()
}

// jsonLineMessage prints a selected line ("match") or a context line.
func (f *jsonFile) jsonLineMessage(typ string, lineno, offset int64, line []byte, hasMatches bool) error {
	if !f.began {
		f.began = true
		f.emit("begin", map[string]jsonData{"path": dataOf([]byte(f.path))})
	}
	f.flushLine(true)
	m := jsonLine{Path: dataOf([]byte(f.path)), AbsoluteOffset: offset, Submatches: []jsonSubmatch{}}
	if lineno > 0 {
		m.LineNumber = &lineno
	}
	var err error
	if hasMatches && f.cfg.Matcher != nil {
		err = f.each(line, func(s, e int) {
			sub := jsonSubmatch{Match: dataOf(line[s:e]), Start: s, End: e}
			if f.cfg.Replace != nil {
				f.text = f.cfg.Replace(f.text[:0], line, s, e)
				r := dataOf(f.text)
				sub.Replacement = &r
			}
			m.Submatches = append(m.Submatches, sub)
		})
	}
	if typ == "match" {
		f.matches += int64(len(m.Submatches))
	}
	// Held until the next message: only the end of the file tells
	// whether a newline ends the line, which ripgrep's text keeps.
	f.held = jsonHeld{typ: typ, m: m, text: append(f.held.text[:0], line...)}
	return f.flushIfBig(err)
}

// jsonHeld is the last line message of a file, not yet emitted (see
// flushLine); typ is "" when none is held.
type jsonHeld struct {
	typ  string
	m    jsonLine
	text []byte
}

// flushLine emits the held line message, if any; ended says a newline
// follows its line in the file.
func (f *jsonFile) flushLine(ended bool) {
	h := &f.held
	if h.typ == "" {
		return
	}
	if ended {
		h.text = append(h.text, '\n')
	}
	h.m.Lines = dataOf(h.text)
	f.emit(h.typ, h.m)
	h.typ = ""
}

// jsonEnd prints a file's end message and adds its stats to the totals.
func (f *jsonFile) jsonEnd(count int64) {
	// The file ends just after a line with no newline of its own.
	f.flushLine(f.held.m.AbsoluteOffset+int64(len(f.held.text)) != f.searched)
	t := &f.out.totals
	t.searches.Add(1)
	t.bytes.Add(f.searched)
	if count > 0 {
		t.withMatch.Add(1)
	}
	t.matchedLines.Add(count)
	t.matches.Add(f.matches)
	if !f.began {
		return // ripgrep says nothing of a file without a match
	}
	st := jsonStats{Elapsed: durationOf(time.Since(f.started)), Searches: 1, SearchesWithMatch: min(count, 1),
		BytesSearched: f.searched, MatchedLines: count, Matches: f.matches}
	st.BytesPrinted = f.printedBytes
	end := jsonEnd{Path: dataOf([]byte(f.path)), Stats: st}
	if f.binaryAt >= 0 {
		end.BinaryOffset = &f.binaryAt
	}
	t.printed.Add(f.printedBytes) // as ripgrep counts: up to the end message
	f.emit("end", end)
}

// Unread counts a file that a search left unread because it was known to
// hold no match (an index ruled it out) as a search of its size bytes
// that found none, which it would have been: the totals of --json's
// summary are then a scan's.
func (o *Output) Unread(size int64) {
	o.totals.searches.Add(1)
	o.totals.bytes.Add(size)
}

// jsonSummary is the summary message that ends the output.
func (o *Output) jsonSummary() []byte {
	t := &o.totals
	elapsed := time.Since(t.start)
	st := jsonStats{Elapsed: durationOf(elapsed), Searches: t.searches.Load(), SearchesWithMatch: t.withMatch.Load(),
		BytesSearched: t.bytes.Load(), BytesPrinted: t.printed.Load(), MatchedLines: t.matchedLines.Load(),
		Matches: t.matches.Load()}
	return marshal(sortedKeys(jsonMessage{"summary", jsonSummary{ElapsedTotal: durationOf(elapsed), Stats: st}}))
}

// sortedKeys is v with its objects' keys in sorted order, as ripgrep
// writes its summary message (built as a map, where the other messages'
// keys come in their fields' order), so that the whole output is
// ripgrep's byte for byte but for the times.
func sortedKeys(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var m map[string]any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if d.Decode(&m) != nil {
		return v
	}
	return m
}
