package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"urg/filetype"
)

// generate renders what --generate asks for from the one flag table
// (flagSet): the man page or a shell's completion script.
func generate(what string) (string, error) {
	o := &options{}
	fs, _ := flagSet(o)
	switch what {
	case "man":
		return manPage(fs), nil
	case "complete-bash":
		return bashCompletion(fs), nil
	case "complete-zsh":
		return zshCompletion(fs), nil
	case "complete-fish":
		return fishCompletion(fs), nil
	}
	return "", fmt.Errorf("--generate: unknown %q (man, complete-bash, complete-zsh or complete-fish)", what)
}

// roff escapes text for a man page: backslashes, and a leading dot or
// quote that would read as a request.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

func manPage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(`.TH URG 1 "" "urg ` + version + `" "User Commands"
.SH NAME
urg \- search files for a Perl-syntax pattern, many at once
.SH SYNOPSIS
.B urg
[\fIOPTION\fR]... \fIPATTERN\fR [\fIPATH\fR]...
.SH DESCRIPTION
urg searches each PATH for lines matching PATTERN and prints what GNU grep
prints. Directories are searched recursively; with no PATH, standard input
is searched when it is not a terminal, else the current directory. On
Linux, files are read through io_uring, many at once; large files are
searched through a memory map on every core.
.SH OPTIONS
`)
	fs.VisitAll(func(f *pflag.Flag) {
		name, usage := pflag.UnquoteUsage(f)
		spell := `\fB\-\-` + roff(f.Name) + `\fR`
		if f.Shorthand == f.Name {
			spell = `\fB\-` + f.Shorthand + `\fR`
		} else if f.Shorthand != "" {
			spell = `\fB\-` + f.Shorthand + `\fR, ` + spell
		}
		if f.Value.Type() != "bool" {
			spell += `=\fI` + roff(name) + `\fR`
		}
		fmt.Fprintf(&b, ".TP\n%s\n%s\n", spell, roff(usage))
	})
	b.WriteString(`.SH EXIT STATUS
0 if a line was selected, 1 if none was, 2 if an error occurred (unless
\-q selected a line).
.SH LICENSE
urg is free software under the MIT licence (the file LICENSE).
.SH SEE ALSO
.BR grep (1),
.BR rg (1),
.BR spot (1)
`)
	return b.String()
}

// longNames are the flags as a shell completes them, --name and -x.
func longNames(fs *pflag.FlagSet) []string {
	var words []string
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name != f.Shorthand {
			words = append(words, "--"+f.Name)
		}
		if f.Shorthand != "" {
			words = append(words, "-"+f.Shorthand)
		}
	})
	return words
}

// takesType says whether f takes a type's name (-t, --type-not,
// --type-clear), after which the completions offer typeNames.
// --type-add's NAME:GLOB,... is not one.
func takesType(f *pflag.Flag) bool {
	_, ok := f.Value.(typeFlag)
	name, _ := pflag.UnquoteUsage(f)
	return ok && name == "NAME"
}

// typeNames are the names the type flags take: urg's table of types
// (what --type-list lists) and "all", separated by spaces.
func typeNames() string {
	names := []string{"all"}
	for _, d := range filetype.New().Defs() {
		names = append(names, d.Name)
	}
	return strings.Join(names, " ")
}

// typeFlagNames are the type flags as a shell completes them, --name
// and -x, as one bash case pattern.
func typeFlagNames(fs *pflag.FlagSet) string {
	var words []string
	fs.VisitAll(func(f *pflag.Flag) {
		if takesType(f) {
			words = append(words, "--"+f.Name)
			if f.Shorthand != "" {
				words = append(words, "-"+f.Shorthand)
			}
		}
	})
	return strings.Join(words, "|")
}

// bashCompletion completes flags after a dash, type names after a type
// flag, file names elsewhere. A value given with '=' (--type=go) is a
// word of its own after a word "=", since COMP_WORDBREAKS holds '='.
func bashCompletion(fs *pflag.FlagSet) string {
	return `# bash completion for urg (urg --generate=complete-bash)
_urg() {
    local cur=${COMP_WORDS[COMP_CWORD]} flag= value
    ((COMP_CWORD > 0)) && flag=${COMP_WORDS[COMP_CWORD-1]}
    value=$cur
    if [[ $cur == = ]]; then
        value=
    elif [[ $flag == = ]] && ((COMP_CWORD > 1)); then
        flag=${COMP_WORDS[COMP_CWORD-2]}
    fi
    case $flag in
    ` + typeFlagNames(fs) + `)
        COMPREPLY=($(compgen -W "` + typeNames() + `" -- "$value"))
        return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "` + strings.Join(longNames(fs), " ") + `" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _urg urg
`
}

// shellWord quotes s for zsh and fish inside single quotes.
func shellWord(s string) string { return strings.ReplaceAll(s, "'", `'\''`) }

func zshCompletion(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString("#compdef urg\n# zsh completion for urg (urg --generate=complete-zsh)\n_arguments -s \\\n")
	fs.VisitAll(func(f *pflag.Flag) {
		_, usage := pflag.UnquoteUsage(f)
		desc := strings.NewReplacer("[", `\[`, "]", `\]`, ":", `\:`).Replace(shellWord(usage))
		arg := ""
		switch {
		case takesType(f):
			arg = ":type:(" + typeNames() + ")"
		case f.Value.Type() != "bool":
			arg = ":value:"
		}
		switch f.Shorthand {
		case f.Name:
			fmt.Fprintf(&b, "  '-%s[%s]%s' \\\n", f.Shorthand, desc, arg)
		case "":
			fmt.Fprintf(&b, "  '--%s[%s]%s' \\\n", f.Name, desc, arg)
		default:
			fmt.Fprintf(&b, "  '(-%s --%s)'{-%s,--%s}'[%s]%s' \\\n", f.Shorthand, f.Name, f.Shorthand, f.Name, desc, arg)
		}
	})
	b.WriteString("  '*:file:_files'\n")
	return b.String()
}

func fishCompletion(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString("# fish completion for urg (urg --generate=complete-fish)\n")
	fs.VisitAll(func(f *pflag.Flag) {
		_, usage := pflag.UnquoteUsage(f)
		if f.Shorthand == f.Name {
			fmt.Fprintf(&b, "complete -c urg -s '%s'", f.Shorthand)
		} else {
			fmt.Fprintf(&b, "complete -c urg -l '%s'", shellWord(f.Name))
			if f.Shorthand != "" {
				fmt.Fprintf(&b, " -s '%s'", f.Shorthand)
			}
		}
		switch {
		case takesType(f):
			fmt.Fprintf(&b, " -x -a '%s'", typeNames())
		case f.Value.Type() != "bool":
			b.WriteString(" -r")
		}
		fmt.Fprintf(&b, " -d '%s'\n", shellWord(usage))
	})
	return b.String()
}
