package base

// ByteRunes is where the C locale's bytes from 0x80 are read: byte c as
// ByteRunes+c, U+F780 to U+F7FF.
const ByteRunes = 0xf700

// ByteRune is the character the C locale reads byte c (from 0x80) as.
func ByteRune(c byte) rune { return ByteRunes + rune(c) }

// IsByteRune reports whether r is the byteRune of a byte.
func IsByteRune(r rune) bool { return ByteRunes+0x80 <= r && r <= ByteRunes+0xff }
