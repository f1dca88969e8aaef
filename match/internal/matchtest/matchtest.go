// Package matchtest holds test helpers shared by match's test packages:
// the lines a matcher selects, found as the searcher finds them, and the
// matches it reports in a line. Only tests import it.
package matchtest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"urg/match/base"
)

// Lines returns "N:line" for every line of text that m selects, found by
// calling Next repeatedly as the searcher does. text carries no trailing
// newline.
func Lines(t testing.TB, m base.Matcher, text string) []string {
	t.Helper()
	var got []string
	b := []byte(text)
	at, lineno := 0, 1
	for at <= len(b) {
		s, e, err := m.Next(b[at:])
		if err != nil {
			t.Fatalf("Next(%q): %v", b[at:], err)
		}
		if s < 0 {
			if e != -1 {
				t.Fatalf("Next(%q) = %d, %d: end must be -1 with start -1", b[at:], s, e)
			}
			break
		}
		if s > e || at+e > len(b) {
			t.Fatalf("Next(%q) = %d, %d: bad bounds", b[at:], s, e)
		}
		if s > 0 && b[at+s-1] != '\n' {
			t.Fatalf("Next(%q) = %d, %d: start is not a line start", b[at:], s, e)
		}
		if at+e < len(b) && b[at+e] != '\n' {
			t.Fatalf("Next(%q) = %d, %d: end is not a line end", b[at:], s, e)
		}
		if strings.IndexByte(string(b[at+s:at+e]), '\n') >= 0 {
			t.Fatalf("Next(%q) = %d, %d: bounds hold a newline", b[at:], s, e)
		}
		lineno += strings.Count(string(b[at:at+s]), "\n")
		got = append(got, fmt.Sprintf("%d:%s", lineno, b[at+s:at+e]))
		lineno++
		at += e + 1
	}
	return got
}

// Each returns the matches m's Each reports in line, as grep -o prints
// them.
func Each(t testing.TB, m base.Matcher, line string) []string {
	t.Helper()
	var got []string
	last := 0
	err := m.Each([]byte(line), func(s, e int) {
		if s < last || e <= s || e > len(line) {
			t.Errorf("Each(%q): bad match [%d, %d) after %d", line, s, e, last)
			return
		}
		last = e
		got = append(got, line[s:e])
	})
	if err != nil {
		t.Fatalf("Each(%q): %v", line, err)
	}
	return got
}

// Selected returns the numbers (from 0) of the lines of text that m
// selects, found by calling Next as the searcher does.
func Selected(m base.Matcher, text []byte) ([]int, error) {
	var got []int
	line := 0
	for at := 0; at <= len(text); {
		s, e, err := m.Next(text[at:])
		if err != nil || s < 0 {
			return got, err
		}
		line += bytes.Count(text[at:at+s], []byte("\n"))
		got = append(got, line)
		line++
		at += e + 1
	}
	return got, nil
}
