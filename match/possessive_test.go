package match

import (
	"strings"
	"testing"
)

// TestPossessiveRefused holds a possessive quantifier, which Go's parser
// takes for one repetition of another, to an error that names it and the
// atomic group that says the same; a real nested repetition keeps the
// parser's word.
func TestPossessiveRefused(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{"a++", "possessive quantifiers (++) are not supported: an atomic group, (?>X+), matches the same"},
		{"a*+b", "possessive quantifiers (*+)"},
		{"x(ab)?+", "possessive quantifiers (?+)"},
		{"a{2,}+", "possessive quantifiers ({2,}+)"},
		{"a**", "invalid nested repetition operator"},
	} {
		for _, utf8 := range []bool{false, true} {
			_, err := Compile([]string{tc.pattern}, Options{UTF8: utf8})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Compile(%q), UTF8 %v: %v, want %q", tc.pattern, utf8, err, tc.want)
			}
			if tc.pattern == "a**" && err != nil && strings.Contains(err.Error(), "possessive") {
				t.Errorf("Compile(%q): %v names a possessive quantifier", tc.pattern, err)
			}
		}
	}
	if _, err := Compile([]string{"(?>a+)b"}, Options{}); err != nil {
		t.Errorf("Compile of the atomic group the message suggests: %v", err)
	}
}
