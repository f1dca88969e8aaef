package main

// The flags of what is searched for and where: the patterns (-e, -f and
// the first operand), the paths (the operands, --files-from, -r, -R),
// standard input's name, --files, and the file of default flags.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"urg/walk"
)

// inputUnit is -e, -f, --label, --files, -r, -R, --files-from and
// --no-config.
func inputUnit() flagUnit { return flagUnit{"input", defineInputFlags, (*options).setInput} }

func defineInputFlags(fs *pflag.FlagSet, o *options, r *rawFlags) {
	fs.VarP(patternList{&r.sources, false}, "regexp", "e", "use `PATTERN` for matching (repeatable: a line matching any is selected)")
	fs.VarP(patternList{&r.sources, true}, "file", "f", "take patterns from `FILE`, one per line")
	fs.StringVar(&o.label, "label", "", "name standard input `LABEL` in the output")
	fs.BoolVar(&o.files, "files", false, "list the files that would be searched, without searching them (no pattern)")
	fs.BoolVarP(&r.recursive, "recursive", "r", false, "accepted for habit: directories are always searched recursively")
	fs.BoolVarP(&r.deref, "dereference-recursive", "R", false, "recursive, following symbolic links")
	fs.StringVar(&o.filesFrom, "files-from", "", "search the files listed in `FILE` (- for standard input), one per line, or NUL-separated with --null")
	fs.BoolVar(&o.noConfig, "no-config", false, "ignore the file of default flags that URG_CONFIG_PATH names")
}

// patternSource is one -e PATTERN, or one -f FILE (file).
type patternSource struct {
	arg  string
	file bool
}

// patternList adds each -e and -f to one list, so that patterns keep the
// order they were given in, as grep's do.
type patternList struct {
	dst  *[]patternSource
	file bool
}

func (l patternList) String() string { return "[]" }
func (l patternList) Type() string   { return "stringArray" }
func (l patternList) Set(s string) error {
	*l.dst = append(*l.dst, patternSource{s, l.file})
	return nil
}

// setInput reads the patterns and the paths: -e and -f in the order
// given, else the first operand; the other operands and --files-from's
// list; standard input when no path is named, -r is not given and it is
// not a terminal.
func (o *options) setInput(fs *pflag.FlagSet, r *rawFlags) error {
	rest := fs.Args()
	if err := o.readSources(r.sources); err != nil {
		return err
	}
	if len(r.sources) == 0 && !o.files && !o.index.updateOnly() {
		if len(rest) == 0 {
			return errors.New("no pattern given")
		}
		o.patterns, rest = rest[:1], rest[1:]
	}
	o.paths = rest
	if o.filesFrom != "" {
		listed, err := readFileList(o.filesFrom, o.null)
		if err != nil {
			return err
		}
		o.paths = append(o.paths, listed...)
		o.walk.Listed, o.walk.FromList = len(listed), true
	}
	if len(o.paths) == 0 && o.filesFrom == "" && !r.recursive && !r.deref && !o.files && !o.index.use && !o.index.update && stdinReadable(os.Stdin) {
		o.paths, o.stdinDefault = []string{walk.StdinPath}, true
	}
	o.stdinClosed = slices.Contains(o.paths, walk.StdinPath) && stdinClosed(os.Stdin)
	if r.deref {
		o.walk.Follow = true
	}
	return nil
}

// readSources adds the patterns of each -e and -f, in the order given,
// with the place each came from.
func (o *options) readSources(sources []patternSource) error {
	for _, src := range sources {
		if !src.file {
			o.patterns, o.origins = append(o.patterns, src.arg), append(o.origins, origin{})
			continue
		}
		ps, err := readPatterns(src.arg)
		if err != nil {
			return err
		}
		// Grown once for the file: grown by append, a list of a hundred
		// thousand words was copied over and over, under the collector's
		// barriers.
		o.patterns, o.origins = slices.Grow(o.patterns, len(ps)), slices.Grow(o.origins, len(ps))
		for i, p := range ps {
			o.patterns, o.origins = append(o.patterns, p), append(o.origins, origin{src.arg, i + 1})
		}
	}
	return nil
}

// readInput reads the whole of a file a flag names ("-" is standard
// input), for -f, --files-from and --exclude-from; its error names it.
func readInput(name string) ([]byte, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		// A file that cannot be read is not a misused command line: no
		// usage hint, as grep gives none for -f.
		return nil, plainError{fmt.Errorf("%s: %s", name, message(err))}
	}
	return data, nil
}

// readPatterns reads -f FILE: one pattern per line; "-" is stdin.
func readPatterns(name string) ([]string, error) {
	data, err := readInput(name)
	if err != nil {
		return nil, err
	}
	s := strings.TrimSuffix(string(data), "\n")
	if len(data) == 0 {
		return nil, nil
	}
	return strings.Split(s, "\n"), nil
}

// readFileList reads --files-from FILE ("-" is standard input): a path
// per line, or per NUL with --null; empty entries are skipped.
func readFileList(name string, null bool) ([]string, error) {
	data, err := readInput(name)
	if err != nil {
		return nil, err
	}
	sep := byte('\n')
	if null {
		sep = 0
	}
	var paths []string
	for len(data) > 0 {
		entry := data
		if i := bytes.IndexByte(data, sep); i >= 0 {
			entry, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if sep == '\n' {
			entry = bytes.TrimSuffix(entry, []byte{'\r'})
		}
		if len(entry) > 0 {
			paths = append(paths, string(entry))
		}
	}
	return paths, nil
}

// configArgs puts the flags of the file URG_CONFIG_PATH names (env) before
// args, as ripgrep does with RIPGREP_CONFIG_PATH: one argument per line,
// white space around it dropped, empty lines and lines starting with '#'
// skipped. --no-config among args (before a "--") leaves it out. A file
// that cannot be read is warned about and left out, as rg does.
func configArgs(args []string, env string, stderr io.Writer) []string {
	if env == "" {
		return args
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--no-config" {
			return args
		}
	}
	data, err := os.ReadFile(env)
	if err != nil {
		fmt.Fprintf(stderr, "urg: URG_CONFIG_PATH: %s: %s\n", env, message(err))
		return args
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return append(out, args...)
}
