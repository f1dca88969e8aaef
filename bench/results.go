package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// report is the JSON file: the machine, the tool lines, the corpora and
// every timed run of one bench invocation. It is rewritten after each
// scenario, so an interrupted run keeps what it measured.
type report struct {
	Started   time.Time         `json:"started"`
	Finished  time.Time         `json:"finished,omitzero"`
	Args      []string          `json:"args"`
	Machine   machine           `json:"machine"`
	Tools     []tool            `json:"tools"`
	Skipped   []string          `json:"skipped,omitempty"` // peers and engines not run, and why
	Corpora   []*corpus         `json:"corpora"`
	Fio       []fioResult       `json:"fio,omitempty"`
	Scenarios []*scenarioResult `json:"scenarios"`
}

// scenarioResult is one pattern on one corpus in one cache mode.
type scenarioResult struct {
	Corpus      string       `json:"corpus"`
	Cache       string       `json:"cache"` // warm or cold
	Name        string       `json:"name"`
	Pattern     string       `json:"pattern"`
	Flags       []string     `json:"flags,omitempty"`        // given to every search line before the pattern
	PatternFile string       `json:"pattern_file,omitempty"` // a list scenario's patterns, given as -f FILE
	Status      string       `json:"status"`                 // timed, or stopped (Reason says why)
	Reason      string       `json:"reason,omitempty"`
	Lines       int          `json:"lines"`        // of the agreed output
	OutputBytes int          `json:"output_bytes"` // of the agreed output
	Digest      string       `json:"sha256_prefix,omitempty"`
	Needles     *needleCount `json:"needles,omitempty"` // big corpus: planted needles found
	Reference   string       `json:"reference"`         // the line ratios are taken to
	Excluded    []excluded   `json:"excluded,omitempty"`
	Tools       []toolResult `json:"tools"`

	// LatencyUS is -latency's delay per request of the mount the
	// scenario ran on, in µs (0: the passthrough alone); Served is what
	// the mount served during the timed runs.
	LatencyUS *float64     `json:"latency_us,omitempty"`
	Served    *servedStats `json:"served,omitempty"`
}

// needleCount says how many of the planted needles the agreed output holds.
type needleCount struct {
	Planted int `json:"planted"`
	Found   int `json:"found"`
}

// excluded is a tool line left out of a scenario's timing.
type excluded struct {
	Tool   string `json:"tool"`
	Reason string `json:"reason"`
}

// toolResult is one tool line's runs in a scenario.
type toolResult struct {
	Tool    string   `json:"tool"`
	Runs    []sample `json:"runs"`
	Summary summary  `json:"summary"`
	Ratio   float64  `json:"ratio"` // median over the reference line's median
}

// sample is one timed run. Wall time is what the tables show; CPU times and
// peak memory come from the kernel's accounting of the process.
type sample struct {
	Round       int     `json:"round"`
	Seconds     float64 `json:"seconds"`
	UserSeconds float64 `json:"user_seconds"`
	SysSeconds  float64 `json:"sys_seconds"`
	MaxRSSKiB   int64   `json:"max_rss_kib"`
	OutputBytes int64   `json:"output_bytes"`

	// IOLatency and InFlight are urg's --stats latencies by operation
	// and its reads in flight, on the runs that kept them (-latency).
	IOLatency map[string]opLatency `json:"io_latency,omitempty"`
	InFlight  *inFlight            `json:"in_flight,omitempty"`
}

func (r *report) runCount() int {
	n := 0
	for _, s := range r.Scenarios {
		for _, t := range s.Tools {
			n += len(t.Runs)
		}
	}
	return n
}

// writeJSON writes v indented to path, through a temporary file so that
// a reader never sees half a file.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(data, '\n'))
}

func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}
