package decompress

import (
	"bufio"
	"errors"
	"io"
)

// lzw reads the stream of compress(1), the .Z format: LZW codes from 9
// bits wide up to the header's maximum (16 at most), packed from the
// lowest bit, read in groups of as many bytes as a code has bits (eight
// codes); a wider code, and in block mode the CLEAR code's reset of the
// table, start a new group, the rest of the old one unused. The table
// is two arrays of 64 Ki entries; a code's string is spelled back to
// front on a stack of as many bytes, so memory is bounded whatever the
// stream.
type lzw struct {
	in        *bufio.Reader
	maxBits   uint
	blockMode bool

	bits     uint   // the width of a code now
	group    []byte // the group of codes being read, and where
	groupLen int
	bitPos   int

	prefix   [1 << 16]uint16
	suffix   [1 << 16]byte
	stack    [1 << 16]byte
	free     int // the next code the table gives
	old      int // the last code read; -1 before the first
	fin      byte
	pending  []byte // spelled, not yet read
	err      error
	groupBuf [16]byte
}

// lzwMagic is a .Z stream's first bytes; the third holds the width's
// maximum and the block-mode flag.
var lzwMagic = []byte{0x1f, 0x9d}

const (
	lzwClear    = 256
	lzwBlock    = 0x80
	lzwBitsMask = 0x1f
)

var errLzwCorrupt = errors.New("a code the table does not hold yet")

func newLZW(in *bufio.Reader) (*lzw, error) {
	var head [3]byte
	if _, err := io.ReadFull(in, head[:]); err != nil {
		return nil, ErrTruncated
	}
	z := &lzw{in: in, maxBits: uint(head[2] & lzwBitsMask), blockMode: head[2]&lzwBlock != 0, bits: 9, old: -1}
	if z.maxBits < 9 || z.maxBits > 16 {
		return nil, errors.New("a code width the format does not have")
	}
	z.free = 256
	if z.blockMode {
		z.free = 257
	}
	for i := range 256 {
		z.suffix[i] = byte(i)
	}
	return z, nil
}

// maxCode is the largest code of the width now: past it the codes widen.
func (z *lzw) maxCode() int {
	if z.bits == z.maxBits {
		return 1 << z.maxBits
	}
	return 1<<z.bits - 1
}

// newGroup drops what is left of the group being read and starts one of
// the width now.
func (z *lzw) newGroup() error {
	n, err := io.ReadFull(z.in, z.groupBuf[:z.bits])
	z.group, z.groupLen, z.bitPos = z.groupBuf[:n], n, 0
	if err == io.ErrUnexpectedEOF || err == io.EOF && n > 0 {
		err = nil
	}
	return err
}

// code returns the next code, io.EOF at the stream's end.
func (z *lzw) code() (int, error) {
	for {
		if z.free > z.maxCode() && z.bits < z.maxBits {
			z.bits++
			if err := z.newGroup(); err != nil {
				return 0, err
			}
			continue
		}
		if z.group == nil || z.bitPos+int(z.bits) > z.groupLen*8 {
			if err := z.newGroup(); err != nil {
				return 0, err
			}
			if z.bitPos+int(z.bits) > z.groupLen*8 {
				return 0, io.EOF // bits too few for a code: padding
			}
		}
		c := 0
		for i := uint(0); i < z.bits; i++ {
			p := z.bitPos + int(i)
			c |= int(z.group[p>>3]>>(p&7)&1) << i
		}
		z.bitPos += int(z.bits)
		return c, nil
	}
}

func (z *lzw) Read(p []byte) (int, error) {
	for len(z.pending) == 0 {
		if z.err != nil {
			return 0, z.err
		}
		z.err = z.step()
	}
	n := copy(p, z.pending)
	z.pending = z.pending[n:]
	return n, nil
}

// step decodes one code into pending.
func (z *lzw) step() error {
	c, err := z.code()
	if err != nil {
		return err
	}
	if z.old < 0 {
		if c >= 256 {
			return errLzwCorrupt
		}
		z.old, z.fin = c, byte(c)
		z.stack[0] = byte(c)
		z.pending = z.stack[:1]
		return nil
	}
	if c == lzwClear && z.blockMode {
		z.prefix = [1 << 16]uint16{}
		z.free, z.bits = 256, 9
		z.group = nil // the rest of the group is unused
		return nil
	}
	in := c
	sp := len(z.stack)
	if c >= z.free {
		if c > z.free {
			return errLzwCorrupt
		}
		sp--
		z.stack[sp] = z.fin
		c = z.old
	}
	for c >= 256 {
		if sp == 0 {
			return errLzwCorrupt
		}
		sp--
		z.stack[sp] = z.suffix[c]
		c = int(z.prefix[c])
	}
	z.fin = z.suffix[c]
	sp--
	z.stack[sp] = z.fin
	if z.free < 1<<z.maxBits {
		z.prefix[z.free], z.suffix[z.free] = uint16(z.old), z.fin
		z.free++
	}
	z.old = in
	z.pending = z.stack[sp:]
	return nil
}
