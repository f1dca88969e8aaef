package main

import "testing"

// TestUTF8Locale: the locale's codeset is read from LC_ALL, LC_CTYPE and
// LANG in that order, the first one set deciding.
func TestUTF8Locale(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{nil, false},
		{map[string]string{"LANG": "C.UTF-8"}, true},
		{map[string]string{"LANG": "en_US.utf8"}, true},
		{map[string]string{"LANG": "de_DE.UTF-8@euro"}, true},
		{map[string]string{"LANG": "en_US"}, false},
		{map[string]string{"LANG": "en_US.ISO-8859-1"}, false},
		{map[string]string{"LANG": "C.UTF-8", "LC_ALL": "C"}, false},
		{map[string]string{"LANG": "C", "LC_CTYPE": "C.UTF-8"}, true},
		{map[string]string{"LC_CTYPE": "C.UTF-8", "LC_ALL": "POSIX"}, false},
		{map[string]string{"LC_ALL": "", "LANG": "C.UTF-8"}, true},
	} {
		if got := utf8Locale(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("utf8Locale(%v) = %v, want %v", tc.env, got, tc.want)
		}
	}
}
