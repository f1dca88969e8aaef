package index

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// run reads one sorted run back: its trigrams in order, each with the
// numbers of its files.
type run struct {
	r     *bufio.Reader
	order int // the run's place: earlier runs hold smaller file numbers
	key   uint32
	count int
	ok    bool
	err   error
}

func (r *run) next() {
	key, err := binary.ReadUvarint(r.r)
	if err != nil {
		r.ok = false
		if err != io.EOF {
			r.err = err
		}
		return
	}
	count, err := binary.ReadUvarint(r.r)
	if err != nil {
		r.ok, r.err = false, err
		return
	}
	r.key, r.count, r.ok = uint32(key), int(count), true
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
// them (the first from -1). It returns the trigrams' table.
func (w *Writer) merge(out *crcWriter) ([]byte, error) {
	var h runHeap
	start := int64(0)
	for i, end := range w.runEnd {
		r := &run{r: bufio.NewReaderSize(io.NewSectionReader(w.runs, start, end-start), 64<<10), order: i}
		start = end
		if r.next(); r.ok {
			h = append(h, r)
		} else if r.err != nil {
			return nil, r.err
		}
	}
	heap.Init(&h)
	var keys, list []byte
	for h.Len() > 0 {
		key := h[0].key
		count, last := 0, int64(-1)
		list = list[:0]
		for h.Len() > 0 && h[0].key == key {
			r := h[0]
			for range r.count {
				num, err := binary.ReadUvarint(r.r)
				if err != nil {
					return nil, err
				}
				list = binary.AppendUvarint(list, uint64(int64(num)-last))
				last = int64(num)
			}
			count += r.count
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
		keys = binary.LittleEndian.AppendUint32(keys, crc32.Checksum(list, castagnoli))
		keys = binary.LittleEndian.AppendUint32(keys, 0)
		keys = binary.LittleEndian.AppendUint64(keys, uint64(headerLen+out.n))
		out.Write(list)
	}
	return keys, out.err
}
