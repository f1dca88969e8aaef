package walk

import (
	"io/fs"
	"testing"
)

// TestStatModeOfType: the st_mode bits made up for a Type (Windows's
// Stats) read back as that Type.
func TestStatModeOfType(t *testing.T) {
	for _, typ := range []Type{TypeFile, TypeDir, TypeLink, TypeFIFO, TypeSocket, TypeChar, TypeBlock, TypeUnknown} {
		if got := typeOfStatMode(statModeOfType(typ) | 0o644); got != typ {
			t.Errorf("typeOfStatMode(statModeOfType(%q)) = %q", typ, got)
		}
	}
}

// TestTypeOfAttrs: on Windows a reparse point is a link whatever mode Go
// gives it (a junction's is irregular), except a deduplicated file and
// an AF_UNIX socket; without the attribute the mode decides.
func TestTypeOfAttrs(t *testing.T) {
	const dir = 0x10 // FILE_ATTRIBUTE_DIRECTORY
	for _, c := range []struct {
		attrs uint32
		mode  fs.FileMode
		want  Type
	}{
		{0, 0o666, TypeFile},
		{dir, fs.ModeDir | 0o777, TypeDir},
		{fileAttributeReparsePoint, fs.ModeSymlink | 0o666, TypeLink},
		{fileAttributeReparsePoint | dir, fs.ModeSymlink | 0o666, TypeLink},
		{fileAttributeReparsePoint | dir, fs.ModeIrregular | 0o666, TypeLink},              // a junction, since Go 1.23
		{fileAttributeReparsePoint | dir, fs.ModeDir | fs.ModeIrregular | 0o777, TypeLink}, // a cloud placeholder directory
		{fileAttributeReparsePoint, fs.ModeIrregular | 0o666, TypeLink},
		{fileAttributeReparsePoint, 0o666, TypeFile},                   // deduplicated
		{fileAttributeReparsePoint, fs.ModeSocket | 0o666, TypeSocket}, // AF_UNIX
		{0, fs.ModeNamedPipe | 0o666, TypeFIFO},
	} {
		if got := typeOfAttrs(c.attrs, c.mode); got != c.want {
			t.Errorf("typeOfAttrs(%#x, %v) = %q, want %q", c.attrs, c.mode, got, c.want)
		}
	}
}
