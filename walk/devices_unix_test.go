//go:build unix

package walk

import (
	"net"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// The test of this file makes a FIFO in a tree, which Windows's file
// systems do not hold (its named pipes live apart, under \\.\pipe\),
// and names os.DevNull, a device file only on Unix: it is Unix's.

// TestFilesDevices: FIFOs and sockets met while walking are skipped
// unless -D read; one named as an operand is read unless -D skip, but a
// socket is still yielded (its open fails, as grep's).
func TestFilesDevices(t *testing.T) {
	root := selectTree(t)
	if err := unix.Mkfifo(filepath.Join(root, "sub", "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(root, "sub", "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix socket here: %v", err)
	}
	defer l.Close()
	for _, c := range []struct {
		devices DeviceAction
		paths   []string
		want    []string
	}{
		{DevicesDefault, []string{"sub"}, []string{"sub/Y.TXT", "sub/deep/z.go", "sub/x.go"}},
		{DevicesSkip, []string{"sub"}, []string{"sub/Y.TXT", "sub/deep/z.go", "sub/x.go"}},
		{DevicesRead, []string{"sub"}, []string{"sub/Y.TXT", "sub/deep/z.go", "sub/fifo", "sub/sock", "sub/x.go"}},
		{DevicesDefault, []string{"sub/fifo", "sub/sock", os.DevNull}, []string{os.DevNull, "sub/fifo", "sub/sock"}},
		{DevicesSkip, []string{"sub/fifo", "sub/sock", os.DevNull, StdinPath}, []string{StdinPath, "sub/sock"}},
	} {
		got, errs, _ := collect(t, root, c.paths, Options{MaxDepth: -1, Devices: c.devices})
		if !slices.Equal(got, c.want) || errs != nil {
			t.Errorf("-D %d %q: %q (errors %q), want %q", c.devices, c.paths, got, errs, c.want)
		}
	}
}
