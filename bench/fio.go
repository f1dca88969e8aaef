package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// fioResult is fio's time to read a corpus's bytes: a floor for the
// searches, which read the same bytes and do more with them.
type fioResult struct {
	Corpus         string   `json:"corpus"`
	Cache          string   `json:"cache"`
	Argv           []string `json:"argv"`
	Seconds        float64  `json:"seconds"`         // wall clock of the fio process
	RuntimeSeconds float64  `json:"runtime_seconds"` // fio's own job runtime
	Bytes          int64    `json:"bytes"`           // what fio read
	CorpusBytes    int64    `json:"corpus_bytes"`
}

// fioArgs reads every regular file under the corpus once, as the searches
// do, at queue depth 64 through io_uring with buffered (page cache) reads:
//
//   - --opendir adds every regular file under the tree (lstat, links not
//     followed: grep -r's set); --openfiles=64 keeps 64 open at once.
//   - --bsrange=1-256k --bs_unaligned: with a fixed --bs fio reads no tail
//     shorter than a block, so most small files would not be read at all;
//     a range down to one byte reads every byte (checked: fio's io_bytes
//     equals the corpus's bytes), in reads of up to 256 KiB.
//   - --invalidate=0: fio would otherwise drop the files' cached pages
//     first, making a warm floor a cold one; cold mode drops the whole
//     cache itself.
//   - --allow_file_create=0: fio must never write into a corpus.
//   - --runtime: fio opens each file itself, one at a time, waiting for
//     each open, so over a tree of small files cold it reads far below
//     the disk's pace, and a large tree would take many minutes: past
//     fioLimit it stops, and the line says what it read and at what rate.
func fioArgs(path, jsonOut string) []string {
	return []string{"fio", "--name=floor", "--opendir=" + path, "--rw=read",
		"--ioengine=io_uring", "--iodepth=64", "--openfiles=64", "--direct=0",
		"--bsrange=1-256k", "--bs_unaligned", "--invalidate=0", "--allow_file_create=0",
		fmt.Sprintf("--runtime=%d", int(fioLimit.Seconds())),
		"--output-format=json", "--output=" + jsonOut}
}

// fioLimit bounds one fio run.
const fioLimit = 60 * time.Second

// runFio times fio over a corpus once (after a warm-up read in warm mode,
// after dropping the cache in cold mode).
func runFio(c *corpus, cache string, dropper cacheDropper) (fioResult, error) {
	res := fioResult{Corpus: c.Name, Cache: cache, CorpusBytes: c.Bytes}
	tmp, err := os.MkdirTemp("", "urg-bench-fio")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(tmp)
	jsonOut := filepath.Join(tmp, "fio.json")
	res.Argv = fioArgs(c.Path, jsonOut)
	once := func() (time.Duration, error) {
		cmd := exec.Command(res.Argv[0], res.Argv[1:]...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		start := time.Now()
		err := cmd.Run()
		d := time.Since(start)
		if err != nil {
			return d, fmt.Errorf("fio: %v: %s", err, firstLines(out.Bytes(), 5))
		}
		return d, nil
	}
	if cache == "cold" {
		if err := dropper.drop(); err != nil {
			return res, err
		}
	} else if _, err := once(); err != nil {
		return res, err
	}
	d, err := once()
	if err != nil {
		return res, err
	}
	res.Seconds = d.Seconds()
	res.Bytes, res.RuntimeSeconds, err = parseFioJSON(jsonOut)
	return res, err
}

// parseFioJSON reads the bytes read and the runtime of fio's one job. fio
// may print notices ("file X may be ignored") before the JSON, even into
// --output, so it is read from the first brace.
func parseFioJSON(path string) (int64, float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, fmt.Errorf("fio output: %w", err)
	}
	if i := bytes.IndexByte(data, '{'); i >= 0 {
		data = data[i:]
	}
	var doc struct {
		Jobs []struct {
			Error int `json:"error"`
			Read  struct {
				IOBytes int64 `json:"io_bytes"`
				Runtime int64 `json:"runtime"` // milliseconds
			} `json:"read"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return 0, 0, fmt.Errorf("fio output %s: %w", path, err)
	}
	if len(doc.Jobs) == 0 {
		return 0, 0, errors.New("fio output has no job")
	}
	j := doc.Jobs[0]
	if j.Error != 0 {
		return 0, 0, fmt.Errorf("fio job failed with error %d", j.Error)
	}
	return j.Read.IOBytes, float64(j.Read.Runtime) / 1000, nil
}
