package backtrack

import "testing"

func TestInvalidEscaped(t *testing.T) {
	if got := invalidEscaped("a\xffb\\\xfe\\\\\xfd[\xc3]é"); got != `a\x{dcff}b\x{dcfe}\\\x{dcfd}[\x{dcc3}]é` {
		t.Errorf("invalidEscaped: %q", got)
	}
}
