//go:build unix

package sched

import "golang.org/x/sys/unix"

// fdBudget is how many files each ring may hold open at once: what
// RLIMIT_NOFILE leaves after descriptors for the walkers, the searchers and
// the process itself, shared among the rings. Opens past it would fail
// with EMFILE and be retried one by one.
func fdBudget(rings int) int {
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &rl) != nil || rl.Cur > 1<<20 {
		return DefaultQueueDepth * 64
	}
	spare := int(rl.Cur) - 16 - 3*rings
	return max(1, spare/max(1, rings))
}
