package sched

import (
	"runtime"

	"urg/osfile"
)

// costSample is how much of a file the pattern's cost is measured on: a
// few milliseconds of reading, cold.
const costSample = 4 << 20

// costlyRate is the matching speed, in bytes per second on one core, below
// which a pattern is costly: a cold map of the file would cost it more
// than a stream around the cache. Cold, the map's time grows with the
// pattern's cost, far past the matching itself (its first touches of pages
// just filled fault, on the cores that match), while a cheap pattern is
// bound by the disk either way and is better mapped, which leaves the
// file cached for the next search. The bound sits between the rates
// search.Rate (Config.Rate) gives an absent literal or a word pattern and those of
// patterns that must look at every line (see docs/decisions.md#costlyrate-a-pattern-under-16-gbs-on-one-core-is-costly-schedcostgo).
const costlyRate = 16e9

// costly reports whether matching over the file open as fd (size bytes)
// costs more CPU than reading it: rate (Config.Rate) times a search over
// the file's first costSample bytes, read with pread. A file it cannot
// read, or no rate, counts as cheap.
func costly(rate func([]byte) float64, fd osfile.Handle, size int64) bool {
	if rate == nil {
		return false
	}
	n := int(min(size, costSample))
	buf := make([]byte, n)
	// From the start, which the search reads first anyway: a sample from
	// elsewhere would be one more cold read, and would move the kernel's
	// read-ahead away from where the search begins.
	got, err := osfile.ReadAt(fd, buf, 0)
	if err != nil || got <= 0 {
		return false
	}
	// One read of each page first, untimed: on a virtual machine the
	// first reads of memory the kernel just wrote can cost a fault each,
	// which would be timed as the pattern's cost.
	runtime.KeepAlive(osfile.Touch(buf[:got], 0, got))
	return rate(buf[:got]) < costlyRate
}
