package osfile

import "sync"

// LagCache remembers StatLags by device, so that a walk of a tree asks
// statfs once for each file system it meets. It is safe for use by
// several goroutines at once; its zero value is ready.
type LagCache struct {
	mu    sync.Mutex
	byDev map[uint64]bool
}

// Lags is StatLags of path, whose file is on device dev.
func (c *LagCache) Lags(path string, dev uint64) bool {
	c.mu.Lock()
	lags, ok := c.byDev[dev]
	c.mu.Unlock()
	if ok {
		return lags
	}
	lags = StatLags(path)
	c.mu.Lock()
	if c.byDev == nil {
		c.byDev = map[uint64]bool{}
	}
	c.byDev[dev] = lags
	c.mu.Unlock()
	return lags
}
