// Package locale reads patterns and text as grep's locale does, for
// engines that read them as Go does.
//
// Go's regexp reads text as UTF-8 and every byte that is not UTF-8 as
// U+FFFD, which `.` and negated classes match. grep has its locale's rule
// instead: in the C locale every byte is one character (`a.b` does not
// match "a☺b", whose ☺ is three), and in a UTF-8 locale a byte that is not
// UTF-8 matches no pattern item at all (PCRE2's invalid-UTF mode: `caf.$`
// does not match "caf\xe9"). This package makes Go's regexp read a line as
// the locale does, so that its answer is grep's by construction:
//
//   - C locale: the pattern's bytes from 0x80, and the \xHH escapes of
//     such bytes, are read as private-use characters, one per byte
//     (byteRune), which no Unicode class holds and -i folds to nothing:
//     `é`, two bytes, is two characters, and `é?` makes its second byte
//     optional. Lines of ASCII need nothing more; a line with bytes from
//     0x80 is transcoded, each such byte becoming its byteRune.
//   - UTF-8 locale: a valid line is already read as grep reads it. In a
//     line that is not, each invalid byte is replaced by a newline, which
//     no item of the line-local pattern matches, and the line is decided
//     by the pattern anchored at the line's ends (PCRE2's fragments); -i
//     folds Unicode's simple case there, where the lines of ASCII keep
//     the ASCII folds that let a literal be scanned for.
//
// It spells a pattern's bytes for the C locale, transcribes lines for Go's
// regexp, decides the lines beyond ASCII (NewBeyond), and splits a search
// so that lines of ASCII, where the locales agree, go to the C locale's
// faster matcher (NewSplit).
package locale
