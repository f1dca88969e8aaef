//go:build linux

package sched

import (
	"os"
	"testing"
)

func TestParseMountLine(t *testing.T) {
	for _, c := range []struct{ line, point, fsType string }{
		{"36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw,errors=continue", "/mnt/parent", "ext3"},
		{`61 22 0:52 / /media/my\040disk\011x\134y rw,relatime shared:33 - fuse.sshfs host: rw`, "/media/my disk\tx\\y", "fuse.sshfs"},
		{"24 1 8:1 / / rw - xfs /dev/sda1 rw", "/", "xfs"},
	} {
		point, fsType, ok := parseMountLine(c.line)
		if !ok || point != c.point || fsType != c.fsType {
			t.Errorf("parseMountLine(%q) = %q, %q, %v; want %q, %q", c.line, point, fsType, ok, c.point, c.fsType)
		}
	}
	for _, bad := range []string{"", "1 2 3", "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 ext3 /dev/root rw"} {
		if _, _, ok := parseMountLine(bad); ok {
			t.Errorf("parseMountLine(%q) took a malformed line", bad)
		}
	}
}

// TestMountsUnder: /proc, a mount point under "/" wherever it is mounted,
// is keyed by its walk path and never taken to fill getdents buffers.
func TestMountsUnder(t *testing.T) {
	if _, err := os.Stat("/proc/self/mountinfo"); err != nil {
		t.Skip("no /proc/self/mountinfo:", err)
	}
	_, under := mountsUnder("/")
	fills, ok := under["/proc"]
	if !ok {
		t.Skipf("/proc is not a mount point here (%d others)", len(under))
	}
	if fills {
		t.Error("procfs taken to fill getdents buffers")
	}
	if f, _ := mountsUnder("/proc"); f {
		t.Error("a walk rooted in /proc takes its reads to fill buffers")
	}
}
