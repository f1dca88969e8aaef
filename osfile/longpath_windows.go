package osfile

import "path/filepath"

// LongPath is p as a call of the Windows API takes it at any length: a
// path that may pass MAX_PATH, once made absolute (a short relative one
// may, under a long working directory), gets the \\?\ prefix
// (longPathOf). The os package does the same for its own calls; this is
// for urg's direct ones (CreateFile).
func LongPath(p string) string {
	if len(p) < winPathMax && filepath.IsAbs(p) {
		return p
	}
	abs, err := filepath.Abs(p) // also cleans it: no . or .. under the prefix
	if err != nil {
		return p
	}
	return longPathOf(abs)
}
