//go:build unix && !linux && !darwin && !freebsd

package osfile

// seekData is -1 where lseek has no SEEK_DATA (or x/sys/unix does not
// name it): holes are read as the zeros they hold.
const seekData = -1
