package fallback

import (
	"strings"
	"testing"
)

// TestLongPathOf checks the \\?\ forms Windows needs past MAX_PATH; the
// function is plain string work, so it runs on every platform.
func TestLongPathOf(t *testing.T) {
	long := strings.Repeat(`d\`, 150) + "f.txt"
	for _, c := range []struct{ in, want string }{
		{`C:\short\f.txt`, `C:\short\f.txt`},
		{`C:\` + long, `\\?\C:\` + long},
		{`\\server\share\` + long, `\\?\UNC\server\share\` + long},
		{`\\?\C:\` + long, `\\?\C:\` + long},
		{`\\.\pipe\` + long, `\\.\pipe\` + long},
		{long, long},
	} {
		if got := longPathOf(c.in); got != c.want {
			t.Errorf("longPathOf(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}
