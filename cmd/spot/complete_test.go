package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"urg/find"
	"urg/internal/testbin"
)

// generated runs spot --generate=kind and returns what it printed.
func generated(t *testing.T, kind string) string {
	t.Helper()
	r := testbin.Run(t, t.TempDir(), nil, nil, spotBin, "--generate="+kind)
	if r.Code != 0 || r.Stderr != "" || r.Stdout == "" {
		t.Fatalf("spot --generate=%s: exit %d, stderr %q, %d bytes", kind, r.Code, r.Stderr, len(r.Stdout))
	}
	return r.Stdout
}

// wanted are the words every completion must offer: each primary of
// find's parser table, the options before the roots, the operators that
// are words, and spot's own options as the help lists them.
func wanted() []string {
	var out []string
	for _, p := range find.Primaries() {
		out = append(out, p.Name)
	}
	out = append(append(out, find.LinkOptions()...), find.Operators()...)
	for _, e := range optionTable {
		name, _, _ := strings.Cut(e.spell, " ")
		flag, _, _ := strings.Cut(name, "=")
		out = append(out, flag)
	}
	return out
}

// TestCompletionsNameEverything: each shell's completion script names
// every word spot takes (fish's spells them without their dashes, as
// -o NAME, -l NAME or -s X), and an unknown kind is an error.
func TestCompletionsNameEverything(t *testing.T) {
	for _, kind := range []string{"complete-bash", "complete-zsh", "complete-fish"} {
		script := generated(t, kind)
		for _, w := range wanted() {
			want := w
			if kind == "complete-fish" {
				want = "'" + strings.TrimLeft(w, "-") + "'"
			}
			if !strings.Contains(script, want) {
				t.Errorf("%s does not offer %s", kind, w)
			}
		}
	}
	r := testbin.Run(t, t.TempDir(), nil, nil, spotBin, "--generate=nroff")
	if r.Code != 1 || !strings.HasPrefix(r.Stderr, "spot: --generate=nroff: ") || r.Stdout != "" {
		t.Errorf("spot --generate=nroff: exit %d, stderr %q; want an error", r.Code, r.Stderr)
	}
}

// TestBashCompletion loads the bash completion in bash and completes as
// bash would (COMP_WORDS, COMP_CWORD, then the function complete -F
// names): every primary from its first letters, -type's letters, spot's
// options, and file names where no dash begins the word.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	script := filepath.Join(t.TempDir(), "spot.bash") // not among the names completed
	if err := os.WriteFile(script, []byte(generated(t, "complete-bash")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sub", "sum.txt", "other"} {
		if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	complete := func(words ...string) []string {
		t.Helper()
		driver := `source "$1" || exit 3
fn=$(complete -p spot | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
COMP_WORDS=("${@:2}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
"$fn"
printf '%s\n' "${COMPREPLY[@]}"`
		r := testbin.Run(t, dir, nil, nil, bash, append([]string{"-c", driver, "bash", script}, words...)...)
		if r.Code != 0 || r.Stderr != "" {
			t.Fatalf("completing %q: exit %d, stderr %q", words, r.Code, r.Stderr)
		}
		got := strings.Fields(r.Stdout)
		slices.Sort(got)
		return got
	}
	for _, p := range find.Primaries() {
		if got := complete("spot", ".", p.Name); !slices.Contains(got, p.Name) {
			t.Errorf("spot . %s<TAB>: %q", p.Name, got)
		}
	}
	for _, c := range []struct {
		words []string
		want  []string
	}{
		{[]string{"spot", "-nam"}, []string{"-name"}},
		{[]string{"spot", "-fol"}, []string{"-follow"}},
		{[]string{"spot", "-L"}, []string{"-L"}},
		{[]string{"spot", "--gen"}, []string{"--generate=complete-bash", "--generate=complete-fish", "--generate=complete-zsh", "--generate=man"}},
		{[]string{"spot", "--st"}, []string{"--stat=calls", "--stat=ring"}},
		{[]string{"spot", ".", "-type", ""}, []string{"b", "c", "d", "f", "l", "p", "s"}},
		{[]string{"spot", "-L", "s"}, []string{"sub", "sum.txt"}},
	} {
		if got := complete(c.words...); !slices.Equal(got, c.want) {
			t.Errorf("%q<TAB>: %q, want %q", c.words, got, c.want)
		}
	}
}
