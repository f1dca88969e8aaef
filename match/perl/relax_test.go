package perl

import "testing"

func TestRelax(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`\w+(?=Error\()`, `\w+`},
		{`(?<=func )\w+`, `\w+`},
		{`(?<!x)y(?!z)`, `y`},
		{`(?=a)*b`, `b`},
		{`(?!a){2}b`, `b`},
		{`(a)\1`, `(a)(?:)`},
		{`(a)\12x`, `(a)(?:)x`},
		{`(?<n>a)\k<n>`, `(?<n>a)(?:)`},
		{`(?'n'a)\k'n'\k{n}`, `(?:a)(?:)(?:)`},
		{`(?>ab|a)c`, `(?:ab|a)c`},
		{`(?|(a)|(b))`, `(?:(a)|(b))`},
		{`a*+b++c?+d{2}+`, `a*b+c?d{2}`},
		{`a*?b+?`, `a*?b+?`},
		{`[(?=]x[\]]`, `[(?=]x[\]]`},
		{`(?=[)])x`, `x`},
		{`[[:alpha:]]+(?!\))`, `[[:alpha:]]+`},
		{`a\Z`, `a`},
		{`a(?#note)b`, `ab`},
		{`\(?=x`, `\(?=x`},
		{`a{,2}+`, `a{,2}+`},
	} {
		got, _, ok := Relax(c.in)
		if !ok || got != c.want {
			t.Errorf("Relax(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, in := range []string{`(?(1)a|b)`, `(?=a`, `[a`, `\k<n`} {
		if got, _, ok := Relax(in); ok {
			t.Errorf("Relax(%q) = %q, true; want it refused", in, got)
		}
	}
}

func TestEdgeLookarounds(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`\w+(?=Error\()`, `\w+(?:Error\()`},
		{`(?<=func )\w+`, `(?:func )\w+`},
		{`(?<=a)(?=b)`, `(?:a)(?:b)`},
		{`(?<=a)x(?=b)`, `(?:a)x(?:b)`},
		{`(?<=[)])x`, `(?:[)])x`},
	} {
		if got, ok := EdgeLookarounds(c.in); !ok || got != c.want {
			t.Errorf("EdgeLookarounds(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, in := range []string{`x(?<=a)b`, `a(?=b)c`, `(?<=a)*b`, `(?<!a)b`, `a(?!b)`, `(?<=a)b|c`, `abc`, `(a)(?=b)|c`} {
		if got, ok := EdgeLookarounds(in); ok {
			t.Errorf("EdgeLookarounds(%q) = %q, true; want it refused", in, got)
		}
	}
}
