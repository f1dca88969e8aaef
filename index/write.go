package index

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"

	"urg/osfile"
)

// Writer builds one index file from the files added to it, from several
// goroutines at once. The trigrams wait in memory in bounded batches,
// each sorted into a run in a temporary file beside the index, and the
// runs are merged into the index's posting lists at Commit.
type Writer struct {
	path  string // the index file Commit replaces
	start osfile.Start

	mu    sync.Mutex
	files []byte // fileLen bytes each
	names []byte
	cur   *batch      // the batch being filled
	order int         // the next batch's place
	free  chan *batch // batches neither filled nor flushed
	busy  sync.WaitGroup

	runFile *os.File // sorted runs, one after the other
	runs    runs
}

// NewWriter starts an index to be committed to path. start is when the
// build began, before any file was read: the racy files are judged by it,
// recorded as such and always read again.
func NewWriter(path string, start osfile.Start) (*Writer, error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".runs-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) // nothing to leave behind if the build dies
	w := &Writer{path: path, start: start, runFile: f, free: make(chan *batch, batches)}
	for range batches {
		w.free <- nil // allocated when first needed: a small tree needs one
	}
	w.cur = w.take()
	return w, nil
}

// take waits for a free batch and gives it the next place.
func (w *Writer) take() *batch {
	b := <-w.free
	if b == nil {
		// Grown as it fills: a small tree's build, or an update of a
		// few files, needs a small batch, not pairsMax zeroed words.
		b = &batch{}
	}
	b.order, w.order = w.order, w.order+1
	return b
}

// flush sorts and writes the batch as a run, on a goroutine of its own,
// and gives the batch back.
func (w *Writer) flush(b *batch) {
	if len(b.pairs) == 0 {
		w.free <- b
		return
	}
	w.busy.Add(1)
	go func() {
		defer w.busy.Done()
		b.encodeRun()
		w.runs.mu.Lock()
		if w.runs.err == nil {
			_, err := w.runFile.WriteAt(b.enc, w.runs.end)
			w.runs.err = err
			w.runs.spans = append(w.runs.spans, span{w.runs.end, w.runs.end + int64(len(b.enc)), b.order, b.at})
			w.runs.end += int64(len(b.enc))
		}
		w.runs.mu.Unlock()
		b.pairs = b.pairs[:0]
		w.free <- b
	}()
}

// Add records the file name (relative to the tree's root, with forward
// slashes), the identity it had once its bytes were read, and the
// trigrams of those bytes (sorted or not, without duplicates); indexed
// false records a file whose bytes are not indexed, which every search
// reads.
func (w *Writer) Add(name string, id osfile.Identity, keys []uint32, indexed bool) {
	var flags uint16
	if w.start.Racy(id) {
		flags |= flagRacy
	}
	if !indexed {
		flags |= flagUnindexed
		keys = nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	num := uint64(len(w.files) / fileLen)
	w.files = appendFile(w.files, id, len(w.names), len(name), flags)
	w.names = append(w.names, name...)
	for _, k := range keys {
		if len(w.cur.pairs) == pairsMax {
			// The next batch may have to wait for a flush, which
			// needs no lock: the adders wait, none deadlocks.
			w.flush(w.cur)
			w.cur = w.take()
		}
		w.cur.pairs = append(w.cur.pairs, uint64(k)<<32|num)
	}
}

func appendFile(b []byte, id osfile.Identity, off, n int, flags uint16) []byte {
	b = binary.LittleEndian.AppendUint64(b, id.Dev)
	b = binary.LittleEndian.AppendUint64(b, id.Ino)
	b = binary.LittleEndian.AppendUint64(b, uint64(id.Size))
	b = binary.LittleEndian.AppendUint64(b, uint64(id.Mtime))
	b = binary.LittleEndian.AppendUint64(b, uint64(id.Ctime))
	b = binary.LittleEndian.AppendUint32(b, uint32(off))
	b = binary.LittleEndian.AppendUint16(b, uint16(min(n, 0xffff)))
	return binary.LittleEndian.AppendUint16(b, flags)
}

// Abort drops the build, leaving the index as it was.
func (w *Writer) Abort() {
	w.busy.Wait()
	w.runFile.Close()
}

// Commit writes the index to a temporary file beside path, makes it
// durable and puts it in path's place in one rename: a search that opens
// path meanwhile reads the old index or the new, whole.
func (w *Writer) Commit() error {
	defer w.runFile.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.flush(w.cur)
	w.cur = nil
	w.busy.Wait()
	if w.runs.err != nil {
		return w.runs.err
	}
	if err := checkSizes(len(w.files)/fileLen, len(w.names)); err != nil {
		return err
	}
	return osfile.Replace(w.path, w.write)
}

// write writes the whole index to f.
func (w *Writer) write(f *os.File) error {
	if _, err := f.Seek(headerLen, io.SeekStart); err != nil {
		return err
	}
	out := &crcWriter{w: bufio.NewWriterSize(f, 1<<20)}
	keys, err := w.merge(out)
	if err != nil {
		return err
	}
	var h header
	h.files = len(w.files) / fileLen
	h.keys = len(keys) / keyLen
	h.start = w.start.Now.UnixNano()
	h.postings = out.n
	out.sum = true // the rest has the header's checksum
	out.Write(w.files)
	out.Write(w.names)
	out.Write(keys)
	slots := hashSlots(h.files)
	out.Write(w.hashTable(slots))
	h.namesLen = len(w.names)
	h.slots = slots
	h.crc = out.crc
	if out.err != nil {
		return out.err
	}
	if err := out.w.Flush(); err != nil {
		return err
	}
	_, err = f.WriteAt(h.encode(), 0)
	return err
}

// hashTable is the names' table: slots entries, each a file's number
// plus one (zero: empty), at the slot of its name's hash and on, linear.
func (w *Writer) hashTable(slots int) []byte {
	table := make([]byte, 4*slots)
	for i := range len(w.files) / fileLen {
		name := w.name(i)
		for s := hashName(name) & uint64(slots-1); ; s = (s + 1) & uint64(slots-1) {
			if binary.LittleEndian.Uint32(table[4*s:]) == 0 {
				binary.LittleEndian.PutUint32(table[4*s:], uint32(i+1))
				break
			}
		}
	}
	return table
}

func (w *Writer) name(i int) []byte { return nameOf(w.files, w.names, i) }

// nameOf is file num's name, from the files' records and the names.
func nameOf(files, names []byte, num int) []byte {
	rec := files[num*fileLen:]
	off, n := binary.LittleEndian.Uint32(rec[40:]), binary.LittleEndian.Uint16(rec[44:])
	return names[off : off+uint32(n)]
}

// crcWriter counts what it writes, checksums it once sum is set (the
// posting lists have checksums of their own), and keeps the first error.
type crcWriter struct {
	w   *bufio.Writer
	n   int64
	sum bool
	crc uint32
	err error
}

func (c *crcWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if c.sum {
		c.crc = crc32.Update(c.crc, castagnoli, p)
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// errTooLarge: a name table or a file count past what the format holds.
var errTooLarge = errors.New("tree too large for the index format")

func checkSizes(files, names int) error {
	if files >= 1<<31 || names >= 1<<32 {
		return fmt.Errorf("%w: %d files, %d bytes of names", errTooLarge, files, names)
	}
	return nil
}
