// Package storage learns what kind of device a path lives on: a spinning
// disk, whose locality parallel reads destroy, or anything else.
package storage

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Info is what urg learned of the device a path lives on.
type Info struct {
	Rotational bool   // a spinning disk: parallel reads destroy its locality
	Device     string // the block device's sysfs path, "" when unknown
	Reason     string // why Rotational is what it is, for --stats
}

// Of reads, in sysfs under root ("/sys" on Linux), whether the
// block device holding path rotates. A device whose flag says nothing of
// the disk behind it is taken for one that does not: virtio, Xen and
// Hyper-V disks report rotational=1 by default (this project's machines:
// /dev/vda says 1, yet answers random reads one at a time many times
// faster than a spinning disk, and several times faster again with many
// in flight; see docs/decisions.md#storageof-a-paravirtual-disks-rotational-flag-not-believed-internalstoragestoragego-was-schedstoragego).
func Of(root, path string) Info {
	major, minor, ok := deviceOf(path)
	if !ok {
		return Info{Reason: "device unknown"}
	}
	num := strconv.FormatUint(uint64(major), 10) + ":" + strconv.FormatUint(uint64(minor), 10)
	real, err := filepath.EvalSymlinks(filepath.Join(root, "dev", "block", num))
	if err != nil {
		return Info{Reason: "no block device (" + num + ")"}
	}
	flag := readFlag(filepath.Join(real, "queue", "rotational"))
	if flag == "" { // a partition: its disk has the queue
		flag = readFlag(filepath.Join(filepath.Dir(real), "queue", "rotational"))
	}
	s := Info{Device: real}
	switch {
	case flag != "1":
		s.Reason = "not rotational"
	case virtualDisk(real):
		s.Reason = "virtual disk (its rotational flag says nothing of the storage behind it)"
	default:
		s.Rotational, s.Reason = true, "rotational"
	}
	return s
}

// virtualDisk reports a block device of a hypervisor's paravirtual disk.
func virtualDisk(sysPath string) bool {
	for _, bus := range []string{"/virtio", "/xen", "/vmbus", "/vbd-"} {
		if strings.Contains(sysPath, bus) {
			return true
		}
	}
	return false
}

func readFlag(p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
