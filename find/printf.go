package find

import (
	"fmt"
	"os"
	"os/user"
	"strconv"
	"strings"
	"sync"
	"time"

	"urg/walk"
)

// printfNode is -printf FORMAT: find's directives (%p %f %h %P %H %d %s
// %m %M %u %g %U %G %y %l %t %T@ and %Tk), with a width and '-' to pad
// on the right, and its backslash escapes.
type printfNode struct {
	parts []printfPart
	stat  bool // a directive reads the Stat
}

// printfPart is text, or a directive with its width.
type printfPart struct {
	text  string
	verb  byte // 0 for text
	time  byte // %T's letter
	width int
	left  bool
}

// printfVerbs are the directives taken, and whether each needs the Stat.
var printfVerbs = map[byte]bool{
	'p': false, 'f': false, 'h': false, 'P': false, 'H': false, 'd': false, 'y': false, 'l': false,
	's': true, 'm': true, 'M': true, 'u': true, 'g': true, 'U': true, 'G': true, 't': true, 'T': true,
}

// timeVerbs are the letters after %T taken, as strftime's (@ is the
// seconds since the epoch, with their fraction).
const timeVerbs = "@YmdHMSTFDyBbhAaejkIlprZz+"

func parsePrintf(format string) (*printfNode, error) {
	x := &printfNode{}
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			x.parts = append(x.parts, printfPart{text: text.String()})
			text.Reset()
		}
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '\\' && i+1 < len(format):
			i++
			if e, ok := escapes[format[i]]; ok {
				text.WriteByte(e)
				continue
			}
			if '0' <= format[i] && format[i] <= '7' {
				j := i
				for j < len(format) && j < i+3 && '0' <= format[j] && format[j] <= '7' {
					j++
				}
				n, _ := strconv.ParseUint(format[i:j], 8, 8)
				text.WriteByte(byte(n))
				i = j - 1
				continue
			}
			if format[i] == 'c' {
				flush()
				return x, nil // \c: nothing after it is printed
			}
			text.WriteByte('\\')
			text.WriteByte(format[i])
		case c == '%' && i+1 < len(format):
			i++
			if format[i] == '%' {
				text.WriteByte('%')
				continue
			}
			p := printfPart{}
			if format[i] == '-' {
				p.left = true
				i++
			}
			j := i
			for j < len(format) && '0' <= format[j] && format[j] <= '9' {
				j++
			}
			p.width, _ = strconv.Atoi(format[i:j])
			if j >= len(format) {
				return nil, errorf("error: %s at end of format string", format[i-1:])
			}
			p.verb, i = format[j], j
			needs, ok := printfVerbs[p.verb]
			if !ok {
				return nil, errorf("error: %%%c: unsupported format directive", p.verb)
			}
			if p.verb == 'T' {
				if i+1 >= len(format) || strings.IndexByte(timeVerbs, format[i+1]) < 0 {
					return nil, errorf("error: %%T: a time directive wants one of %s after it", timeVerbs)
				}
				i++
				p.time = format[i]
			}
			flush()
			x.stat = x.stat || needs
			x.parts = append(x.parts, p)
		default:
			text.WriteByte(c)
		}
	}
	flush()
	return x, nil
}

var escapes = map[byte]byte{'n': '\n', 't': '\t', '\\': '\\', '0': 0, 'a': '\a', 'b': '\b', 'f': '\f', 'r': '\r', 'v': '\v'}

func (x *printfNode) eval(c *Call) bool {
	n := c.Node
	for _, p := range x.parts {
		if p.verb == 0 {
			c.out = append(c.out, p.text...)
			continue
		}
		v := c.run.directive(n, p)
		if pad := p.width - len(v); pad > 0 && !p.left {
			c.out = append(c.out, strings.Repeat(" ", pad)...)
		}
		c.out = append(c.out, v...)
		if pad := p.width - len(v); pad > 0 && p.left {
			c.out = append(c.out, strings.Repeat(" ", pad)...)
		}
	}
	return true
}
func (*printfNode) cheap(*walk.Node) tri { return unknown }

