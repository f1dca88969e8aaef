package osfile

import (
	"os"
	"path/filepath"
)

// Replace writes a file whole through write and renames it over path, so
// that a reader opens the old file or the new one, complete, and a
// writer killed at any moment leaves the old: the new file is written
// beside path, synced, and made readable by all (as the tree it
// describes is) before the rename.
func Replace(path string, write func(f *os.File) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
