package main

// The flags of colour: when matches are coloured, and how the parts of a
// line look (colours and hyperlinks).

import (
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"urg/printer"
)

// colorUnit is --color and --colour: when to colour.
func colorUnit() flagUnit { return flagUnit{"color", defineColorFlags, (*options).setColor} }

func defineColorFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.StringVar(&o.color, "color", "auto", "colour matches `WHEN`: never, always or auto (on a terminal)")
	fs.Lookup("color").NoOptDefVal = "auto"
	fs.StringVar(&o.color, "colour", "auto", "same as --color (`WHEN`)")
	fs.Lookup("colour").NoOptDefVal = "auto"
}

// setColor is --color's choice, its synonyms read as grep reads them.
func (o *options) setColor(_ *pflag.FlagSet, _ *rawFlags) error {
	switch o.color {
	case "auto", "always", "never":
	case "tty", "if-tty":
		o.color = "auto"
	case "yes", "force":
		o.color = "always"
	case "no", "none":
		o.color = "never"
	default:
		return fmt.Errorf("invalid argument %q for --color (want never, always or auto)", o.color)
	}
	return nil
}

// looksUnit is --colors and --hyperlink-format: how the coloured parts
// look.
func looksUnit() flagUnit { return flagUnit{"looks", defineLooksFlags, (*options).setLooks} }

func defineLooksFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.StringArrayVar(&o.colorSpecs, "colors", nil, "colour a part as `SPEC` says, in ripgrep's words: TYPE:fg:COLOUR, TYPE:bg:COLOUR, TYPE:style:STYLE or TYPE:none, where TYPE is path, line, column, match or highlight (the rest of a matching line), COLOUR a name, 0-255 or R,G,B, and STYLE bold, nobold, intense, nointense, underline, nounderline, italic or noitalic; the parts not named keep grep's colours (rg --colors)")
	fs.StringVar(&o.hyperlinkFormat, "hyperlink-format", "", "write file names as terminal hyperlinks (where colours are written) to the URL `FORMAT` spells with {path} (absolute), {host}, {line}, {column} and {wslprefix}, or one of ripgrep's aliases: default, none, file, grep+, kitty, macvim, textmate, vscode, vscode-insiders, vscodium, cursor (rg --hyperlink-format)")
}

// setLooks is --colors and --hyperlink-format.
func (o *options) setLooks(_ *pflag.FlagSet, _ *rawFlags) error {
	if err := new(printer.Colors).ApplyColorSpecs(o.colorSpecs); err != nil {
		return plainError{fmt.Errorf("--colors: %w", err)}
	}
	if o.hyperlinkFormat != "" {
		host, _ := os.Hostname()
		cwd, _ := os.Getwd()
		var err error
		if o.hyperlink, err = printer.ParseHyperlink(o.hyperlinkFormat, host, cwd); err != nil {
			return plainError{err}
		}
	}
	return nil
}
