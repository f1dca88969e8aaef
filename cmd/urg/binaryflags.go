package main

// The flags of binary files: whether they are searched, as text or as
// holding no match.

import (
	"fmt"

	"github.com/spf13/pflag"

	"urg/search"
)

// binaryUnit is -a, -I, --binary-files and grep's no-op -U.
func binaryUnit() flagUnit { return flagUnit{"binary", defineBinaryFlags, (*options).setBinary} }

func defineBinaryFlags(fs *pflag.FlagSet, _ *options, r *rawFlags) {
	fs.BoolVarP(&r.dosBinary, "binary", "U", false, "accepted for habit: grep's DOS binary mode, which does nothing on POSIX systems (ripgrep's -U is --multiline here)")
	fs.BoolVarP(&r.text, "text", "a", false, "search binary files as text")
	fs.BoolVarP(&r.noBinary, "binary-without-match", "I", false, "take binary files as holding no match")
	fs.StringVar(&r.binaryFiles, "binary-files", "binary", "`TYPE` of binary files: binary, text or without-match")
}

// setBinary is --binary-files, -a and -I: the last two win.
func (o *options) setBinary(_ *pflag.FlagSet, r *rawFlags) error {
	switch r.binaryFiles {
	case "binary":
	case "text":
		o.binary = search.BinaryText
	case "without-match":
		o.binary = search.BinarySkip
	default:
		return fmt.Errorf("invalid argument %q for --binary-files (want binary, text or without-match)", r.binaryFiles)
	}
	if r.text {
		o.binary = search.BinaryText
	}
	if r.noBinary {
		o.binary = search.BinarySkip
	}
	return nil
}
