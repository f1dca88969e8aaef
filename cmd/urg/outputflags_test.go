package main

import "urg/printer"

// modeCases try every flag of the mode unit.
func modeCases() []flagCase {
	mode := func(m printer.Mode) func(*options) bool {
		return func(o *options) bool { return o.mode == m }
	}
	return []flagCase{
		{[]string{"-c", "x"}, mode(printer.Count), ""},
		{[]string{"--count", "x"}, mode(printer.Count), ""},
		{[]string{"--count-matches", "x"}, mode(printer.MatchCount), ""},
		{[]string{"--count-matches", "-c", "x"}, mode(printer.Count), ""},
		{[]string{"--include-zero", "x"}, func(o *options) bool { return o.includeZero }, ""},
		{[]string{"-l", "x"}, mode(printer.FilesWithMatches), ""},
		{[]string{"--files-with-matches", "x"}, mode(printer.FilesWithMatches), ""},
		{[]string{"-L", "x"}, mode(printer.FilesWithoutMatch), ""},
		{[]string{"--files-without-match", "x"}, mode(printer.FilesWithoutMatch), ""},
		{[]string{"-m", "3", "x"}, func(o *options) bool { return o.maxCount == 3 }, ""},
		{[]string{"--max-count=0", "x"}, func(o *options) bool { return o.maxCount == 0 }, ""},
		{[]string{"x"}, func(o *options) bool { return o.maxCount == -1 && o.mode == printer.Lines }, ""},
		{[]string{"--stop-on-nonmatch", "x"}, func(o *options) bool { return o.stopOnNonmatch }, ""},
		{[]string{"-q", "-c", "x"}, mode(printer.Quiet), ""},
		{[]string{"--quiet", "x"}, mode(printer.Quiet), ""},
		{[]string{"--silent", "x"}, mode(printer.Quiet), ""},
		{[]string{"-s", "x"}, func(o *options) bool { return o.noMessages }, ""},
		{[]string{"--no-messages", "x"}, func(o *options) bool { return o.noMessages }, ""},
		{[]string{"--stats", "x"}, func(o *options) bool { return o.stats }, ""},
	}
}

// lineCases try every flag of the line unit.
func lineCases() []flagCase {
	numbered := func(o *options) bool { return o.lineNumber }
	unnumbered := func(o *options) bool { return !o.lineNumber }
	return []flagCase{
		{[]string{"-o", "x"}, func(o *options) bool { return o.onlyMatching }, ""},
		{[]string{"--only-matching", "x"}, func(o *options) bool { return o.onlyMatching }, ""},
		{[]string{"-n", "x"}, numbered, ""},
		{[]string{"--line-number", "x"}, numbered, ""},
		{[]string{"-n", "-N", "x"}, unnumbered, ""},
		{[]string{"-n", "--no-line-number", "x"}, unnumbered, ""},
		{[]string{"-b", "x"}, func(o *options) bool { return o.byteOffset }, ""},
		{[]string{"--byte-offset", "x"}, func(o *options) bool { return o.byteOffset }, ""},
		{[]string{"-h", "-H", "x"}, func(o *options) bool { return o.filename == +1 }, ""},
		{[]string{"--no-filename", "--with-filename", "x"}, func(o *options) bool { return o.filename == +1 }, ""},
		{[]string{"-H", "--no-filename", "x"}, func(o *options) bool { return o.filename == -1 }, ""},
		{[]string{"--field-match-separator=\\t", "x"}, func(o *options) bool { return o.fieldMatchSep == "\t" }, ""},
		{[]string{"--field-context-separator=\\x41", "x"}, func(o *options) bool { return o.fieldContextSep == "A" }, ""},
		{[]string{"-Z", "x"}, func(o *options) bool { return o.null }, ""},
		{[]string{"--null", "x"}, func(o *options) bool { return o.null }, ""},
		{[]string{"-p", "x"}, func(o *options) bool { return o.color == "always" && o.heading && o.lineNumber }, ""},
		{[]string{"--pretty", "--no-heading", "x"}, func(o *options) bool { return o.color == "always" && !o.heading }, ""},
		{[]string{"--heading", "x"}, func(o *options) bool { return o.heading }, ""},
		{[]string{"--line-buffered", "x"}, func(o *options) bool { return o.lineBuffered }, ""},
		{[]string{"--column", "x"}, func(o *options) bool { return o.shape.column && o.lineNumber }, ""},
		{[]string{"--vimgrep", "x"}, func(o *options) bool { return o.shape.vimgrep && o.lineNumber && o.filename == +1 }, ""},
		{[]string{"--vimgrep", "-h", "x"}, func(o *options) bool { return o.filename == -1 }, ""},
		{[]string{"--replace=", "x"}, func(o *options) bool { return o.shape.replace != nil && *o.shape.replace == "" }, ""},
		{[]string{"x"}, func(o *options) bool { return o.shape.replace == nil }, ""},
		{[]string{"-M", "5", "x"}, func(o *options) bool { return o.shape.maxColumns == 5 }, ""},
		{[]string{"--max-columns=-1", "x"}, nil, "--max-columns must be a non-negative number"},
		{[]string{"--max-columns-preview", "x"}, func(o *options) bool { return o.shape.maxColumnsPreview }, ""},
		{[]string{"--max-columns-preview", "--no-max-columns-preview", "x"}, func(o *options) bool { return !o.shape.maxColumnsPreview }, ""},
		{[]string{"--trim", "x"}, func(o *options) bool { return o.shape.trim }, ""},
		{[]string{"-T", "x"}, func(o *options) bool { return o.shape.initialTab }, ""},
		{[]string{"--initial-tab", "x"}, func(o *options) bool { return o.shape.initialTab }, ""},
	}
}

// jsonCases try --json.
func jsonCases() []flagCase {
	return []flagCase{
		{[]string{"--json", "x"}, func(o *options) bool { return o.json && o.lineNumber }, ""},
		{[]string{"--json", "-q", "x"}, func(o *options) bool { return o.json && o.mode == printer.Quiet }, ""},
		{[]string{"--json", "-c", "x"}, nil, "--json cannot be used with -c, -l or -L"},
		{[]string{"--json", "-L", "x"}, nil, "--json cannot be used with -c, -l or -L"},
	}
}
