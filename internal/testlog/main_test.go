package main

import (
	"strings"
	"testing"
)

// TestLog holds testlog to go test's own output without -v: package
// lines as they come, a failed test's output and nothing of a passing
// one's, what a package that crashed was running, and the packages still
// being tested, with their passed tests, whenever it is asked.
func TestLog(t *testing.T) {
	var b strings.Builder
	l := &log{w: &b, held: map[string][]string{}, running: map[string]*pkgRun{}}
	for _, e := range []event{
		{Action: "start", Package: "p"},
		{Action: "start", Package: "q"},
		{Action: "output", Package: "p", Test: "TestA", Output: "=== RUN   TestA\n"},
		{Action: "output", Package: "p", Test: "TestA", Output: "    a_test.go:1: quiet\n"},
		{Action: "pass", Package: "p", Test: "TestA"},
		{Action: "output", Package: "p", Test: "TestB", Output: "    b_test.go:2: broke\n"},
		{Action: "output", Package: "p", Test: "TestB", Output: "--- FAIL: TestB (0.00s)\n"},
		{Action: "fail", Package: "p", Test: "TestB"},
		{Action: "output", Package: "q", Test: "TestC", Output: "    c_test.go:3: before the panic\n"},
		{Action: "pass", Package: "q", Test: "TestD"},
	} {
		l.event(e)
	}
	l.still()
	for _, e := range []event{
		{Action: "output", Package: "p", Output: "FAIL\tp\t0.1s\n"},
		{Action: "fail", Package: "p"},
		{Action: "output", Package: "q", Output: "panic: boom\n"},
		{Action: "fail", Package: "q"},
		{Action: "output", Package: "r", Output: "PASS\n"},
		{Action: "output", Package: "r", Output: "ok  \tr\t0.1s\n"},
	} {
		l.event(e)
	}
	l.still()
	want := "    b_test.go:2: broke\n--- FAIL: TestB (0.00s)\n" +
		"... still testing: p (1 test passed, 0 s), q (1 test passed, 0 s)\n" +
		"FAIL\tp\t0.1s\n" +
		"panic: boom\n    c_test.go:3: before the panic\n" +
		"ok  \tr\t0.1s\n"
	if b.String() != want {
		t.Errorf("testlog printed\n%s\nwant\n%s", b.String(), want)
	}
}
