package find

import (
	"strconv"
	"strings"

	"urg/walk"
)

// perm is -perm MODE (these bits exactly), -perm -MODE (all of them) or
// -perm /MODE (any of them; /0 matches every file), MODE octal or
// symbolic (u+w,g=rx) as chmod reads it, applied to no bits.
func perm(v string) (test, error) {
	kind := byte(0)
	m := v
	if m != "" && (m[0] == '-' || m[0] == '/') {
		kind, m = m[0], m[1:]
	}
	want, err := parseMode(m)
	if err != nil {
		return nil, errorf("invalid mode `%s'", v)
	}
	return func(n *walk.Node) bool {
		got := n.Stat.Mode & 07777
		switch kind {
		case '-':
			return got&want == want
		case '/':
			return want == 0 || got&want != 0
		}
		return got == want
	}, nil
}

// parseMode reads an octal mode or a symbolic one.
func parseMode(m string) (uint32, error) {
	if m == "" {
		return 0, strconv.ErrSyntax
	}
	if m[0] >= '0' && m[0] <= '7' {
		n, err := strconv.ParseUint(m, 8, 32)
		if err != nil || n > 07777 {
			return 0, strconv.ErrSyntax
		}
		return uint32(n), nil
	}
	var mode uint32
	for _, clause := range strings.Split(m, ",") {
		who := uint32(0)
		i := 0
		for ; i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0; i++ {
			who |= map[byte]uint32{'u': 04700, 'g': 02070, 'o': 01007, 'a': 07777}[clause[i]]
		}
		if who == 0 {
			who = 07777
		}
		if i == len(clause) {
			return 0, strconv.ErrSyntax
		}
		for i < len(clause) {
			op := clause[i]
			if strings.IndexByte("+-=", op) < 0 {
				return 0, strconv.ErrSyntax
			}
			i++
			bits := uint32(0)
			for ; i < len(clause) && strings.IndexByte("rwxXst", clause[i]) >= 0; i++ {
				bits |= map[byte]uint32{'r': 0444, 'w': 0222, 'x': 0111, 'X': 0111, 's': 06000, 't': 01000}[clause[i]]
			}
			bits &= who
			switch op {
			case '+':
				mode |= bits
			case '-':
				mode &^= bits
			case '=':
				mode = mode&^who | bits
			}
		}
	}
	return mode, nil
}
