package walk

import "io/fs"

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

// The file-type bits of an st_mode. Every Unix gives them these values
// (the test holds them to the system's); they are spelled out here so
// that the Stats Windows gets, which are made up, carry them too, where
// the syscall package has no S_IF* constants.
const (
	sIFMT   = 0o170000
	sIFSOCK = 0o140000
	sIFLNK  = 0o120000
	sIFREG  = 0o100000
	sIFBLK  = 0o060000
	sIFDIR  = 0o040000
	sIFCHR  = 0o020000
	sIFIFO  = 0o010000
)

// typeOfStatMode is the Type of an st_mode, as statx gives it.
func typeOfStatMode(m uint32) Type {
	switch m & sIFMT {
	case sIFREG:
		return TypeFile
	case sIFDIR:
		return TypeDir
	case sIFLNK:
		return TypeLink
	case sIFIFO:
		return TypeFIFO
	case sIFSOCK:
		return TypeSocket
	case sIFCHR:
		return TypeChar
	case sIFBLK:
		return TypeBlock
	}
	return TypeUnknown
}

// statModeOfType is the file-type bits of an st_mode for t, so that a
// Stat made up where there is no st_mode (Windows) says what the listing
// says; 0 for TypeUnknown.
func statModeOfType(t Type) uint32 {
	switch t {
	case TypeFile:
		return sIFREG
	case TypeDir:
		return sIFDIR
	case TypeLink:
		return sIFLNK
	case TypeFIFO:
		return sIFIFO
	case TypeSocket:
		return sIFSOCK
	case TypeChar:
		return sIFCHR
	case TypeBlock:
		return sIFBLK
	}
	return 0
}

// fileAttributeReparsePoint is Windows's FILE_ATTRIBUTE_REPARSE_POINT,
// spelled out so that typeOfAttrs builds, and is tested, everywhere.
const fileAttributeReparsePoint = 0x400

// typeOfAttrs is the Type of a Windows file whose attributes are attrs
// and whose mode, as the os package reports it, is m, not following it.
//
// A reparse point is a link, not followed unless asked: symbolic links,
// and junctions and mount points too, which Go (since 1.23) reports as
// irregular files rather than links but which can lead back up the tree
// like one; and the other kinds, which stand for data kept elsewhere.
// Two are what Go says they are: a deduplicated file (Go reports it
// regular: the data reads as a file's, and it became a reparse point
// behind its owner's back, so skipping it would lose matches) and an
// AF_UNIX socket.
func typeOfAttrs(attrs uint32, m fs.FileMode) Type {
	if attrs&fileAttributeReparsePoint == 0 {
		return typeOfMode(m)
	}
	switch {
	case m.IsRegular():
		return TypeFile
	case m&fs.ModeSocket != 0:
		return TypeSocket
	}
	return TypeLink
}
