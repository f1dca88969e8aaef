package find

import (
	"errors"
	"strings"
	"testing"
	"time"

	"urg/walk"
)

// FuzzParse checks that no command line makes the parser or a test of
// the expression it builds panic, and that every refusal is an *Error
// (said before any output, exit 1).
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"-name *.h", "-type f,d -size +1M", "-perm -u+w,g=rx", "-perm /0", "-mtime -3 -newer /",
		"-user root -group 0", "-size", "-bogus", "-name [a-", "-maxdepth 2 -mindepth 1 -empty", "-print0",
		"! -name *.h", "( -name a -o -name b ) -print", "-name .git -prune -o -print", "-printf %p\\n%-5s%TY",
		"-regex .*\\(a\\|b\\)", ") (", "-not", "-newermt 2020-01-01 -o -false , -true",
	} {
		f.Add(seed)
	}
	now := time.Now()
	f.Fuzz(func(t *testing.T, line string) {
		e, err := Parse(strings.Fields(line), now)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("Parse(%q): %T %v, want *Error", line, err, err)
			}
			return
		}
		st := &walk.Stat{Mode: 0o100644, Size: 1 << 20, Mtime: now.Add(-time.Hour)}
		for _, n := range []*walk.Node{
			{Dir: "a", Name: "b.h", Depth: 1, Type: 'f', Stat: st},
			{Dir: "", Name: "x", Depth: 0, Type: 'd'},
			{Dir: "a/b", Name: "[c]", Depth: 2, Type: 'l', StatErr: errors.New("gone")},
		} {
			if !strings.Contains(line, "-exec") { // no program is run here
				e.NewRun(func([]byte) {}, func([]byte) {}, func(string, ...any) {}).Eval(n)
			}
		}
	})
}
