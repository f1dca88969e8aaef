package storage

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestStorageOf builds a fake sysfs for the device of a temporary file
// and checks the rule: rotational=1 on a disk is a spinning disk, on a
// partition its disk decides, and a virtio disk's flag is not believed.
func TestStorageOf(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	major, minor, ok := deviceOf(file)
	if !ok {
		t.Skip("no device numbers here")
	}
	for _, c := range []struct {
		name, devPath, queueAt, flag string
		want                         bool
	}{
		{"spinning disk", "devices/pci0000:00/ata1/host0/block/sda", "devices/pci0000:00/ata1/host0/block/sda", "1", true},
		{"solid state disk", "devices/pci0000:00/nvme/nvme0n1", "devices/pci0000:00/nvme/nvme0n1", "0", false},
		{"partition of a spinning disk", "devices/pci0000:00/ata1/host0/block/sda/sda1", "devices/pci0000:00/ata1/host0/block/sda", "1", true},
		{"virtio disk", "devices/pci0000:00/0000:00:02.0/virtio1/block/vda", "devices/pci0000:00/0000:00:02.0/virtio1/block/vda", "1", false},
	} {
		root := t.TempDir()
		dev := filepath.Join(root, c.devPath)
		q := filepath.Join(root, c.queueAt, "queue")
		os.MkdirAll(dev, 0o755)
		os.MkdirAll(q, 0o755)
		os.WriteFile(filepath.Join(q, "rotational"), []byte(c.flag+"\n"), 0o644)
		os.MkdirAll(filepath.Join(root, "dev", "block"), 0o755)
		if err := os.Symlink(dev, filepath.Join(root, "dev", "block", strconv.FormatUint(uint64(major), 10)+":"+strconv.FormatUint(uint64(minor), 10))); err != nil {
			t.Fatal(err)
		}
		if got := Of(root, file); got.Rotational != c.want {
			t.Errorf("%s: %+v, want rotational %v", c.name, got, c.want)
		}
	}
	if got := Of(t.TempDir(), file); got.Rotational {
		t.Errorf("no sysfs: %+v, want not rotational", got)
	}
}
