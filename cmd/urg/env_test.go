package main

import "testing"

// TestReadEnv: each variable urg reads lands in its field, read once.
func TestReadEnv(t *testing.T) {
	vars := map[string]string{
		"URG_CONFIG_PATH": "/etc/urgrc",
		"LC_ALL":          "de_DE.UTF-8",
		"NO_COLOR":        "1",
		"GREP_COLOR":      "01;32",
		"GREP_COLORS":     "mt=01;34",
	}
	reads := map[string]int{}
	e := readEnv(func(k string) string { reads[k]++; return vars[k] })
	if e.configPath != "/etc/urgrc" || !e.utf8 || e.collation != "de-DE" || !e.noColor ||
		e.grepColor != "01;32" || e.grepColors != "mt=01;34" {
		t.Errorf("readEnv: %+v", e)
	}
	for k := range vars {
		if reads[k] == 0 {
			t.Errorf("%s not read", k)
		}
	}
	if e = readEnv(func(string) string { return "" }); e.utf8 || e.noColor {
		t.Errorf("empty environment: %+v", e)
	}
	if e = readEnv(func(k string) string { return map[string]string{"TERM": "dumb"}[k] }); !e.noColor {
		t.Error("TERM=dumb: colour not off")
	}
}

// testSwitches are the test switches and values for them, which only a
// build with -tags faults reads.
var testSwitches = map[string]string{
	"URG_DISABLE_URING": "1",
	"URG_GROW_AT_ONCE":  "1",
	"URG_FAULTS":        "open=1",
	"URG_SPLIT_PIECE":   "4K",
	"URG_SPLIT_MIN":     "8K",
	"URG_CACHE_BUDGET":  "1M",
}
