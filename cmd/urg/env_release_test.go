//go:build !faults

package main

import "testing"

// TestReleaseIgnoresTestSwitches: a release build reads no test switch,
// so that none can change how it searches.
func TestReleaseIgnoresTestSwitches(t *testing.T) {
	reads := map[string]int{}
	e := readEnv(func(k string) string { reads[k]++; return testSwitches[k] })
	for k := range testSwitches {
		if reads[k] != 0 {
			t.Errorf("%s read by a release build", k)
		}
	}
	if e.test != (testEnv{}) {
		t.Errorf("a release build took test switches: %+v", e)
	}
}
