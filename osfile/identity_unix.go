//go:build unix

package osfile

import "golang.org/x/sys/unix"

// Identify is the identity of the open file h.
func Identify(h Handle) (Identity, error) {
	var st unix.Stat_t
	if err := unix.Fstat(h, &st); err != nil {
		return Identity{}, err
	}
	return identityOf(&st), nil
}

// IdentifyPath is the identity of the file at path, following symbolic
// links, as opening it for a search would.
func IdentifyPath(path string) (Identity, error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return Identity{}, err
	}
	return identityOf(&st), nil
}

func identityOf(st *unix.Stat_t) Identity {
	return Identity{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size,
		Mtime: unix.TimespecToNsec(st.Mtim), Ctime: unix.TimespecToNsec(st.Ctim),
	}
}
