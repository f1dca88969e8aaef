package worker

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"

	"urg/internal/wording"
	"urg/search"
	"urg/walk"
)

// Pre is ripgrep's --pre: a program whose standard output is searched in
// place of a file's bytes. It is run as COMMAND PATH, with the file on
// its standard input, once for each file (of those Globs takes, when
// set); each searching goroutine runs its own, so that as many run at once as files
// are searched. Standard input is never preprocessed.
type Pre struct {
	Command string
	Globs   *walk.GlobSet // --pre-glob; nil takes every file
}

// takes says whether the file at path is preprocessed.
func (p *Pre) takes(path string) bool {
	return p != nil && path != walk.StdinPath && (p.Globs == nil || p.Globs.Takes(path))
}

// stderrMax is how much of a preprocessor's standard error is kept for
// the message of its failure.
const stderrMax = 64 << 10

// searchPre searches what the preprocessor writes for the file at path.
// A preprocessor that cannot start, or that ends in failure when its
// output was read to the end, is the file's error, as ripgrep words it,
// with what it wrote to its standard error; one that the search stopped
// reading (-m, -q, -l) is not asked how it ended.
func (w *searcher) searchPre(path string, sink search.Sink) (search.Result, error) {
	pre := w.r.cfg.Pre
	in, err := os.Open(path)
	if err != nil {
		return search.Result{}, err
	}
	defer in.Close()
	cmd := exec.Command(pre.Command, path)
	cmd.Stdin = in
	var errOut bounded
	cmd.Stderr = &errOut
	out, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	shown := quoteCommand(pre.Command, path)
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			err = syscall.ENOENT // as the system words it
		}
		return search.Result{}, &PreError{Command: shown, Started: false, Detail: wording.Of(err)}
	}
	res, serr := w.searchRead(out, sink)
	out.Close() // a search that stopped early leaves the rest unread
	werr := cmd.Wait()
	switch {
	case serr != nil:
		return res, &PreError{Command: shown, Started: true, Detail: wording.Of(serr)}
	case werr != nil && !res.Stopped:
		var exit *exec.ExitError
		if !errors.As(werr, &exit) {
			return res, &PreError{Command: shown, Started: true, Detail: wording.Of(werr)}
		}
		return res, &PreError{Command: shown, Started: true, Detail: errOut.shown()}
	}
	return res, nil
}

// PreError is a preprocessor's failure, worded as ripgrep words it.
type PreError struct {
	Command string // the command line, each word quoted
	Started bool   // it ran, and failed; else it could not start
	Detail  string
}

func (e *PreError) Error() string {
	if !e.Started {
		return fmt.Sprintf("preprocessor command could not start: '%s': %s", e.Command, e.Detail)
	}
	return fmt.Sprintf("preprocessor command failed: '%s': %s", e.Command, e.Detail)
}

// quoteCommand is the command line as ripgrep shows it: each word quoted.
func quoteCommand(words ...string) string {
	for i, w := range words {
		words[i] = strconv.Quote(w)
	}
	return strings.Join(words, " ")
}

// bounded keeps the first stderrMax bytes written to it.
type bounded struct{ b []byte }

func (b *bounded) Write(p []byte) (int, error) {
	if room := stderrMax - len(b.b); room > 0 {
		b.b = append(b.b, p[:min(len(p), room)]...)
	}
	return len(p), nil
}

// shown is the standard error as ripgrep quotes it in the failure's
// message: between two rules, or "<stderr is empty>".
func (b *bounded) shown() string {
	text := strings.TrimSpace(string(b.b))
	if text == "" {
		return "<stderr is empty>"
	}
	rule := strings.Repeat("-", 79)
	return "\n" + rule + "\n" + text + "\n" + rule
}

var _ io.Writer = (*bounded)(nil)
