//go:build !windows

package main

import (
	"bytes"
	"os"
	"strconv"
)

// memAvailable is the memory the kernel could give without swapping
// (MemAvailable in /proc/meminfo: free memory and the page cache it can
// reclaim), in bytes; 0 where it is not known, and the scheduler then
// takes the machine's memory in its place.
func memAvailable() int64 {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		rest, ok := bytes.CutPrefix(line, []byte("MemAvailable:"))
		if !ok {
			continue
		}
		f := bytes.Fields(rest)
		if len(f) == 0 {
			return 0
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
