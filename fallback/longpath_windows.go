package fallback

import "path/filepath"

// LongPath is path as CreateFile takes it at any length: past MAX_PATH,
// absolute and clean, with the \\?\ prefix (longPathOf).
func LongPath(path string) string {
	if len(path) < winPathMax {
		return path
	}
	abs, err := filepath.Abs(path) // also turns / into \ and drops . and ..
	if err != nil {
		return path
	}
	return longPathOf(abs)
}
