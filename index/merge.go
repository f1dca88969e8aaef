package index

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"hash/crc32"
	"io"
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
// them (the first from -1). A run's segment is already that list but for
// its first gap, which depends on the runs before it. It returns the
// trigrams' table.
func (w *Writer) merge(out *crcWriter) ([]byte, error) {
	spans := slices.SortedFunc(slices.Values(w.runs.spans), func(a, b span) int { return cmp.Compare(a.order, b.order) })
	var h runHeap
	for i, s := range spans {
		r := &run{r: bufio.NewReaderSize(io.NewSectionReader(w.runFile, s.start, s.end-s.start), 64<<10), order: i}
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
