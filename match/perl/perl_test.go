package perl

import "testing"

func TestTranslate(t *testing.T) {
	for _, c := range []struct {
		src, want string
		uni       bool
	}{
		{`a\Q.*\Eb`, `a\.\*b`, false}, // quoted
		{`a\x{41}`, `a\x{41}`, false}, // Go reads it as PCRE does
		{`a\Cb`, `a(?s:.)b`, false},   // one code unit: in the C locale, a byte
		// ripgrep's u flag: (?-u) makes words ASCII's to the end of its
		// group, and no parser sees the flag.
		// Under UTF-8 its \w is kept from -i's folding, which would add
		// the Kelvin sign and the long s.
		{`(?-u)\wAh`, `(?-i:\w)Ah`, true},
		{`(?-u)\wAh`, `\wAh`, false},
		{`(?i-u)\w`, `(?i)(?-i:\w)`, true},
		{`(?-u:\w)\w`, `(?:(?-i:\w))` + unicodeEscapes['w'].outside, true},
		{`((?-u)\w)\w`, `((?-i:\w))` + unicodeEscapes['w'].outside, true},
		{`(?-u)(?u)\w`, unicodeEscapes['w'].outside, true},
		{`(?u)\w`, `\w`, false}, // the C locale's words stay ASCII's
		{`(?-iu:a)`, `(?-i:a)`, true},
		{`(?xu) a # b`, `(?x) a `, true},
	} {
		got, err := Translate(c.src, c.uni)
		if err != nil || got != c.want {
			t.Errorf("Translate(%q, %v) = %q, %v; want %q", c.src, c.uni, got, err, c.want)
		}
	}
	for _, src := range []string{`a\K`, `\X`, `\G`} {
		if _, err := Translate(src, false); err == nil {
			t.Errorf("Translate(%q): no error; PCRE's escape has no equivalent here", src)
		}
	}
	if _, err := Translate(`\C`, true); err == nil {
		t.Error(`Translate(\C) under UTF-8: no error; a code unit is no character there`)
	}
	// \s is PCRE's: the vertical tab too, which Go's \s leaves out.
	if got, _ := Translate(`\s`, false); got == `\s` {
		t.Errorf(`Translate(\s) = %q: Go's \s would lose the vertical tab`, got)
	}
}

func TestQuoteMeta(t *testing.T) {
	if got, want := QuoteMeta("a.b*(\xff"), "a\\.b\\*\\(\xff"; got != want {
		t.Errorf("QuoteMeta = %q, want %q", got, want)
	}
}

// TestPosixSyntaxRefused: PCRE2 has no collating elements or equivalence
// classes, and no POSIX class outside brackets: [.a.], [=a=], [[=a=]],
// [b[.a.]] and [:alpha:] are errors in its words, as grep -P says; where
// the bracket is not closed so, or escaped, it is a class like another.
func TestPosixSyntaxRefused(t *testing.T) {
	for src, want := range map[string]error{
		`[.a.]`: errCollating, `[=a=]`: errCollating, `x[[.a.]]`: errCollating, `[b[=a=]]`: errCollating,
		`[[:alpha:][=a=]]`: errCollating, `[:alpha:]`: errPosixOut,
	} {
		if _, err := Translate(src, true); err != want {
			t.Errorf("Translate(%q) = %v; want %v", src, err, want)
		}
	}
	for _, src := range []string{`[a[.]`, `\[.a.]`, `[\].a.]`, `[[:alpha:]]`, `[.a]`, `[=]`} {
		if _, err := Translate(src, true); err != nil {
			t.Errorf("Translate(%q): %v; want a class", src, err)
		}
	}
}
