package osfile

import "golang.org/x/sys/unix"

// StatLags reports whether the file system at path may answer a stat
// from attributes it keeps for a while rather than from the file as it is
// now: a network file system's client (NFS, SMB, Ceph, 9p, AFS, Lustre,
// the cluster file systems) and FUSE, whose attributes the kernel keeps
// as long as the user program says. There an unchanged identity does not
// prove unchanged bytes, so an index trusts nothing on it. A path statfs
// cannot look at counts as one.
func StatLags(path string) bool {
	var fs unix.Statfs_t
	if unix.Statfs(path, &fs) != nil {
		return true
	}
	switch uint32(fs.Type) {
	case unix.NFS_SUPER_MAGIC, unix.SMB_SUPER_MAGIC, unix.SMB2_SUPER_MAGIC, unix.CIFS_SUPER_MAGIC,
		unix.FUSE_SUPER_MAGIC, unix.CEPH_SUPER_MAGIC, unix.V9FS_MAGIC, unix.AFS_SUPER_MAGIC, unix.AFS_FS_MAGIC,
		unix.CODA_SUPER_MAGIC, unix.OCFS2_SUPER_MAGIC, 0x01161970 /* GFS2 */, 0x0bd00bd0 /* Lustre */, 0x19920713 /* OrangeFS */ :
		return true
	}
	return false
}
