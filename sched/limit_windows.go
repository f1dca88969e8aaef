package sched

// fdBudget is how many files each ring may hold open at once. Windows
// sets no per-process limit as low as RLIMIT_NOFILE (handles run to the
// millions), and it has no rings: the budget only bounds the queue depth.
func fdBudget(int) int { return DefaultQueueDepth * 64 }
