package osfile

// Info is what a search asks of an open file before choosing its reader.
type Info struct {
	Size    int64
	Regular bool // a regular file: its size tells its bytes
	// Sparse says that less than half the file's bytes are stored: the
	// rest are holes, which a reader can skip and a map would read.
	Sparse bool
}
