package fallback

import "golang.org/x/sys/unix"

const noatime = unix.O_NOATIME
