package osfile

import (
	"strings"
	"testing"
)

// TestLongPathOf: a path past MAX_PATH gets \\?\ (\\?\UNC\ for a share)
// and backslashes; a short one, a device's and a prefixed one do not.
func TestLongPathOf(t *testing.T) {
	long := strings.Repeat(`\abcdefghij`, 30) // 330 bytes
	for _, c := range []struct{ in, want string }{
		{`C:\short\path`, `C:\short\path`},
		{`C:` + long, `\\?\C:` + long},
		{`C:` + strings.ReplaceAll(long, `\`, "/"), `\\?\C:` + long},
		{`\\server\share` + long, `\\?\UNC\server\share` + long},
		{`//server/share` + strings.ReplaceAll(long, `\`, "/"), `\\?\UNC\server\share` + long},
		{`\\?\C:` + long, `\\?\C:` + long},
		{`\??\C:` + long, `\??\C:` + long},
		{`\\.\pipe` + long, `\\.\pipe` + long},
		{`C:` + long[:winPathMax-3], `C:` + long[:winPathMax-3]}, // one byte short of the bound
		{`C:` + long[:winPathMax-2], `\\?\C:` + long[:winPathMax-2]},
	} {
		if got := longPathOf(c.in); got != c.want {
			t.Errorf("longPathOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
