package printer

import (
	"bytes"
	"strconv"
	"testing"
	"unicode/utf8"

	"urg/search"
)

// FuzzPrinter checks grep's line format for any path and line bytes and
// any of -H, -n, -b, -Z and EncodingErrors, for selected and context lines
// and counts, built here independently of the printer.
func FuzzPrinter(f *testing.F) {
	f.Add("dir/a\nb", []byte("line\x00with\xffbytes"), uint8(7), int64(3), int64(40))
	f.Add("", []byte(""), uint8(0), int64(1), int64(0))
	f.Add("f", []byte("x\xe9"), uint8(32+3), int64(2), int64(3))
	f.Fuzz(func(t *testing.T, path string, line []byte, flags uint8, lineno, offset int64) {
		if bytes.IndexByte(line, '\n') >= 0 || lineno < 0 || offset < 0 {
			return // the searcher hands over lines without their newline
		}
		cfg := Config{WithFilename: flags&1 != 0, LineNumber: flags&2 != 0, ByteOffset: flags&4 != 0, Null: flags&8 != 0,
			EncodingErrors: flags&32 != 0}
		if flags&16 != 0 {
			cfg.Mode = Count
		}
		// A line that is not UTF-8 is left out, and the notice says so.
		leftOut := cfg.EncodingErrors && cfg.Mode != Count && !utf8.Valid(line)
		var wantErr string
		if leftOut {
			wantErr = "urg: " + path + ": binary file matches\n"
		}
		var out, errw bytes.Buffer
		o := NewOutput(&out, &errw, cfg, false)
		file := o.File(0, path)
		var want []byte
		for _, sep := range []byte{':', '-'} {
			if cfg.Mode == Count {
				break
			}
			if sep == ':' {
				file.Match(lineno, offset, line)
			} else {
				file.(search.ContextSink).Context(lineno+1, offset+int64(len(line))+1, line)
			}
			if leftOut {
				continue
			}
			if cfg.WithFilename {
				want = append(want, path...)
				if cfg.Null {
					want = append(want, 0)
				} else {
					want = append(want, sep)
				}
			}
			n, b := lineno, offset
			if sep == '-' {
				n, b = lineno+1, offset+int64(len(line))+1
			}
			if cfg.LineNumber {
				want = append(strconv.AppendInt(want, n, 10), sep)
			}
			if cfg.ByteOffset {
				want = append(strconv.AppendInt(want, b, 10), sep)
			}
			want = append(append(want, line...), '\n')
		}
		if err := file.Finish(search.Result{Count: 2}, nil); err != nil {
			t.Fatal(err)
		}
		if cfg.Mode == Count {
			if cfg.WithFilename {
				want = append(want, path...)
				if cfg.Null {
					want = append(want, 0)
				} else {
					want = append(want, ':')
				}
			}
			want = append(want, "2\n"...)
		}
		if err := o.Flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), want) || errw.String() != wantErr {
			t.Fatalf("flags %06b, path %q, line %q:\n got %q\nwant %q (stderr %q)", flags, path, line, out.Bytes(), want, errw.Bytes())
		}
	})
}
