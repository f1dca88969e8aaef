package fallback

import "strings"

// winPathMax is the length from which a Windows path needs the \\?\
// prefix: MAX_PATH (260) less the 12 characters that CreateDirectory
// keeps for an 8.3 name, the bound Go's os package uses.
const winPathMax = 248

// longPathOf is abs, an absolute and clean Windows path, as Windows takes
// it past MAX_PATH: `\\?\C:\dir\file`, or `\\?\UNC\server\share\file` for
// a share. Short paths and paths already in that form are left alone. It
// is plain string work, so it is tested on every platform; LongPath (on
// Windows) makes the path absolute and clean first, since the prefix also
// turns off Windows' own cleaning of `.`, `..` and `/`.
func longPathOf(abs string) string {
	switch {
	case len(abs) < winPathMax, strings.HasPrefix(abs, `\\?\`), strings.HasPrefix(abs, `\\.\`):
		return abs
	case strings.HasPrefix(abs, `\\`):
		return `\\?\UNC\` + abs[2:]
	case len(abs) >= 3 && abs[1] == ':' && abs[2] == '\\':
		return `\\?\` + abs
	}
	return abs // relative or odd: left for Windows to refuse or take
}
