//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far, in user space and
// in the kernel, for --stats' core utilization.
func cpuTime() (user, sys time.Duration, ok bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0, false
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano()), true
}
