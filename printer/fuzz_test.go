package printer

import (
	"bytes"
	"strconv"
	"testing"
)

// FuzzPrinter checks grep's line format for any path and line bytes and
// any of -H, -n, -b, -Z, for selected and context lines and counts, built
// here independently of the printer.
func FuzzPrinter(f *testing.F) {
	f.Add("dir/a\nb", []byte("line\x00with\xffbytes"), uint8(7), int64(3), int64(40))
	f.Add("", []byte(""), uint8(0), int64(1), int64(0))
	f.Fuzz(func(t *testing.T, path string, line []byte, flags uint8, lineno, offset int64) {
		if bytes.IndexByte(line, '\n') >= 0 || lineno < 0 || offset < 0 {
			return // the searcher hands over lines without their newline
		}
		cfg := Config{WithFilename: flags&1 != 0, LineNumber: flags&2 != 0, ByteOffset: flags&4 != 0, Null: flags&8 != 0}
		if flags&16 != 0 {
			cfg.Mode = Count
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
				file.Context(lineno+1, offset+int64(len(line))+1, line)
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
		if err := file.Finish(2); err != nil {
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
		if !bytes.Equal(out.Bytes(), want) || errw.Len() > 0 {
			t.Fatalf("flags %05b, path %q, line %q:\n got %q\nwant %q (stderr %q)", flags, path, line, out.Bytes(), want, errw.Bytes())
		}
	})
}
