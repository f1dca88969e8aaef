package walk

import "io/fs"

// DirAction is what is done with a directory named as an operand: grep's
// -d ACTION.
type DirAction uint8

// The directory actions.
const (
	DirRecurse DirAction = iota // walk it (grep's -r, and urg's default)
	DirSkip                     // leave it out, saying nothing
	DirRead                     // read it as a file, as grep does: "Is a directory"
)

// DeviceAction is what is done with FIFOs, sockets and character and
// block devices: grep's -D ACTION.
type DeviceAction uint8

// The device actions.
const (
	// DevicesDefault, grep's default, reads those named as operands
	// and skips those met while walking.
	DevicesDefault DeviceAction = iota
	// DevicesRead reads them, those met while walking too.
	DevicesRead
	// DevicesSkip skips them, operands too; but a socket operand is
	// still opened, which fails, since grep opens a file before it
	// looks at what it is, and its open of a socket fails.
	DevicesSkip
)

// skippedDevice says whether -D skip leaves out an operand of mode m:
// FIFOs and devices, which grep opens without blocking and then skips.
func skippedDevice(m fs.FileMode) bool {
	return m&(fs.ModeNamedPipe|fs.ModeDevice|fs.ModeCharDevice) != 0
}
