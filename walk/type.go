package walk

import (
	"io/fs"
	"syscall"
)

// Type is what a directory entry is. Its values are find's -type letters,
// so that find's tests read them as they are; the zero value means the
// walk does not know (the file system gave no d_type and nothing was
// stat'ed).
type Type byte

// The entry types.
const (
	TypeUnknown Type = 0
	TypeFile    Type = 'f'
	TypeDir     Type = 'd'
	TypeLink    Type = 'l'
	TypeFIFO    Type = 'p'
	TypeSocket  Type = 's'
	TypeChar    Type = 'c' // character device
	TypeBlock   Type = 'b' // block device
)

// typeOfMode is the Type of a file mode, as os.Lstat and fs.DirEntry give
// it.
func typeOfMode(m fs.FileMode) Type {
	switch {
	case m.IsRegular():
		return TypeFile
	case m.IsDir():
		return TypeDir
	case m&fs.ModeSymlink != 0:
		return TypeLink
	case m&fs.ModeNamedPipe != 0:
		return TypeFIFO
	case m&fs.ModeSocket != 0:
		return TypeSocket
	case m&fs.ModeCharDevice != 0:
		return TypeChar
	case m&fs.ModeDevice != 0:
		return TypeBlock
	}
	return TypeUnknown
}

// typeOfStatMode is the Type of an st_mode, as statx gives it.
func typeOfStatMode(m uint32) Type {
	switch m & syscall.S_IFMT {
	case syscall.S_IFREG:
		return TypeFile
	case syscall.S_IFDIR:
		return TypeDir
	case syscall.S_IFLNK:
		return TypeLink
	case syscall.S_IFIFO:
		return TypeFIFO
	case syscall.S_IFSOCK:
		return TypeSocket
	case syscall.S_IFCHR:
		return TypeChar
	case syscall.S_IFBLK:
		return TypeBlock
	}
	return TypeUnknown
}
