//go:build darwin || freebsd

package walk

import (
	"bytes"
	"strings"

	"golang.org/x/sys/unix"
)

// pseudoFS reports whether path is on a file system whose files report
// sizes that are not their contents, as statfs names it: procfs and
// FreeBSD's Linux emulation (linprocfs, linsysfs), devfs, fdescfs, and
// FUSE (FreeBSD's fusefs, macFUSE, once osxfuse), where a user program
// says what a file holds. A path statfs cannot look at counts as one.
func pseudoFS(path string) bool {
	var fs unix.Statfs_t
	if unix.Statfs(path, &fs) != nil {
		return true
	}
	name, _, _ := bytes.Cut(fs.Fstypename[:], []byte{0})
	return pseudoFSName(string(name))
}

// pseudoFSName says whether a file system of that statfs type name
// reports sizes that are not its files' contents.
func pseudoFSName(name string) bool {
	switch name {
	case "procfs", "linprocfs", "linsysfs", "devfs", "fdescfs", "fdesc":
		return true
	}
	return strings.Contains(name, "fuse")
}
