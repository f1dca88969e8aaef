package printer

import (
	"errors"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Hyperlink is ripgrep's --hyperlink-format: a file's name, and the
// numbers after it, printed as a terminal hyperlink (OSC 8) to a URL the
// format spells from the file's absolute path, the host, the line and
// the column. Links are written only where colours are.
type Hyperlink struct {
	parts  []linkPart
	host   string
	cwd    string // what a relative path is joined to
	column bool   // the format holds {column}: a line's first match's is found
}

// linkPart is text, or a variable: 'p' path, 'h' host, 'l' line, 'c'
// column, 'w' the WSL prefix (none here).
type linkPart struct {
	text string
	v    byte
}

// hyperlinkAliases are ripgrep's names for formats.
var hyperlinkAliases = map[string]string{
	"cursor":          "cursor://file{path}:{line}:{column}",
	"default":         defaultHyperlink,
	"file":            "file://{host}{path}",
	"grep+":           "grep+://{path}:{line}",
	"kitty":           "file://{host}{path}#{line}",
	"macvim":          "mvim://open?url=file://{path}&line={line}&column={column}",
	"none":            "",
	"textmate":        "txmt://open?url=file://{path}&line={line}&column={column}",
	"vscode":          "vscode://file{path}:{line}:{column}",
	"vscode-insiders": "vscode-insiders://file{path}:{line}:{column}",
	"vscodium":        "vscodium://file{path}:{line}:{column}",
}

// errNoPath is ripgrep's message for a format without {path}, an alias
// misspelt among them.
func errNoPath() error {
	names := make([]string, 0, len(hyperlinkAliases))
	for n := range hyperlinkAliases {
		if n != "default" && n != "none" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return errors.New("invalid hyperlink format: at least a {path} variable is required in a hyperlink format, or otherwise use a valid alias: default, none, " + strings.Join(names, ", "))
}

// ParseHyperlink reads format (an alias, or a URL with {path}, {host},
// {line}, {column} and {wslprefix} in it), as ripgrep reads it: nil for
// none. host is the machine's name, cwd where relative paths are.
func ParseHyperlink(format, host, cwd string) (*Hyperlink, error) {
	if alias, ok := hyperlinkAliases[format]; ok {
		format = alias
	}
	if format == "" {
		return nil, nil
	}
	h := &Hyperlink{host: host, cwd: cwd}
	vars := map[byte]bool{}
	for rest := format; rest != ""; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			h.parts = append(h.parts, linkPart{text: rest})
			break
		}
		if i > 0 {
			h.parts = append(h.parts, linkPart{text: rest[:i]})
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return nil, errors.New("invalid hyperlink format: unclosed variable: '" + rest[i:] + "'")
		}
		name := rest[i+1 : i+j]
		v := map[string]byte{"path": 'p', "host": 'h', "line": 'l', "column": 'c', "wslprefix": 'w'}[name]
		if v == 0 {
			return nil, errors.New("invalid hyperlink format: invalid hyperlink format variable: '" + name + "', choose from: path, line, column, host, wslprefix")
		}
		vars[v] = true
		h.parts = append(h.parts, linkPart{v: v})
		rest = rest[i+j+1:]
	}
	switch {
	case !vars['p']:
		return nil, errNoPath()
	case vars['c'] && !vars['l']:
		return nil, errors.New("invalid hyperlink format: the hyperlink format contains a {column} variable, but no {line} variable is present")
	}
	scheme, _, ok := strings.Cut(h.parts[0].text, ":")
	if h.parts[0].v != 0 || !ok || scheme == "" || strings.Trim(scheme, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.") != "" {
		return nil, errors.New("invalid hyperlink format: the hyperlink format must start with a valid URL scheme, i.e., [0-9A-Za-z+-.]+:")
	}
	h.column = vars['c']
	return h, nil
}

// open appends the start of the link to the file at path, at line and
// column (0: none known, 1 in the URL, as ripgrep writes it).
func (h *Hyperlink) open(b []byte, path string, line int64, column int) []byte {
	b = append(b, "\x1b]8;;"...)
	for _, p := range h.parts {
		switch p.v {
		case 0:
			b = append(b, p.text...)
		case 'h':
			b = append(b, h.host...)
		case 'p':
			b = appendLinkPath(b, h.abs(path))
		case 'l':
			b = strconv.AppendInt(b, max(line, 1), 10)
		case 'c':
			b = strconv.AppendInt(b, int64(max(column, 1)), 10)
		}
	}
	return append(b, "\x1b\\"...)
}

// linkEnd ends a link.
const linkEnd = "\x1b]8;;\x1b\\"

// abs is path made absolute, as the URL names it.
func (h *Hyperlink) abs(path string) string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(h.cwd, path)
	}
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // C:/x is /C:/x in a file URL
	}
	return path
}

// appendLinkPath appends path percent-encoded as ripgrep encodes it: the
// unreserved characters, '/', ':' and bytes beyond ASCII as they are.
func appendLinkPath(b []byte, path string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c >= 0x80,
			c == '/', c == ':', c == '-', c == '.', c == '_', c == '~':
			b = append(b, c)
		default:
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return b
}
