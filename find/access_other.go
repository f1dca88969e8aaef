//go:build !unix

package find

import "os"

// access is -readable (4), -writable (2) and -executable (1), from the
// permission bits the os package makes up where access(2) is missing.
func access(path string, mode uint32) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	return uint32(fi.Mode().Perm())>>6&mode == mode
}
