package main

import "os"

// maxRSSKiB is 0, unknown: Windows's usage of a finished process carries
// its times only, and the peak working set would need the process handle
// that Wait has already closed.
func maxRSSKiB(ps *os.ProcessState) int64 { return 0 }
