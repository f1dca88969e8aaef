package printer

import (
	"strings"
)

// Colors are the SGR sequences that start each part of a line when
// colouring; the end of each is sgrEnd.
type Colors struct {
	Match, File, LineNum, ByteNum, Sep string
	// Column is --column's number's: none, as in ripgrep (grep has no
	// column), unless --colors says.
	Column string
	// Highlight, when set, colours a matching line's text around its
	// matches (ripgrep's --colors highlight:...).
	Highlight string
}

// sgrEnd ends a coloured part, as GNU grep ends it.
const sgrEnd = "\x1b[m\x1b[K"

// sgr is the sequence that starts a part coloured code; an empty code
// (GREP_COLORS fn=) leaves the part uncoloured, as in grep.
func sgr(code string) string {
	if code == "" {
		return ""
	}
	return "\x1b[" + code + "m\x1b[K"
}

// DefaultColors are GNU grep's (GREP_COLORS ms=01;31:fn=35:ln=32:bn=32:se=36),
// and ripgrep's for what grep does not print (a column: none).
var DefaultColors = Colors{Match: sgr("01;31"), File: sgr("35"), LineNum: sgr("32"), ByteNum: sgr("32"), Sep: sgr("36")}

// ParseGrepColors reads GREP_COLORS as GNU grep does, over its defaults:
// ms (or mt, which sets the colour of every match), fn, ln, bn and se;
// other capabilities are accepted and have no effect here.
func ParseGrepColors(env string) Colors {
	c, _ := GrepColors("", env)
	return c
}

// GrepColors reads the colours as GNU grep 3.8 does: legacy, the old
// GREP_COLOR, sets the colour of matches when it is made of digits and
// semicolons, and env, GREP_COLORS, is read over it (ParseGrepColors).
// legacyUsed says GREP_COLOR still colours some match (GREP_COLORS set
// neither mt nor both ms and mc), when grep warns that it is deprecated.
func GrepColors(legacy, env string) (c Colors, legacyUsed bool) {
	c = DefaultColors
	valid := legacy != "" && strings.Trim(legacy, "0123456789;") == ""
	if valid {
		c.Match = sgr(legacy)
	}
	var selected, context bool // ms and mc, or mt, were given
	for _, field := range strings.Split(env, ":") {
		k, v, ok := strings.Cut(field, "=")
		if !ok {
			continue
		}
		switch k {
		case "mc":
			context = true
		case "mt", "ms":
			selected = true
			context = context || k == "mt"
			c.Match = sgr(v)
		case "fn":
			c.File = sgr(v)
		case "ln":
			c.LineNum = sgr(v)
		case "bn":
			c.ByteNum = sgr(v)
		case "se":
			c.Sep = sgr(v)
		}
	}
	return c, valid && !(selected && context)
}
