package ignore

// op is what one position of a compiled glob does.
type op uint8

const (
	opByte     op = iota // one byte, b
	opAny                // '?': one byte but '/'
	opClass              // "[...]": one byte of set, never '/'
	opStar               // '*': any run of bytes without '/'
	opStarStar           // "**" between slashes: any run of bytes
	opSkip               // before a "**/": it may also match nothing, the '/' with it (reads no byte)
	opMatch              // the end of pattern pat
)

// inst is one position of the automaton's program.
type inst struct {
	op  op
	b   byte
	pat int32  // opMatch: the pattern's index in its file
	set *class // opClass
}

// class is a set of bytes.
type class [4]uint64

func (c *class) add(b byte)      { c[b>>6] |= 1 << (b & 63) }
func (c *class) has(b byte) bool { return c[b>>6]&(1<<(b&63)) != 0 }
func (c *class) addRange(lo, hi byte) {
	for x := int(lo); x <= int(hi); x++ {
		c.add(byte(x))
	}
}

// compileGlob appends to prog the positions of glob, read as git's
// wildmatch reads a pattern under WM_PATHNAME (wildmatch.c), and then an
// opMatch for pat. ok is false for a glob that can match nothing (a
// trailing backslash, an unclosed '[', a malformed "[:class:]"), which
// wildmatch aborts on.
func compileGlob(prog []inst, glob string, pat int32) (_ []inst, ok bool) {
	start := len(prog)
	for i := 0; i < len(glob); i++ {
		c := glob[i]
		switch c {
		case '\\':
			i++
			if i == len(glob) {
				return prog[:start], false
			}
			prog = append(prog, inst{op: opByte, b: glob[i]})
		case '?':
			prog = append(prog, inst{op: opAny})
		case '*':
			j := i + 1
			for j < len(glob) && glob[j] == '*' {
				j++
			}
			double := j-i >= 2
			atStart := i == 0 || glob[i-1] == '/'
			rest := glob[j:]
			i = j - 1
			switch {
			case double && atStart && rest == "":
				prog = append(prog, inst{op: opStarStar})
			case double && atStart && (rest[0] == '/' || len(rest) > 1 && rest[0] == '\\' && rest[1] == '/'):
				// "**/" matches nothing at all, or any run of bytes and
				// a '/': the choice is made before "**" reads a byte,
				// never after.
				prog = append(prog, inst{op: opSkip}, inst{op: opStarStar})
			default:
				prog = append(prog, inst{op: opStar})
			}
		case '[':
			set, n, good := parseClass(glob[i+1:])
			if !good {
				return prog[:start], false
			}
			prog = append(prog, inst{op: opClass, set: set})
			i += n
		default:
			prog = append(prog, inst{op: opByte, b: c})
		}
	}
	return append(prog, inst{op: opMatch, pat: pat}), true
}

// parseClass reads a bracket expression after its '[' as wildmatch does:
// "!" or "^" negates, a ']' first is itself, ranges, backslash escapes
// and the POSIX classes ("[:alpha:]"), in ASCII. n is the number of
// bytes read, its ']' included; good is false when it never closes.
func parseClass(s string) (set *class, n int, good bool) {
	set = new(class)
	i := 0
	negated := false
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		negated = true
		i++
	}
	prev := -1 // the previous byte, for a range; -1 after a range or class
	first := true
	for ; ; first = false {
		if i >= len(s) {
			return nil, 0, false
		}
		c := s[i]
		if c == ']' && !first {
			break
		}
		switch {
		case c == '\\':
			i++
			if i >= len(s) {
				return nil, 0, false
			}
			set.add(s[i])
			prev = int(s[i])
		case c == '-' && prev >= 0 && i+1 < len(s) && s[i+1] != ']':
			i++
			hi := s[i]
			if hi == '\\' {
				i++
				if i >= len(s) {
					return nil, 0, false
				}
				hi = s[i]
			}
			if byte(prev) <= hi {
				set.addRange(byte(prev), hi)
			}
			prev = -1
		case c == '[' && i+1 < len(s) && s[i+1] == ':':
			end := -1
			for k := i + 2; k < len(s); k++ {
				if s[k] == ']' {
					end = k
					break
				}
			}
			if end < 0 {
				return nil, 0, false
			}
			if end-1 < i+2 || s[end-1] != ':' {
				// No ":]": the '[' is itself, and what follows is read
				// on as members.
				set.add('[')
				prev = '['
				break
			}
			if !posixClass(set, s[i+2:end-1]) {
				return nil, 0, false
			}
			i = end
			prev = -1
		default:
			set.add(c)
			prev = int(c)
		}
		i++
	}
	if negated {
		for k := range set {
			set[k] = ^set[k]
		}
	}
	return set, i + 1, true
}

// posixClass adds the members of the ASCII class name to set; false for
// a name wildmatch does not know.
func posixClass(set *class, name string) bool {
	var in func(b byte) bool
	switch name {
	case "alnum":
		in = func(b byte) bool { return isAlpha(b) || isDigit(b) }
	case "alpha":
		in = isAlpha
	case "blank":
		in = func(b byte) bool { return b == ' ' || b == '\t' }
	case "cntrl":
		in = func(b byte) bool { return b < 0x20 || b == 0x7f }
	case "digit":
		in = isDigit
	case "graph":
		in = func(b byte) bool { return b > 0x20 && b < 0x7f }
	case "lower":
		in = func(b byte) bool { return 'a' <= b && b <= 'z' }
	case "print":
		in = func(b byte) bool { return b >= 0x20 && b < 0x7f }
	case "punct":
		in = func(b byte) bool { return b > 0x20 && b < 0x7f && !isAlpha(b) && !isDigit(b) }
	case "space":
		in = func(b byte) bool { return b == ' ' || '\t' <= b && b <= '\r' }
	case "upper":
		in = func(b byte) bool { return 'A' <= b && b <= 'Z' }
	case "xdigit":
		in = func(b byte) bool { return isDigit(b) || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F' }
	default:
		return false
	}
	for b := 0; b < 128; b++ {
		if in(byte(b)) {
			set.add(byte(b))
		}
	}
	return true
}

func isAlpha(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }
func isDigit(b byte) bool { return '0' <= b && b <= '9' }
