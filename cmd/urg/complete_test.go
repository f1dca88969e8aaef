package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listedTypes are the type names urg --type-list prints, and "all", sorted.
func listedTypes(t *testing.T) []string {
	t.Helper()
	r := urg(t, t.TempDir(), "--type-list")
	if r.code != 0 || r.stdout == "" {
		t.Fatalf("urg --type-list: status %d, stderr %q", r.code, r.stderr)
	}
	names := []string{"all"}
	for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		name, _, _ := strings.Cut(line, ":")
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// TestCompletionTypes: after a flag that takes a type's name (-t,
// --type, --type-not, --type-clear) each shell's completion offers the
// types urg --type-list lists, not file names. zsh's and fish's scripts
// are read (each flag is a line of its own); bash's is run in bash, as
// bash runs it: COMP_WORDS, COMP_CWORD, then the function complete -F
// names.
func TestCompletionTypes(t *testing.T) {
	types := listedTypes(t)
	for _, sh := range []struct{ what, line string }{
		{"complete-zsh", "'--type-not["}, {"complete-zsh", "{-t,--type}"}, {"complete-zsh", "'--type-clear["},
		{"complete-fish", "-l 'type-not'"}, {"complete-fish", "-l 'type' -s 't'"}, {"complete-fish", "-l 'type-clear'"},
	} {
		script := urg(t, t.TempDir(), "--generate="+sh.what).stdout
		i := strings.Index(script, sh.line)
		if i < 0 {
			t.Errorf("%s: no line with %s", sh.what, sh.line)
			continue
		}
		line, _, _ := strings.Cut(script[i:], "\n")
		words := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '\'' })
		for _, name := range types {
			if !slices.Contains(words, name) {
				t.Errorf("%s: %s does not offer type %s", sh.what, sh.line, name)
				break
			}
		}
	}
	bashTypeCompletion(t, types)
}

// bashTypeCompletion completes urg's command lines in bash: type names
// after the type flags, spelled apart or with '=' (which bash splits
// into a word of its own), file names elsewhere, after -T too, which is
// grep's --initial-tab and takes no value.
func bashTypeCompletion(t *testing.T, types []string) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Log("bash is not installed: its completion is not run")
		return
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"gofile": "", "rust.txt": ""})
	script := filepath.Join(t.TempDir(), "urg.bash")
	if err := os.WriteFile(script, []byte(urg(t, dir, "--generate=complete-bash").stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	driver := `source "$1" || exit 3
fn=$(complete -p urg | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
COMP_WORDS=("${@:2}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
"$fn"
printf '%s\n' "${COMPREPLY[@]}"`
	prefixed := func(p string) []string {
		return slices.DeleteFunc(slices.Clone(types), func(n string) bool { return !strings.HasPrefix(n, p) })
	}
	for _, c := range []struct {
		words []string
		want  []string
	}{
		{[]string{"urg", "-t", ""}, types},
		{[]string{"urg", "x", "--type", "g"}, prefixed("g")},
		{[]string{"urg", "--type-not", "ru"}, prefixed("ru")},
		{[]string{"urg", "--type-clear", ""}, types},
		{[]string{"urg", "--type", "="}, types},
		{[]string{"urg", "--type", "=", "py"}, prefixed("py")},
		{[]string{"urg", "-T", "go"}, []string{"gofile"}},
		{[]string{"urg", "x", "ru"}, []string{"rust.txt"}},
	} {
		r := runCmd(t, dir, nil, bash, append([]string{"-c", driver, "bash", script}, c.words...)...)
		got := strings.Fields(r.stdout)
		slices.Sort(got)
		if r.code != 0 || r.stderr != "" || !slices.Equal(got, c.want) {
			t.Errorf("%q<TAB>: status %d, stderr %q, %q\nwant %q", c.words, r.code, r.stderr, got, c.want)
		}
	}
}
