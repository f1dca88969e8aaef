//go:build unix

package walk

import (
	"testing"

	"golang.org/x/sys/unix"
)

// TestStatModeBits holds the st_mode type bits spelled out in type.go to
// the system's own; Unix only, since only Unix has them to compare.
func TestStatModeBits(t *testing.T) {
	for _, c := range []struct {
		name      string
		ours, sys uint32
	}{
		{"S_IFMT", sIFMT, unix.S_IFMT}, {"S_IFSOCK", sIFSOCK, unix.S_IFSOCK}, {"S_IFLNK", sIFLNK, unix.S_IFLNK},
		{"S_IFREG", sIFREG, unix.S_IFREG}, {"S_IFBLK", sIFBLK, unix.S_IFBLK}, {"S_IFDIR", sIFDIR, unix.S_IFDIR},
		{"S_IFCHR", sIFCHR, unix.S_IFCHR}, {"S_IFIFO", sIFIFO, unix.S_IFIFO},
	} {
		if c.ours != c.sys {
			t.Errorf("%s: %#o here, %#o on this system", c.name, c.ours, c.sys)
		}
	}
}
