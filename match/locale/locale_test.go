package locale

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"urg/match/base"
	"urg/match/plain"
)

// TestTranscript reads a line each way and maps offsets back and forth.
func TestTranscript(t *testing.T) {
	var tr Transcript
	line := []byte("a\xe9b\xffc")
	tr.ReadBytes(line)
	if got, want := string(tr.Text), "a"+string(base.ByteRune(0xe9))+"b"+string(base.ByteRune(0xff))+"c"; got != want {
		t.Fatalf("ReadBytes: %q, want %q", got, want)
	}
	for i := range line {
		if j := tr.Forward(i); tr.At(j) != i {
			t.Errorf("ReadBytes: At(Forward(%d)) = %d", i, tr.At(j))
		}
	}
	if tr.At(len(tr.Text)) != len(line) {
		t.Errorf("ReadBytes: the end maps to %d, want %d", tr.At(len(tr.Text)), len(line))
	}
	tr.Reset()
	if any := tr.InvalidAsNL([]byte("é\xffx")); !any || string(tr.Text) != "é\nx" {
		t.Errorf("InvalidAsNL: %q (%v), want %q (true)", tr.Text, any, "é\nx")
	}
	if tr.At(3) != 3 || tr.Forward(3) != 3 {
		t.Errorf("InvalidAsNL: offsets are the line's")
	}
	tr.Reset()
	if tr.InvalidAsNL([]byte("é")) {
		t.Errorf("InvalidAsNL: valid UTF-8 has no invalid byte")
	}
}

// TestPatternBytes: the C locale's spelling of a pattern's bytes from
// 0x80, and its literals' bytes back.
func TestPatternBytes(t *testing.T) {
	e9 := fmt.Sprintf(`\x{%x}`, base.ByteRune(0xe9))
	for src, want := range map[string]string{
		"a\xe9":    `a` + e9,
		`\xe9`:     e9,
		`\x41\.`:   `\x41\.`,
		"\\\xe9":   e9,
		`\x{263a}`: `\x{263a}`,
	} {
		if got := ByteEscaped(src); got != want {
			t.Errorf("ByteEscaped(%q) = %q, want %q", src, got, want)
		}
	}
	if b, ok := LiteralBytes([]rune{'a', base.ByteRune(0xe9)}); !ok || string(b) != "a\xe9" {
		t.Errorf("LiteralBytes: %q %v", b, ok)
	}
	if _, ok := LiteralBytes([]rune{0x263a}); ok {
		t.Errorf("LiteralBytes: U+263A has no byte in the C locale")
	}
}

// TestSplit: lines of ASCII go to the first matcher, the others to the
// second, over texts long enough for Next's windows to grow.
func TestSplit(t *testing.T) {
	o := base.Options{}
	m := NewSplit(plain.New([]byte("ab"), o), plain.New([]byte("é"), o))
	if a, u, ok := Parts(m); !ok || a == nil || u == nil {
		t.Fatal("Parts: not a split matcher")
	}
	if _, _, ok := Parts(plain.New([]byte("x"), o)); ok {
		t.Fatal("Parts: a plain matcher is not split")
	}
	var text bytes.Buffer
	var want []int
	for i := range 5000 {
		switch i % 97 {
		case 3: // ASCII, matched by the first
			text.WriteString("x ab y\n")
			want = append(want, i)
		case 50: // beyond ASCII, matched by the second only
			text.WriteString("é ab\n")
			want = append(want, i)
		case 70: // beyond ASCII, "ab" is not the second's
			text.WriteString("ü ab\n")
		default:
			text.WriteString(strings.Repeat("z", i%60) + "\n")
		}
	}
	var got []int
	b := text.Bytes()
	for at, line := 0, 0; at <= len(b); {
		s, e, err := m.Next(b[at:])
		if err != nil {
			t.Fatal(err)
		}
		if s < 0 {
			break
		}
		line += bytes.Count(b[at:at+s], []byte("\n"))
		got = append(got, line)
		line++
		at += e + 1
	}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("line %d selected, want %d", got[i], want[i])
		}
	}
}