// directive is what p's directive prints for n.
func (r *Run) directive(n *walk.Node, p printfPart) string {
	st := n.Stat
	if printfVerbs[p.verb] && st == nil {
		return "" // the Stat could not be fetched (reported already)
	}
	switch p.verb {
	case 'p':
		return n.Path()
	case 'f':
		return n.Name
	case 'h':
		path := n.Path()
		if i := strings.LastIndexByte(path, '/'); i > 0 {
			return path[:i]
		} else if i == 0 {
			return "/"
		}
		return "."
	case 'P':
		if n.Depth == 0 {
			return ""
		}
		return strings.TrimPrefix(strings.TrimPrefix(n.Path(), r.rootOf(n)), "/")
	case 'H':
		return r.rootOf(n)
	case 'd':
		return strconv.Itoa(n.Depth)
	case 'y':
		if n.Type == walk.TypeUnknown {
			return "U"
		}
		return string(rune(n.Type))
	case 'l':
		if n.Type != walk.TypeLink {
			return ""
		}
		target, _ := os.Readlink(n.Path())
		return target
	case 's':
		return strconv.FormatInt(st.Size, 10)
	case 'm':
		return strconv.FormatUint(uint64(st.Mode&07777), 8)
	case 'M':
		return symbolicMode(n.Type, st.Mode)
	case 'U':
		return strconv.FormatUint(uint64(st.Uid), 10)
	case 'G':
		return strconv.FormatUint(uint64(st.Gid), 10)
	case 'u':
		return r.names.name(false, st.Uid)
	case 'g':
		return r.names.name(true, st.Gid)
	case 't':
		t := st.Mtime
		return t.Format("Mon Jan _2 15:04:05") + fmt.Sprintf(".%09d0", t.Nanosecond()) + t.Format(" 2006")
	case 'T':
		return timeDirective(st.Mtime, p.time)
	}
	return ""
}

// rootOf is the root n was found under: the longest root its path starts
// with, as a directory.
func (r *Run) rootOf(n *walk.Node) string {
	path, best := n.Path(), ""
	for _, root := range r.e.Roots {
		if (path == root || strings.HasPrefix(path, strings.TrimSuffix(root, "/")+"/")) && len(root) > len(best) {
			best = root
		}
	}
	return best
}

// timeDirective is %T's letter k for t, as find prints it.
func timeDirective(t time.Time, k byte) string {
	frac := fmt.Sprintf(".%09d0", t.Nanosecond())
	switch k {
	case '@':
		return strconv.FormatInt(t.Unix(), 10) + frac
	case 'S':
		return t.Format("05") + frac
	case 'T':
		return t.Format("15:04:05") + frac
	case '+':
		return t.Format("2006-01-02+15:04:05") + frac
	case 'k':
		return fmt.Sprintf("%2d", t.Hour())
	case 'l':
		return fmt.Sprintf("%2d", (t.Hour()+11)%12+1)
	case 'e':
		return fmt.Sprintf("%2d", t.Day())
	case 'j':
		return fmt.Sprintf("%03d", t.YearDay())
	}
	layout := map[byte]string{'Y': "2006", 'm': "01", 'd': "02", 'H': "15", 'M': "04", 'F': "2006-01-02",
		'D': "01/02/06", 'y': "06", 'B': "January", 'b': "Jan", 'h': "Jan", 'A': "Monday", 'a': "Mon",
		'I': "03", 'p': "PM", 'r': "03:04:05 PM", 'Z': "MST", 'z': "-0700"}[k]
	return t.Format(layout)
}

// symbolicMode is ls's spelling of a mode: "-rw-r--r--".
func symbolicMode(t walk.Type, mode uint32) string {
	b := []byte("?---------")
	if t != walk.TypeUnknown {
		b[0] = map[walk.Type]byte{'f': '-', 'd': 'd', 'l': 'l', 'p': 'p', 's': 's', 'c': 'c', 'b': 'b'}[t]
	}
	for i, c := range "rwxrwxrwx" {
		if mode&(1<<(8-i)) != 0 {
			b[1+i] = byte(c)
		}
	}
	special := []struct {
		bit  uint32
		at   int
		x, o byte
	}{{04000, 3, 's', 'S'}, {02000, 6, 's', 'S'}, {01000, 9, 't', 'T'}}
	for _, s := range special {
		if mode&s.bit != 0 {
			if b[s.at] == 'x' {
				b[s.at] = s.x
			} else {
				b[s.at] = s.o
			}
		}
	}
	return string(b)
}

// nameCache is the names of user and group IDs, looked up once each.
type nameCache struct {
	mu    sync.Mutex
	names map[[2]uint32]string
}

// name is the name of group (or user) id, or the number where it has
// none.
func (c *nameCache) name(group bool, id uint32) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := [2]uint32{0, id}
	if group {
		k[0] = 1
	}
	if s, ok := c.names[k]; ok {
		return s
	}
	s := strconv.FormatUint(uint64(id), 10)
	if group {
		if g, err := user.LookupGroupId(s); err == nil {
			s = g.Name
		}
	} else if u, err := user.LookupId(s); err == nil {
		s = u.Username
	}
	if c.names == nil {
		c.names = map[[2]uint32]string{}
	}
	c.names[k] = s
	return s
}
