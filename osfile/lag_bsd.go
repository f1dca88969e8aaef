//go:build darwin || freebsd

package osfile

import (
	"bytes"
	"strings"

	"golang.org/x/sys/unix"
)

// StatLags reports whether the file system at path may answer a stat
// from attributes it keeps for a while rather than from the file as it is
// now (see the Linux one): NFS, SMB, AFP, WebDAV, AFS and FUSE, as statfs
// names them. A path statfs cannot look at counts as one.
func StatLags(path string) bool {
	var fs unix.Statfs_t
	if unix.Statfs(path, &fs) != nil {
		return true
	}
	name, _, _ := bytes.Cut(fs.Fstypename[:], []byte{0})
	switch string(name) {
	case "nfs", "smbfs", "afpfs", "webdav", "afs":
		return true
	}
	return strings.Contains(string(name), "fuse")
}
