package fallback

import "golang.org/x/sys/unix"

const noatime = unix.O_NOATIME

// mapNoReserve keeps the address range reserved for a map from counting
// against the memory the kernel promises.
const mapNoReserve = unix.MAP_NORESERVE
