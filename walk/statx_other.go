//go:build !linux

package walk

import "os"

// newStatter is lstat one path at a time: io_uring is Linux's.
func newStatter(bool) statter { return lstatter{} }

// lstatter stats one path at a time with lstat(2): the portable way.
type lstatter struct{}

func (lstatter) stat(_ int, dir string, names []string, out []Stat, errs []error) {
	for i, name := range names {
		fi, err := os.Lstat(joinPath(dir, name))
		if err != nil {
			errs[i] = err
			continue
		}
		out[i] = *statOf(fi)
	}
}

func (lstatter) close() {}
