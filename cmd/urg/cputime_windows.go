package main

import (
	"time"

	"golang.org/x/sys/windows"
)

// cpuTime is the CPU time the process has used so far, in user space and
// in the kernel, for --stats' core utilization.
func cpuTime() (user, sys time.Duration, ok bool) {
	var created, exited, kernel, userTime windows.Filetime
	if windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &userTime) != nil {
		return 0, 0, false
	}
	return ticks(userTime), ticks(kernel), true
}

// ticks is a FILETIME that holds a span, not a date, as a duration: it
// counts 100 ns ticks (Filetime.Nanoseconds would take 1601 off it as
// though it were a date).
func ticks(ft windows.Filetime) time.Duration {
	return time.Duration(int64(ft.HighDateTime)<<32|int64(ft.LowDateTime)) * 100
}
