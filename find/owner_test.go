package find

import (
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestOwnerPrimaries: the owner primaries take a number everywhere but
// on Windows, where files have no numeric owners and they are refused
// before any walk.
func TestOwnerPrimaries(t *testing.T) {
	for _, args := range [][]string{{"-uid", "0"}, {"-gid", "+1"}, {"-user", "0"}, {"-group", "0"}} {
		_, err := Parse(args, time.Now())
		var fe *Error
		switch {
		case runtime.GOOS == "windows" && !errors.As(err, &fe):
			t.Errorf("Parse(%q) on Windows: %v, want an *Error", args, err)
		case runtime.GOOS != "windows" && err != nil:
			t.Errorf("Parse(%q): %v", args, err)
		}
	}
}
