//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// stdinClosed says whether urg was started with standard input closed.
// Go's runtime then opens /dev/null read-write in its place before main
// runs; a shell's `</dev/null` opens it read-only. Reading it is then
// reported as grep reports a closed descriptor.
func stdinClosed(f *os.File) bool {
	var st, null unix.Stat_t
	fd := int(f.Fd())
	if unix.Fstat(fd, &st) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	if st.Mode&unix.S_IFMT != unix.S_IFCHR || st.Rdev != null.Rdev {
		return false
	}
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_ACCMODE == unix.O_RDWR
}
