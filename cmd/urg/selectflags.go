package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"urg/filetype"
	"urg/internal/size"
	"urg/walk"
)

// selectFlags are the flags that choose the files searched beyond grep's
// --include, --exclude and --exclude-dir: ripgrep's -t, --type-not,
// --type-add, --type-list, -g, --iglob and --max-filesize, and grep's
// --exclude-from, -d and -D. setSelect checks them and sets the walk's
// options from them.
type selectFlags struct {
	types         []typeChange // -t, --type-not and --type-add, in the order given
	typeList      bool
	table         *filetype.Table // the types, once setSelect has read them
	globs, iglobs []string
	globCase      bool // --glob-case-insensitive
	maxFilesize   string
	maxSet        bool // --max-filesize was given, even empty
	excludeFrom   []pendingFrom
	directories   actionArg // -d; a later -r or -R sets it to recurse
	devices       actionArg // -D
}

// selectUnit is -t, --type-not, --type-add, --type-clear, --type-list,
// -g, --iglob, --glob-case-insensitive, --max-filesize, --exclude-from,
// -d and -D.
func selectUnit() flagUnit { return flagUnit{"select", defineSelectFlags, (*options).setSelect} }

func defineSelectFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.VarP(typeFlag{&o.sel.types, typeSelect}, "type", "t", "of the files met while walking, search only those of type `NAME` (ripgrep's types, listed by --type-list; repeatable)")
	fs.Var(typeFlag{&o.sel.types, typeNegate}, "type-not", "skip files of type `NAME` (ripgrep's -T; long only, since -T is grep's --initial-tab)")
	fs.Var(typeFlag{&o.sel.types, typeAdd}, "type-add", "add the globs of `NAME:GLOB,...` to type NAME, new or built in (NAME:include:TYPE,... adds those of other types)")
	fs.Var(typeFlag{&o.sel.types, typeClear}, "type-clear", "drop type `NAME` and its globs, built in or added before; a later --type-add defines it anew (rg --type-clear)")
	fs.BoolVar(&o.sel.typeList, "type-list", false, "print the file types and their globs, then exit")
	fs.StringArrayVarP(&o.sel.globs, "glob", "g", nil, "search only the files whose path matches `GLOB` (gitignore's syntax, ** included; a glob without a slash matches the name, one with a slash the path as printed, less a leading ./ and the working directory, where rg anchors it), or skip what !GLOB matches; of several, the last that matches decides")
	fs.StringArrayVar(&o.sel.iglobs, "iglob", nil, "as --glob, ignoring case (`GLOB`)")
	fs.BoolVar(&o.sel.globCase, "glob-case-insensitive", false, "take every --glob as --iglob (rg --glob-case-insensitive)")
	fs.StringVar(&o.sel.maxFilesize, "max-filesize", "", "skip the files met while walking that are larger than `SIZE` (suffixes K, M, G)")
	fs.Var(excludeFrom{&o.walk.Files, &o.sel.excludeFrom}, "exclude-from", "skip files whose name matches any glob read from `FILE`, one per line (as --exclude)")
	fs.VarP(action{&o.sel.directories, []string{"read", "recurse", "skip"}, true, "recurse"}, "directories", "d", "do `ACTION` with directory operands: recurse, skip, or read (which fails, as in grep: Is a directory)")
	fs.VarP(action{&o.sel.devices, []string{"read", "skip"}, false, ""}, "devices", "D", "do `ACTION` with FIFOs, sockets and devices: read, or skip (by default those named as paths are read, those met while walking skipped)")
}

// typeKind says what a typeChange does.
type typeKind uint8

const (
	typeSelect typeKind = iota // -t
	typeNegate                 // --type-not
	typeAdd                    // --type-add
	typeClear                  // --type-clear
)

// typeChange is one -t, --type-not or --type-add. They are read in the
// order given, as ripgrep reads them: a --type-add counts for the -t
// before it, but an include: takes the globs its types hold at that
// point.
type typeChange struct {
	kind typeKind
	arg  string
}

// typeFlag adds each -t, --type-not and --type-add to one list.
type typeFlag struct {
	dst  *[]typeChange
	kind typeKind
}

func (f typeFlag) String() string { return "[]" }
func (f typeFlag) Type() string   { return "stringArray" }
func (f typeFlag) Set(s string) error {
	*f.dst = append(*f.dst, typeChange{f.kind, s})
	return nil
}

// pendingFrom is an --exclude-from FILE, read once the command line has
// been: its globs go into the --include and --exclude list at the place
// the option had there.
type pendingFrom struct {
	file string
	at   int
}

// excludeFrom notes each --exclude-from and its place among --include
// and --exclude.
type excludeFrom struct {
	globs   *[]walk.FileGlob
	pending *[]pendingFrom
}

func (e excludeFrom) String() string { return "" }
func (e excludeFrom) Type() string   { return "string" }
func (e excludeFrom) Set(s string) error {
	*e.pending = append(*e.pending, pendingFrom{s, len(*e.globs)})
	return nil
}

// actionArg is the ACTION of -d or -D: the last one given, spelled out,
// and the first that named none, which setSelect reports, since grep
// stops there.
type actionArg struct {
	word      string
	bad       string
	hasBad    bool
	ambiguous bool // bad is the start of more than one word
}

// action is the flag of an actionArg: one of words, or, for -d (prefix),
// a prefix of only one of them, as grep's argmatch takes it.
type action struct {
	arg    *actionArg
	words  []string
	prefix bool
	def    string // what no ACTION means, for --help
}

