package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
)

// ringFloorLine is a tree corpus's ring floor line: this program, run as
// -read-floor over a list of the tree's files made beforehand, reads
// every file whole through io_uring rings as urg's rings do, one per CPU
// (see readFloor), and does nothing else. Timed among the searches, cold
// above all, it says how much of a search's time is the kernel's reading
// of the files, which no search can go below. The big corpus has dd.
func ringFloorLine(o *options, c *corpus, log io.Writer) (tool, bool) {
	if c.big != nil || !o.ringFloor || slices.Contains(o.skip, ringFloorName) {
		return tool{}, false
	}
	if err := ringFloorAvailable(); err != nil {
		fmt.Fprintf(log, "%s: %v, skipped\n", ringFloorName, err)
		return tool{}, false
	}
	list := filepath.Join(o.dir, c.Name+".floor-list")
	exe, err := os.Executable()
	if err == nil {
		err = os.MkdirAll(o.dir, 0o755)
	}
	if err == nil {
		err = writeFloorList(list, c.Path)
	}
	if err != nil {
		fmt.Fprintf(log, "%s: %v, skipped\n", ringFloorName, err)
		return tool{}, false
	}
	return tool{Name: ringFloorName, Family: "floor", Version: fmt.Sprintf("%d io_uring rings, %d files in flight on each, %d KiB reads", runtime.NumCPU(), ringFloorDepth, ringFloorBuf>>10),
		Argv: []string{exe, "-read-floor", list}}, true
}

// ringFloorName names the ring floor's line.
const ringFloorName = "ring-floor"

// ringFloorDepth is how many files the ring floor keeps in flight: urg's
// default queue depth, so that the floor asks of the disk what one of
// urg's rings asks.
const ringFloorDepth = 64

// ringFloorBuf is the size of each of the floor's reads: urg's ring slot.
const ringFloorBuf = 64 << 10

// writeFloorList writes to path the regular files under root, not
// following links (grep -r's set, which the searches read),
// NUL-separated.
func writeFloorList(path, root string) error {
	var b bytes.Buffer
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b.WriteString(p)
			b.WriteByte(0)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// runReadFloor is -read-floor FILE: it reads every file FILE lists
// (NUL-separated) through readFloor and prints nothing, as a floor line
// must; a file it cannot read fails the run, since the floor would then
// be of less work than the searches'.
func runReadFloor(list string, stderr io.Writer) int {
	data, err := os.ReadFile(list)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	var paths []string
	for p := range bytes.SplitSeq(bytes.TrimSuffix(data, []byte{0}), []byte{0}) {
		if len(p) > 0 {
			paths = append(paths, string(p))
		}
	}
	files, _, err := readFloor(paths, runtime.NumCPU())
	if err == nil && files != len(paths) {
		err = fmt.Errorf("read %d of the %d files listed", files, len(paths))
	}
	if err != nil {
		fmt.Fprintf(stderr, "bench: -read-floor %s: %v\n", list, err)
		return 2
	}
	return 0
}
