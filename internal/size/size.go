// Package size reads sizes as urg's flags and its harness's take them:
// a count of bytes with an optional K, M or G suffix (powers of 1024),
// which may be written KiB, MiB, GiB.
package size

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Parse reads a size such as 4096, 64K, 256M, 1G or 8GiB. Negative sizes
// and sizes past an int64 are errors; 0 is not, so callers say what is
// too small.
func Parse(s string) (int64, error) {
	t := strings.TrimSpace(s)
	shift := 0
	for _, u := range []struct {
		suffix string
		shift  int
	}{{"K", 10}, {"M", 20}, {"G", 30}} {
		if rest, ok := strings.CutSuffix(t, u.suffix+"iB"); ok {
			t, shift = rest, u.shift
			break
		}
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, shift = rest, u.shift
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n << shift, nil
}