func (a action) Type() string { return "string" }
func (a action) String() string {
	if a.arg.word == "" {
		return a.def
	}
	return a.arg.word
}
func (a action) Set(s string) error {
	if a.arg.hasBad {
		return nil
	}
	var found []string
	for _, w := range a.words {
		if w == s {
			found = []string{w}
			break
		}
		if a.prefix && strings.HasPrefix(w, s) {
			found = append(found, w)
		}
	}
	if len(found) != 1 {
		a.arg.bad, a.arg.hasBad, a.arg.ambiguous = s, true, len(found) > 1
		return nil
	}
	a.arg.word = found[0]
	return nil
}

// inOrder sets each flag as pflag's Parse would, and notes that a -r or
// -R given after -d ACTION undoes it: of -d, -r and -R, the later wins,
// as in grep.
func (s *selectFlags) inOrder(fs *pflag.FlagSet) func(*pflag.Flag, string) error {
	return func(f *pflag.Flag, value string) error {
		if err := fs.Set(f.Name, value); err != nil {
			return err
		}
		switch f.Name {
		case "recursive", "dereference-recursive":
			if on, _ := strconv.ParseBool(value); on {
				s.directories.word = "recurse"
			}
		case "max-filesize":
			s.maxSet = true
		}
		return nil
	}
}

// setSelect checks the selection flags and sets the walk's options from
// them. Each error is one line, given before anything is searched.
func (o *options) setSelect(_ *pflag.FlagSet, r *rawFlags) error {
	s := &o.sel
	o.walk.UTF8 = o.env.utf8
	d := s.directories
	switch {
	case d.ambiguous:
		return plainError{fmt.Errorf("ambiguous argument %s for %s", quote(d.bad, o.env.utf8), quote("--directories", o.env.utf8))}
	case d.hasBad:
		return plainError{fmt.Errorf("invalid argument %s for %s", quote(d.bad, o.env.utf8), quote("--directories", o.env.utf8))}
	case d.word == "read":
		o.walk.Directories = walk.DirRead
	case d.word == "skip":
		o.walk.Directories = walk.DirSkip
	}
	if o.walk.Directories != walk.DirRecurse {
		// As grep -d skip or -d read with no operand: standard input,
		// not the current directory, even after -r.
		r.recursive, r.deref = false, false
	}
	switch {
	case s.devices.hasBad:
		return plainError{errors.New("unknown devices method")} // grep's words
	case s.devices.word == "read":
		o.walk.Devices = walk.DevicesRead
	case s.devices.word == "skip":
		o.walk.Devices = walk.DevicesSkip
	}
	if err := s.setTypes(&o.walk); err != nil {
		return plainError{err}
	}
	plain, folded := s.globs, s.iglobs
	if s.globCase {
		plain, folded = nil, append(slices.Clone(s.globs), s.iglobs...)
	}
	globs, err := walk.ParseGlobs(plain, folded, o.env.cwd)
	if err != nil {
		return plainError{err}
	}
	o.walk.Globs = globs
	if s.maxSet {
		n, err := size.Parse(s.maxFilesize)
		if err != nil {
			return plainError{fmt.Errorf("invalid argument '%s' for '--max-filesize' (want a number of bytes, with an optional K, M or G suffix)", s.maxFilesize)}
		}
		o.walk.MaxFileSize = &n
	}
	if err := readExcludeFrom(&o.walk.Files, s.excludeFrom); err != nil {
		return plainError{err}
	}
	return nil
}

// quote quotes s as grep's messages do: 's' in the C locale, ‘s’ in a
// UTF-8 one (utf8).
func quote(s string, utf8 bool) string {
	if utf8 {
		return "\u2018" + s + "\u2019"
	}
	return "'" + s + "'"
}

// setTypes reads the type changes in order into a table and sets the
// walk's matcher from it.
func (s *selectFlags) setTypes(o *walk.Options) error {
	t := filetype.New()
	var err error
	for _, c := range s.types {
		switch c.kind {
		case typeAdd:
			err = t.Add(c.arg)
		case typeSelect:
			t.Select(c.arg)
		case typeNegate:
			t.Negate(c.arg)
		case typeClear:
			t.Clear(c.arg)
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		o.Types, err = t.Matcher()
	}
	var unknown *filetype.UnknownError
	if errors.As(err, &unknown) {
		return fmt.Errorf("%v (urg --type-list lists them)", err)
	}
	s.table = t
	return err
}

// typeListText is what --type-list prints: each type, its globs, as
// rg --type-list prints them.
func (s *selectFlags) typeListText() string {
	var b strings.Builder
	for _, d := range s.table.Defs() {
		fmt.Fprintf(&b, "%s: %s\n", d.Name, strings.Join(d.Globs, ", "))
	}
	return b.String()
}

// readExcludeFrom reads the --exclude-from files into the list of
// --include and --exclude globs, each glob where its option stood.
func readExcludeFrom(globs *[]walk.FileGlob, from []pendingFrom) error {
	// From the last: the places of those before stay where they were.
	for i := len(from) - 1; i >= 0; i-- {
		g, err := excludeGlobs(from[i].file)
		if err != nil {
			return err
		}
		*globs = slices.Insert(*globs, from[i].at, g...)
	}
	return nil
}

// excludeGlobs reads one --exclude-from FILE ("-": standard input) as
// GNU grep does (gnulib's add_exclude_file): a glob per line, trailing
// white space dropped, blank lines skipped.
func excludeGlobs(name string) ([]walk.FileGlob, error) {
	data, err := readInput(name)
	if err != nil {
		return nil, err
	}
	var out []walk.FileGlob
	for line := range strings.SplitSeq(string(data), "\n") {
		// C's isspace: what the C and UTF-8 locales both take for space.
		if g := strings.TrimRight(line, " \t\n\v\f\r"); g != "" {
			out = append(out, walk.FileGlob{Glob: g})
		}
	}
	return out, nil
}
