package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"urg/internal/testbin"
)

// TestGenerate checks what --generate prints, from the one flag table: the
// man pages render with man -l without a warning and name every flag; each
// completion script names every flag and loads in its shell (those
// installed).
func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	o := &options{}
	fs, _ := flagSet(o)
	flags := longNames(fs)
	write := func(name string, args ...string) string {
		r := urg(t, dir, args...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("urg %q: status %d, stderr %q", args, r.code, r.stderr)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	spot := testbin.Build(t, "urg/cmd/spot")
	spotMan, err := exec.Command(spot, "--generate=man").Output()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "spot.1"), spotMan, 0o644)
	man, manErr := exec.LookPath("man")
	for _, page := range []string{write("urg.1", "--generate=man"), filepath.Join(dir, "spot.1")} {
		if manErr != nil {
			t.Logf("man is not installed: %s not rendered", page)
			break
		}
		cmd := exec.Command(man, "--warnings", "-l", page)
		cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 || !strings.Contains(string(out), "NAME") {
			t.Errorf("man -l %s: %v, warnings %q, %d bytes", filepath.Base(page), err, stderr.String(), len(out))
		}
		if filepath.Base(page) == "urg.1" {
			for _, f := range flags {
				if strings.HasPrefix(f, "--") && !strings.Contains(string(out), f) {
					t.Errorf("urg.1 does not name %s", f)
				}
			}
		}
	}
	for _, sh := range []struct{ shell, what string }{{"bash", "complete-bash"}, {"zsh", "complete-zsh"}, {"fish", "complete-fish"}} {
		script := write("urg."+sh.shell, "--generate="+sh.what)
		data, _ := os.ReadFile(script)
		for _, f := range flags {
			name := strings.TrimLeft(f, "-")
			if !strings.Contains(string(data), name) {
				t.Errorf("%s completion does not name %s", sh.shell, f)
			}
		}
		bin, err := exec.LookPath(sh.shell)
		if err != nil {
			t.Logf("%s is not installed: its completion script is not loaded", sh.shell)
			continue
		}
		if out, err := exec.Command(bin, "-n", script).CombinedOutput(); err != nil {
			t.Errorf("%s -n %s: %v\n%s", sh.shell, script, err, out)
		}
	}
	if r := urg(t, dir, "--generate=nroff"); r.code != 2 || !strings.Contains(r.stderr, "--generate") {
		t.Errorf("--generate=nroff: status %d, stderr %q; want an error", r.code, r.stderr)
	}
}

// TestVimQuickfix runs urg -n as Vim's :cexpr reads it (Vim's default
// errorformat) and checks that Vim jumps to the right file and line.
func TestVimQuickfix(t *testing.T) {
	vim, err := exec.LookPath("vim")
	if err != nil {
		t.Skip("vim is not installed")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{"d/a.go": "package a\n\nfunc main() {}\n", "d/b.txt": "hay\nhay\nhay\nthe needle\n"})
	out := filepath.Join(root, "where")
	script := `cexpr system('` + urgBin + ` -n needle d')`
	cmd := exec.Command(vim, "-es", "-N", "-u", "NONE", "-i", "NONE",
		"-c", script, "-c", "redir! > "+out, "-c", `echo bufname("%") . ":" . line(".")`, "-c", "redir END", "-c", "qa!")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vim: %v\n%s", err, b)
	}
	got, _ := os.ReadFile(out)
	if strings.TrimSpace(string(got)) != "d/b.txt:4" {
		t.Errorf("Vim's quickfix went to %q, want d/b.txt:4", strings.TrimSpace(string(got)))
	}
}
