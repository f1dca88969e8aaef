package search

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"urg/match"
)

func TestSinkError(t *testing.T) {
	tests := []struct {
		name   string
		opts   Options
		input  string
		failAt int
		want   []string
	}{
		{"on a match", Options{}, "foo\nfoo\nfoo\n", 2, []string{"1:0:foo", "2:4:foo"}},
		{"on after context", Options{After: 2}, "foo\nx\ny\nfoo\n", 2, []string{"1:0:foo", "2-4-x"}},
		{"on before context", Options{Before: 2}, "x\ny\nfoo\nfoo\n", 1, []string{"1-0-x"}},
		{"on the binary notice", Options{}, "foo\x00\nfoo\n", 1, []string{"binary"}},
	}
	m := compile(t, "foo")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := recorder{failAt: tt.failAt}
			o := tt.opts
			o.LineNumbers = true
			_, err := New(m, o).Search(strings.NewReader(tt.input), &rec)
			if !errors.Is(err, errSink) {
				t.Errorf("Search error = %v, want %v", err, errSink)
			}
			if !slices.Equal(rec.events, tt.want) {
				t.Errorf("events after the failure: got %q, want %q", rec.events, tt.want)
			}
		})
	}
}

func TestReadError(t *testing.T) {
	errRead := errors.New("read failed")
	m := compile(t, "foo")
	t.Run("first read", func(t *testing.T) {
		var rec recorder
		_, err := New(m, Options{}).Search(iotest.ErrReader(errRead), &rec)
		if !errors.Is(err, errRead) {
			t.Errorf("err = %v, want %v", err, errRead)
		}
		if len(rec.events) != 0 {
			t.Errorf("events %q", rec.events)
		}
	})
	t.Run("second read", func(t *testing.T) {
		var rec recorder
		r := iotest.TimeoutReader(strings.NewReader("foo\nbar\nfoo\n"))
		_, err := New(m, Options{LineNumbers: true}).Search(r, &rec)
		if !errors.Is(err, iotest.ErrTimeout) {
			t.Errorf("err = %v, want %v", err, iotest.ErrTimeout)
		}
		want := []string{"1:0:foo", "3:8:foo"}
		if !slices.Equal(rec.events, want) {
			t.Errorf("events %q, want %q", rec.events, want)
		}
	})
}

func TestMatcherError(t *testing.T) {
	m, err := match.Compile([]string{"(?=a)(a+)+$"}, match.Options{Timeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var rec recorder
	input := "x\n" + strings.Repeat("a", 40) + "b\n"
	_, err = New(m, Options{}).Search(strings.NewReader(input), &rec)
	if !errors.Is(err, match.ErrTimeout) {
		t.Errorf("err = %v, want one wrapping match.ErrTimeout", err)
	}
}
