package fallback

import "golang.org/x/sys/unix"

const noatime = unix.O_NOATIME

// mapNoReserve keeps the address range reserved for a map from counting
// against the memory the kernel promises.
const mapNoReserve = unix.MAP_NORESERVE

// populate reads the pages of b into the page cache and maps them, in
// order, in one call (Linux 5.14 and later); false when the kernel cannot.
func populate(b []byte) bool {
	return len(b) == 0 || unix.Madvise(b, unix.MADV_POPULATE_READ) == nil
}
