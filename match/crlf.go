package match

import (
	"bytes"

	"urg/match/base"
)

// crlf is ripgrep's --crlf: a CR is a line's end to the pattern, as in
// ripgrep's CRLF mode: $ matches before it and ^ after it, '.' does not
// match it. A line is matched as the stretches its CRs part, each as a
// line of its own; the line printed keeps them. A block with no CR is
// searched as one; a line that holds one is handed to the matcher a
// stretch at a time. (A match across a CR, which ripgrep makes of a
// pattern that names one, such as \s or [^a], is not found.)
type crlf struct{ m Matcher }

// CRLF returns m reading a CR as the end of a line, as ripgrep's --crlf.
// m's optional extensions are not asked for through it: the searches
// that would use them read the lines as they are.
func CRLF(m Matcher) Matcher { return crlf{m} }

func (c crlf) Next(text []byte) (int, int, error) {
	from := 0
	for from <= len(text) {
		rest := text[from:]
		p := bytes.IndexByte(rest, '\r')
		if p < 0 {
			return c.shifted(from, rest)
		}
		// The lines before the CR's, as one block.
		ls := bytes.LastIndexByte(rest[:p], '\n') + 1
		if ls > 0 {
			if s, e, err := c.shifted(from, rest[:ls-1]); s >= 0 || err != nil {
				return s, e, err
			}
		}
		le := len(rest)
		if k := bytes.IndexByte(rest[p:], '\n'); k >= 0 {
			le = p + k
		}
		found := false
		err := eachStretch(rest[ls:le], func(_ int, part []byte) (bool, error) {
			s, _, err := c.m.Next(part)
			found = s >= 0
			return found, err
		})
		if found || err != nil {
			return from + ls, from + le, err
		}
		from += le + 1
	}
	return -1, -1, nil
}

// shifted is m's Next over text[from:], block, in text's offsets.
func (c crlf) shifted(from int, block []byte) (int, int, error) {
	s, e, err := c.m.Next(block)
	if s < 0 {
		return s, e, err
	}
	return from + s, from + e, err
}

func (c crlf) Each(line []byte, fn func(int, int)) error {
	return eachStretch(line, func(at int, part []byte) (bool, error) {
		return false, c.m.Each(part, func(s, e int) { fn(at+s, at+e) })
	})
}

func (c crlf) MinLen() int    { return c.m.MinLen() }
func (c crlf) Engine() string { return c.m.Engine() + ", a CR read as a line's end" }

// eachStretch calls fn with each stretch of line between CRs (and its
// offset) until fn says stop or fails. The stretch after a CR that ends
// the line is none: CRLF is one end of a line.
func eachStretch(line []byte, fn func(at int, part []byte) (stop bool, err error)) error {
	at := 0
	for {
		k := bytes.IndexByte(line[at:], '\r')
		if k < 0 {
			_, err := fn(at, line[at:])
			return err
		}
		if stop, err := fn(at, line[at:at+k]); stop || err != nil {
			return err
		}
		if at += k + 1; at == len(line) {
			return nil
		}
	}
}

var _ base.Matcher = crlf{}
