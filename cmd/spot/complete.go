package main

import (
	"fmt"
	"strings"

	"urg/find"
)

// The completions offer what spot's command line takes, read from the
// tables that define it: spot's own options (optionTable), find's
// options before the roots, its primaries (from find's parser table,
// so that none is left out) and its operators that are words.

// generate is what --generate=KIND prints: the man page, or a shell's
// completion script.
func generate(kind string) (string, error) {
	switch kind {
	case "man":
		return manPage(), nil
	case "complete-bash":
		return bashCompletion(), nil
	case "complete-zsh":
		return zshCompletion(), nil
	case "complete-fish":
		return fishCompletion(), nil
	}
	return "", fmt.Errorf("--generate=%s: not one of %s", kind, strings.Join(generateKinds(), ", "))
}

// generateKinds are the KINDs generate takes, as the completions offer
// them after --generate=.
func generateKinds() []string {
	return []string{"man", "complete-bash", "complete-zsh", "complete-fish"}
}

// word is one word a completion offers: its name as typed (a choice of
// values, --sort=path, spelled out), whether a value follows as the
// next argument, and what it does.
type word struct {
	name   string
	valued bool
	doc    string
}

// words are the words spot's completions offer, its own options first.
func words() []word {
	var out []word
	for _, e := range optionTable {
		name, form, _ := strings.Cut(e.spell, " ")
		doc := firstClause(e.doc)
		if flag, values, ok := strings.Cut(name, "="); ok {
			choices := strings.Split(values, "|")
			if values == "KIND" {
				choices = generateKinds()
			}
			for _, v := range choices {
				out = append(out, word{flag + "=" + v, false, doc})
			}
			continue
		}
		out = append(out, word{name, form != "", doc})
	}
	docs := map[string]string{}
	for _, e := range primaryTable {
		name, _, _ := strings.Cut(e.spell, " ")
		docs[name] = firstClause(e.doc)
	}
	for _, p := range find.Primaries() {
		out = append(out, word{p.Name, p.Valued, docs[p.Name]})
	}
	for _, op := range find.Operators() {
		out = append(out, word{op, false, "operator"})
	}
	return out
}

// firstClause is a help text up to its first colon, semicolon or
// parenthesis: enough for a completion menu.
func firstClause(doc string) string {
	if rest, ok := strings.CutPrefix(doc, "global: "); ok {
		return "global option: " + firstClause(rest)
	}
	if i := strings.IndexAny(doc, ":;("); i > 0 {
		doc = doc[:i]
	}
	return strings.TrimSpace(doc)
}

// names are the words' names, separated by spaces.
func names(ws []word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.name)
	}
	return b.String()
}

// typeLetters are -type's letters, separated by spaces.
func typeLetters() string { return strings.Join(strings.Split(find.TypeLetters, ""), " ") }

// bashCompletion is spot's bash completion: the words after a dash, -type's
// letters, users and groups after -user and -group, file names
// elsewhere.
func bashCompletion() string {
	return `# bash completion for spot (spot --generate=complete-bash)
_spot() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
    -type) COMPREPLY=($(compgen -W "` + typeLetters() + `" -- "$cur")); return ;;
    -user) COMPREPLY=($(compgen -u -- "$cur")); return ;;
    -group) COMPREPLY=($(compgen -g -- "$cur")); return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "` + names(words()) + `" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _spot spot
`
}

// zshCompletion is spot's zsh completion, the words described.
func zshCompletion() string {
	var b strings.Builder
	b.WriteString("#compdef spot\n# zsh completion for spot (spot --generate=complete-zsh)\nlocal -a spot_words\nspot_words=(\n")
	esc := strings.NewReplacer(":", `\:`).Replace
	for _, w := range words() {
		fmt.Fprintf(&b, "  '%s'\n", shellWord(esc(w.name)+":"+w.doc))
	}
	b.WriteString(`)
case $words[CURRENT-1] in
  -type) _values -s , 'type' ` + typeLetters() + `; return ;;
  -user) _users; return ;;
  -group) _groups; return ;;
esac
if [[ $PREFIX == -* ]]; then
  _describe -t options 'spot option or primary' spot_words
else
  _files
fi
`)
	return b.String()
}

// fishCompletion is spot's fish completion. find's primaries are fish's
// old-style options (-o: one dash, a long name), as fish's own find
// completion has them.
func fishCompletion() string {
	var b strings.Builder
	b.WriteString("# fish completion for spot (spot --generate=complete-fish)\n")
	for _, w := range words() {
		switch name := w.name; {
		case strings.HasPrefix(name, "--"):
			flag, value, ok := strings.Cut(name[2:], "=")
			fmt.Fprintf(&b, "complete -c spot -l '%s'", shellWord(flag))
			if ok {
				fmt.Fprintf(&b, " -x -a '%s'", shellWord(value))
			}
		case len(name) == 2 && name[0] == '-':
			fmt.Fprintf(&b, "complete -c spot -s '%s'", shellWord(name[1:]))
		case strings.HasPrefix(name, "-"):
			fmt.Fprintf(&b, "complete -c spot -o '%s'", shellWord(name[1:]))
		default:
			continue
		}
		switch {
		case w.name == "-type":
			fmt.Fprintf(&b, " -x -a '%s'", typeLetters())
		case w.name == "-user":
			b.WriteString(" -x -a '(__fish_complete_users)'")
		case w.name == "-group":
			b.WriteString(" -x -a '(__fish_complete_groups)'")
		case w.valued:
			b.WriteString(" -r")
		}
		if w.doc != "" {
			fmt.Fprintf(&b, " -d '%s'", shellWord(w.doc))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// shellWord quotes s for zsh and fish inside single quotes.
func shellWord(s string) string { return strings.ReplaceAll(s, "'", `'\''`) }
