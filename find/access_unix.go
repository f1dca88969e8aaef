//go:build unix

package find

import "golang.org/x/sys/unix"

// access is -readable (4), -writable (2) and -executable (1): whether the
// user may, as access(2) says (links followed).
func access(path string, mode uint32) bool { return unix.Access(path, mode) == nil }
