package base

import "time"

// Syntax is the syntax patterns are written in (Options.Syntax).
type Syntax int

const (
	// Perl is grep -P's syntax, urg's default.
	Perl Syntax = iota
	// Extended is POSIX's extended regular expressions, as GNU grep -E
	// reads them.
	Extended
	// Basic is POSIX's basic regular expressions, as GNU grep -G reads
	// them.
	Basic
)

// Options are the grep flags that change what a pattern matches.
type Options struct {
	Fixed bool // -F: patterns are literal strings (whatever Syntax says)
	// Collation is the locale's collation under UTF-8 (a BCP 47 tag,
	// from LC_ALL, LC_COLLATE or LANG), which -G's and -E's equivalence
	// classes follow; "" for C, POSIX and C.UTF-8, which order by code
	// point.
	Collation string
	// Syntax is the patterns' syntax: Perl's (the zero value, -P), or
	// POSIX's extended (-E) or basic (-G) regular expressions, which
	// match as GNU grep's do, leftmost-longest.
	Syntax     Syntax
	IgnoreCase bool          // -i
	Word       bool          // -w: the match must not touch a word character
	Line       bool          // -x: the match must be the whole line
	Timeout    time.Duration // per-line time limit of the backtracking engine; 0 means the default
	// DotAll lets '.' match a newline in a match that spans lines
	// (CompileMultiline), as rg --multiline-dotall.
	DotAll bool
	// UTF8 says the locale's characters are UTF-8 (LC_ALL, LC_CTYPE,
	// LANG): then, as grep in such a locale (and grep -P with PCRE2's
	// UCP), letters and digits beyond ASCII are word characters for -w,
	// \b, \B, \w and \W, and letters for [[:alpha:]], [[:alnum:]],
	// [[:upper:]], [[:lower:]] and [[:word:]]; \d, \s and the other
	// classes stay ASCII. False is the C locale: all of them are ASCII.
	// Lines of ASCII bytes, where both mean the same, are searched as
	// fast as in the C locale.
	UTF8 bool
	// DFAStates is how many states a lazy DFA's cache holds before it is
	// cleared and refilled; 0 (or less) means the default,
	// automata.DefaultDFAStates.
	DFAStates int
	// ASCIILines compiles, in the C locale's words, for lines of ASCII
	// only, beside a UTF-8 locale's matcher for the others: the pattern
	// is read as UTF-8, as that matcher reads it, and nothing is made for
	// lines beyond ASCII. Compile sets it for its own inner compiles;
	// callers leave it false.
	ASCIILines bool
}
