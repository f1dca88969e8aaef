package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// needlePrefix starts every needle planted in the big corpus; the rest is
// its number, so a needle found is a needle named. The real text it is
// planted in is checked not to hold it.
const needlePrefix = "urgneedle"

// needlePattern selects the lines holding needles.
const needlePattern = needlePrefix + "[0-9]{6}"

// needle is one string planted in the big file.
type needle struct {
	Offset int64  `json:"offset"`
	Text   string `json:"text"`
	Why    string `json:"why"`
}

// bigManifest says what the big file is made of and where its needles are;
// it is written beside the corpus directory, not in it, so that no tool
// searches it and fio reads only the big file.
type bigManifest struct {
	File    string   `json:"file"`
	Size    int64    `json:"size"`
	Source  string   `json:"source"`
	Needles []needle `json:"needles"`
}

// bigSpec is how the big file is made.
type bigSpec struct {
	size        int64
	boundaries  []int64 // needles straddle multiples of each
	perBoundary int     // the first this many multiples of each, and the last
	random      int     // needles at random offsets as well
	seed        uint64
	textDir     string // the real text comes from the files under it
}

// defaultBigSpec plants needles across the first eight (and the last)
// 4 KiB page, 1 MiB and 1 GiB boundaries, where a reader that works in
// blocks or chunks could lose a match cut in two, and at random offsets.
func defaultBigSpec(size int64, textDir string) bigSpec {
	return bigSpec{
		size:        size,
		boundaries:  []int64{4 << 10, 1 << 20, 1 << 30},
		perBoundary: 8,
		random:      16,
		seed:        1,
		textDir:     textDir,
	}
}

// bigFileName is the big corpus's one file, in the corpus directory.
const bigFileName = "big.txt"

// makeBigCorpus returns the big corpus in dir (dir/big.txt, size bytes),
// made from the Go toolchain's source text unless it is there already.
func makeBigCorpus(dir string, size int64, log io.Writer) (*bigManifest, bool, error) {
	manifestPath := dir + ".needles.json"
	file := filepath.Join(dir, bigFileName)
	if fi, err := os.Stat(file); err == nil && fi.Size() == size {
		if m, err := readManifest(manifestPath); err == nil && m.Size == size {
			return m, false, nil
		}
	}
	goroot, err := goRoot()
	if err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, false, err
	}
	if free := diskFree(filepath.Dir(dir)); free >= 0 && free < size+size/20 {
		return nil, false, fmt.Errorf("%s has %s free, the big file needs %s: choose a smaller -big-size or another -dir",
			filepath.Dir(dir), sizeLabel(free), sizeLabel(size))
	}
	fmt.Fprintf(log, "writing the big corpus %s (%s, once; later runs reuse it)\n", file, sizeLabel(size))
	tmp := dir + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return nil, false, err
	}
	m, err := writeBigFile(filepath.Join(tmp, bigFileName), defaultBigSpec(size, filepath.Join(goroot, "src")))
	if err != nil {
		return nil, false, err
	}
	m.File = file
	if err := writeJSON(manifestPath, m); err != nil {
		return nil, false, err
	}
	os.RemoveAll(dir)
	return m, true, os.Rename(tmp, dir)
}

func readManifest(path string) (*bigManifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := &bigManifest{}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// writeBigFile writes spec.size bytes of real text, repeated as needed,
// to path, plants the needles, and ends the file with a newline.
func writeBigFile(path string, spec bigSpec) (*bigManifest, error) {
	text, src, err := realText(spec.textDir, min(spec.size, 8<<20))
	if err != nil {
		return nil, err
	}
	needles := planNeedles(spec)
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	for left := spec.size; left > 0; {
		n := min(left, int64(len(text)))
		if _, err := w.Write(text[:n]); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		left -= n
	}
	if err := w.Flush(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, n := range needles {
		if _, err := f.WriteAt([]byte(n.Text), n.Offset); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if _, err := f.WriteAt([]byte{'\n'}, spec.size-1); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &bigManifest{File: path, Size: spec.size, Source: src, Needles: needles}, nil
}

// planNeedles chooses where the needles go: the file's first and last
// bytes, across each boundary, then random offsets; a needle that would
// overlap one already placed is dropped. They are numbered in file order.
func planNeedles(spec bigSpec) []needle {
	length := int64(len(needlePrefix) + 6)
	type want struct {
		off int64
		why string
	}
	wants := []want{{0, "file start"}, {spec.size - 1 - length, "file end"}}
	for _, b := range spec.boundaries {
		last := (spec.size - 1 - length) / b
		for k := int64(1); k <= last; k++ {
			if k > int64(spec.perBoundary) && k != last {
				continue
			}
			wants = append(wants, want{k*b - length/2, fmt.Sprintf("across the %s boundary at %d", sizeLabel(b), k*b)})
		}
	}
	rng := rand.New(rand.NewPCG(spec.seed, 0))
	for range spec.random {
		wants = append(wants, want{rng.Int64N(spec.size - 1 - length), "random"})
	}
	var placed []needle
	for _, w := range wants {
		if w.off < 0 || w.off+length > spec.size-1 {
			continue
		}
		i, _ := slices.BinarySearchFunc(placed, w.off, func(n needle, off int64) int {
			return cmp.Compare(n.Offset, off)
		})
		if i > 0 && placed[i-1].Offset+length > w.off || i < len(placed) && w.off+length > placed[i].Offset {
			continue // overlaps a needle placed before
		}
		placed = slices.Insert(placed, i, needle{Offset: w.off, Why: w.why})
	}
	for i := range placed {
		placed[i].Text = fmt.Sprintf("%s%06d", needlePrefix, i)
	}
	return placed
}

// realText reads up to limit bytes of text files under dir in path order,
// skipping any that hold a NUL byte, a needle or the absent literal, so
// that the big file is text a person wrote, with real line lengths, and
// the scenarios' counts are the planted ones.
func realText(dir string, limit int64) ([]byte, string, error) {
	var buf bytes.Buffer
	files := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || int64(buf.Len()) >= limit {
			return nil
		}
		switch filepath.Ext(p) {
		case ".go", ".s", ".md", ".txt", ".c", ".h", ".html":
		default:
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil || bytes.IndexByte(data, 0) >= 0 ||
			bytes.Contains(data, []byte(needlePrefix)) || bytes.Contains(data, []byte(absentLiteral)) {
			return nil
		}
		buf.Write(data)
		files++
		if int64(buf.Len()) >= limit {
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return nil, "", fmt.Errorf("reading text under %s: %w", dir, err)
	}
	if buf.Len() < 64<<10 {
		return nil, "", errors.New("too little text under " + dir + " to make the big file from")
	}
	text := buf.Bytes()[:min(int64(buf.Len()), limit)]
	src := fmt.Sprintf("%s (%d files, %d bytes, repeated)", strings.TrimSuffix(dir, "/"), files, len(text))
	return text, src, nil
}
