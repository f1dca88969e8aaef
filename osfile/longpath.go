package osfile

import "strings"

// winPathMax is the length from which a path needs the \\?\ prefix:
// MAX_PATH (260) less room for an 8.3 name, where Windows starts refusing
// directories' paths, the bound the os package uses too.
const winPathMax = 248

// longPathOf is the absolute Windows path abs as the Windows API takes it
// past MAX_PATH: with the \\?\ prefix, or \\?\UNC\ for \\server\share,
// and backslashes only, since the prefix turns off the API's own
// rewriting of them. A short path, a device path (\\.\) and one already
// prefixed are left alone. abs must be clean (filepath.Abs's): no "." or
// ".." is resolved under the prefix either.
//
// It is pure string work, used on Windows only (LongPath), so that its
// test runs everywhere.
func longPathOf(abs string) string {
	if len(abs) < winPathMax {
		return abs
	}
	p := strings.ReplaceAll(abs, "/", `\`)
	switch {
	case strings.HasPrefix(p, `\\?\`), strings.HasPrefix(p, `\??\`), strings.HasPrefix(p, `\\.\`):
		return abs
	case strings.HasPrefix(p, `\\`):
		return `\\?\UNC\` + p[2:]
	}
	return `\\?\` + p
}
