package worker

import (
	"errors"
	"io"
	"syscall"

	"urg/osfile"
	"urg/search"
)

// searchStdin searches standard input, which every engine reads with
// read(2) from where its offset is, and then leaves that offset as grep
// leaves it (leaveStdin).
func (w *searcher) searchStdin(sink search.Sink) (search.Result, error) {
	r := w.r
	if r.cfg.StdinClosed {
		return search.Result{}, syscall.EBADF
	}
	start, serr := osfile.Seek(osfile.Stdin(), 0, io.SeekCurrent)
	in := r.cfg.Encoding.NewStream(osfile.FromFD(osfile.Stdin()))
	res, err := w.s.Search(in, sink)
	// A transcoded stream's offsets are not the input's: it is left
	// where reading it stopped.
	if err == nil && !in.Transcoded() && !r.cfg.StopAtFirst && !r.cfg.ListsNames && !r.stopped.Load() {
		if lerr := leaveStdin(start, serr == nil, res, r.cfg.Search.MaxCount); lerr != nil {
			r.report(r.cfg.stdinLabel(), lerr)
		}
	}
	return res, err
}

// leaveStdin leaves standard input, searched from offset start (when
// seekable), where grep leaves it, for a command after urg to read on, as
// in `(urg -m1 x; cat) < in`:
//
//   - after max selected lines (-m), just past the last of them, whatever
//     was read past it (read-ahead, trailing context), as grep's manual
//     says; a pipe cannot go back and is left as it is;
//   - after a search that binary data ended, at its end: a file is moved
//     there, a pipe is read to its end (grep's finalize_input drains it,
//     so that what writes into it is not cut off).
//
// grep does neither for -l, -L and -q, and the caller does not call it
// for them.
func leaveStdin(start int64, seekable bool, res search.Result, max int64) error {
	switch {
	case max > 0 && res.Count >= max:
		if !seekable {
			return nil
		}
		_, err := osfile.Seek(osfile.Stdin(), start+res.SelectedEnd, io.SeekStart)
		return err
	case !res.Stopped:
		return nil
	case seekable:
		_, err := osfile.Seek(osfile.Stdin(), 0, io.SeekEnd)
		if errors.Is(err, syscall.EINVAL) {
			return nil // /proc files, as grep finds (its bug 25180)
		}
		return err
	}
	in := osfile.FromFD(osfile.Stdin())
	buf := make([]byte, 64<<10)
	for {
		if _, err := in.Read(buf); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}
