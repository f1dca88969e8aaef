//go:build unix && !linux && !darwin && !dragonfly && !freebsd && !netbsd && !openbsd

package osfile

import "math"

// Memory is not known here: no file counts as too large to cache.
func Memory() int64 { return math.MaxInt64 }
