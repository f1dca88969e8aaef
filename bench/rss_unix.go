//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSSKiB is the peak resident set of the finished process ps in KiB,
// or 0 when unknown (ps nil: the command never started).
func maxRSSKiB(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) >> 10 // darwin counts bytes, the others KiB
	}
	return int64(ru.Maxrss)
}
