package index

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// run reads one sorted run back, a trigram's segment at a time.
type run struct {
	r     *bufio.Reader
	order int // the run's place: earlier runs hold smaller file numbers
	// The current segment: its trigram, how many files hold it, the
	// first and last of their numbers, and the length of the gaps
	// between them, which follow in r.
	key         uint32
	count       int
	first, last uint64
	gaps        int
	ok          bool
	err         error
}

// next reads the next segment's head; ok is false at the run's end.
func (r *run) next() {
	var v [5]uint64
	for i := range v {
		x, err := binary.ReadUvarint(r.r)
		if err != nil {
			r.ok = false
			if i > 0 || err != io.EOF {
				r.err = err
			}
			return
		}
		v[i] = x
	}
	r.key, r.count, r.first, r.last, r.gaps, r.ok = uint32(v[0]), int(v[1]), v[2], v[3], int(v[4]), true
}

// copyGaps writes the segment's gaps to out as they are, with their
// checksum folded into crc.
func (r *run) copyGaps(out *crcWriter, crc uint32) (uint32, error) {
	for n := r.gaps; n > 0; {
		p, err := r.r.Peek(min(n, r.r.Size()))
		if err != nil {
			return crc, err
		}
		crc = crc32.Update(crc, castagnoli, p)
		out.Write(p)
		r.r.Discard(len(p))
		n -= len(p)
	}
	return crc, nil
}

// runHeap orders the runs by their current trigram, then by their place.
type runHeap []*run

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(i, j int) bool {
	return h[i].key < h[j].key || h[i].key == h[j].key && h[i].order < h[j].order
}
func (h runHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)   { *h = append(*h, x.(*run)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// merge merges the runs into posting lists written to out, each list the
// file numbers of one trigram in order, as varints of the gaps between
// them (the first from -1). It returns the trigrams' table. The
// trigrams are merged in two parts at once, split by their first byte
// where half the runs' bytes lie: the second part goes to a temporary
// file, copied after the first's.
func (w *Writer) merge(out *crcWriter) ([]byte, error) {
	spans := slices.SortedFunc(slices.Values(w.runs.spans), func(a, b span) int { return cmp.Compare(a.order, b.order) })
	mid := middle(spans)
	if mid == 0 || mid == 256 {
		return mergePart(w.runFile, spans, 0, 256, out)
	}
	tmp, err := os.CreateTemp(filepath.Dir(w.path), ".merge-*")
	if err != nil {
		return nil, err
	}
	os.Remove(tmp.Name())
	defer tmp.Close()
	second := &crcWriter{w: bufio.NewWriterSize(tmp, 1<<20)}
	var keys2 []byte
	var err2 error
	done := make(chan struct{})
	go func() {
		defer close(done)
		if keys2, err2 = mergePart(w.runFile, spans, mid, 256, second); err2 == nil {
			err2 = second.w.Flush()
		}
	}()
	keys, err := mergePart(w.runFile, spans, 0, mid, out)
	<-done
	if err != nil {
		return nil, err
	}
	if err2 != nil {
		return nil, err2
	}
	for rec := keys2; len(rec) > 0; rec = rec[keyLen:] {
		off := binary.LittleEndian.Uint64(rec[16:])
		binary.LittleEndian.PutUint64(rec[16:], off+uint64(out.n))
	}
	if _, err := io.Copy(out, io.NewSectionReader(tmp, 0, second.n)); err != nil {
		return nil, err
	}
	return append(keys, keys2...), out.err
}

// middle is the first byte of trigrams from which the runs hold half of
// their bytes or less.
func middle(spans []span) int {
	var total int64
	for _, s := range spans {
		total += s.at[256]
	}
	var sum int64
	for d := range 256 {
		for _, s := range spans {
			sum += s.at[d+1] - s.at[d]
		}
		if 2*sum >= total {
			return d + 1
		}
	}
	return 256
}

// mergePart merges the trigrams of the first bytes from lo to hi (not
// included) of the runs in file into posting lists written to out, and
// returns their table, its offsets from out's start. A run's segment is
// already a posting list but for its first gap, which depends on the
// runs before it.
func mergePart(file *os.File, spans []span, lo, hi int, out *crcWriter) ([]byte, error) {
	var h runHeap
	for i, s := range spans {
		from, to := s.start+s.at[lo], s.start+s.at[hi]
		r := &run{r: bufio.NewReaderSize(io.NewSectionReader(file, from, to-from), 64<<10), order: i}
		if r.next(); r.ok {
			h = append(h, r)
		} else if r.err != nil {
			return nil, r.err
		}
	}
	heap.Init(&h)
	var keys, first []byte
	for h.Len() > 0 {
		key, at := h[0].key, out.n
		count, last, crc := 0, int64(-1), uint32(0)
		for h.Len() > 0 && h[0].key == key {
			r := h[0]
			first = binary.AppendUvarint(first[:0], uint64(int64(r.first)-last))
			crc = crc32.Update(crc, castagnoli, first)
			out.Write(first)
			var err error
			if crc, err = r.copyGaps(out, crc); err != nil {
				return nil, err
			}
			count += r.count
			last = int64(r.last)
			if r.next(); r.ok {
				heap.Fix(&h, 0)
			} else {
				if r.err != nil {
					return nil, r.err
				}
				heap.Pop(&h)
			}
		}
		keys = binary.LittleEndian.AppendUint32(keys, key)
		keys = binary.LittleEndian.AppendUint32(keys, uint32(count))
		keys = binary.LittleEndian.AppendUint32(keys, crc)
		keys = binary.LittleEndian.AppendUint32(keys, 0)
		keys = binary.LittleEndian.AppendUint64(keys, uint64(headerLen+at))
	}
	return keys, out.err
}
