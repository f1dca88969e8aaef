package walk

import (
	"os"
	"runtime"
	"testing"
)

// TestPseudoFS: a file system whose sizes are true (the test's temporary
// directory) is told from a pseudo one (Linux's /proc, the BSDs' and
// macOS's devfs) where urg tells them apart, and every path counts as
// pseudo where it does not.
func TestPseudoFS(t *testing.T) {
	told := map[string]string{"linux": "/proc", "darwin": "/dev", "freebsd": "/dev", "windows": ""}
	pseudo, ok := told[runtime.GOOS]
	if !ok {
		if !pseudoFS(t.TempDir()) {
			t.Error("a path counted as a true file system where none is told apart")
		}
		return
	}
	if pseudoFS(t.TempDir()) {
		t.Errorf("the temporary directory %s counted as a pseudo file system", os.TempDir())
	}
	if pseudo != "" && !pseudoFS(pseudo) {
		t.Errorf("%s did not count as a pseudo file system", pseudo)
	}
}
