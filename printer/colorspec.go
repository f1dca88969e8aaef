package printer

import (
	"fmt"
	"strconv"
	"strings"
)

// ripgrep's --colors: specs of the form TYPE:ATTRIBUTE:VALUE, or
// TYPE:none, each changing one part's colour over what came before. The
// types are path, line, column, match and highlight (the rest of a
// matching line around its matches); the attributes fg and bg (a colour:
// black, blue, green, red, cyan, magenta, yellow, white, a number of the
// 256, or R,G,B) and style (bold, nobold, intense, nointense, underline,
// nounderline, italic, noitalic).

// colorSpec is one part's colour, as --colors builds it.
type colorSpec struct {
	fg, bg                           string // "": none; else a colour as given
	bold, intense, underline, italic bool
}

// rgDefaults are ripgrep's colours, where a part's first spec starts:
// the parts --colors does not name keep urg's (grep's) own.
var rgDefaults = map[string]colorSpec{
	"path":  {fg: "magenta"},
	"line":  {fg: "green"},
	"match": {fg: "red", bold: true},
}

// ansiColors are the eight colours' numbers.
var ansiColors = map[string]int{"black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7}

// ApplyColorSpecs changes c by ripgrep's --colors specs, in order.
func (c *Colors) ApplyColorSpecs(specs []string) error {
	parts := map[string]*colorSpec{}
	var order []string
	for _, spec := range specs {
		fields := strings.Split(spec, ":")
		if len(fields) < 2 || len(fields) > 3 {
			return fmt.Errorf("invalid color spec format: '%s'; valid format is '(path|line|column|match|highlight):(fg|bg|style):(value)'", spec)
		}
		typ := fields[0]
		switch typ {
		case "path", "line", "column", "match", "highlight":
		default:
			return fmt.Errorf("unrecognized output type '%s'; choose from: path, line, column, match, highlight", typ)
		}
		p, ok := parts[typ]
		if !ok {
			d := rgDefaults[typ]
			p = &d
			parts[typ] = p
			order = append(order, typ)
		}
		if len(fields) == 2 {
			if fields[1] != "none" {
				return fmt.Errorf("unrecognized spec type '%s'; choose from: fg, bg, style, none", fields[1])
			}
			*p = colorSpec{}
			continue
		}
		value := fields[2]
		switch fields[1] {
		case "fg", "bg":
			if _, err := colorCode(value, false, false); err != nil {
				return err
			}
			if fields[1] == "fg" {
				p.fg = value
			} else {
				p.bg = value
			}
		case "style":
			switch value {
			case "bold", "nobold":
				p.bold = value == "bold"
			case "intense", "nointense":
				p.intense = value == "intense"
			case "underline", "nounderline":
				p.underline = value == "underline"
			case "italic", "noitalic":
				p.italic = value == "italic"
			default:
				return fmt.Errorf("unrecognized style attribute '%s'; choose from: nobold, bold, nointense, intense, nounderline, underline, noitalic, italic", value)
			}
		default:
			return fmt.Errorf("unrecognized spec type '%s'; choose from: fg, bg, style, none", fields[1])
		}
	}
	for _, typ := range order {
		code := parts[typ].sgr()
		switch typ {
		case "path":
			c.File = code
		case "line":
			c.LineNum = code
		case "column":
			c.Column = code
		case "match":
			c.Match = code
		case "highlight":
			c.Highlight = code
		}
	}
	return nil
}

// sgr is the sequence that starts a part coloured so ("" for none).
func (p *colorSpec) sgr() string {
	var codes []string
	if p.bold {
		codes = append(codes, "1")
	}
	if p.italic {
		codes = append(codes, "3")
	}
	if p.underline {
		codes = append(codes, "4")
	}
	if p.fg != "" {
		code, _ := colorCode(p.fg, false, p.intense)
		codes = append(codes, code)
	}
	if p.bg != "" {
		code, _ := colorCode(p.bg, true, p.intense)
		codes = append(codes, code)
	}
	return sgr(strings.Join(codes, ";"))
}

// colorCode is the SGR parameters of colour value, in the foreground or
// the background, intense (an eight colour's bright twin) or not.
func colorCode(value string, bg, intense bool) (string, error) {
	base, ext := "3", "38"
	if bg {
		base, ext = "4", "48"
	}
	if n, ok := ansiColors[value]; ok {
		if intense {
			return ext + ";5;" + strconv.Itoa(n+8), nil
		}
		return base + strconv.Itoa(n), nil
	}
	if n, err := strconv.ParseUint(value, 10, 8); err == nil {
		return ext + ";5;" + strconv.FormatUint(n, 10), nil
	}
	if rgb := strings.Split(value, ","); len(rgb) == 3 {
		for _, v := range rgb {
			if _, err := strconv.ParseUint(v, 10, 8); err != nil {
				return "", fmt.Errorf("unrecognized color name '%s'", value)
			}
		}
		return ext + ";2;" + strings.Join(rgb, ";"), nil
	}
	return "", fmt.Errorf("unrecognized color name '%s'; choose from: black, blue, green, red, cyan, magenta, yellow, white, a number from 0 to 255, or R,G,B", value)
}
