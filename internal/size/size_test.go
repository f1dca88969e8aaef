package size

import "testing"

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "1000": 1000, "4K": 4 << 10, "64KiB": 64 << 10, "256M": 256 << 20,
		"4MiB": 4 << 20, "1G": 1 << 30, "8GiB": 8 << 30, " 2M ": 2 << 20,
	} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-1", "-1GiB", "8TB", "1T", "M", "1.5G", "9999999999G", "12x"} {
		if got, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", in, got)
		}
	}
}
