package osfile

// Identify is the identity of the open file h: none on Windows, whose
// files have no change time that a write always moves.
func Identify(h Handle) (Identity, error) { return Identity{}, ErrNoIdentity }

// IdentifyPath is the identity of the file at path: none on Windows.
func IdentifyPath(path string) (Identity, error) { return Identity{}, ErrNoIdentity }
