package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeRows renders the flag table as docs/flags.md shows it.
func readmeRows() string {
	fs, _ := flagSet(&options{})
	return flagTable(fs, "| `%s` | %s |\n")
}

// TestFlagsDoc fails when docs/flags.md's table and the flags the binary
// defines disagree; the table is printed for pasting.
func TestFlagsDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/flags.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := readmeRows(); !strings.Contains(string(doc), want) {
		t.Fatalf("docs/flags.md's flag table is out of date; it should read:\n%s", want)
	}
}

// TestDesignOverview fails when docs/design.md's overview and the
// packages disagree: each package has one row there, and the row names
// its one job in the words of its doc comment's first sentence, so that
// the overview a newcomer reads first is the code's own account.
func TestDesignOverview(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not installed")
	}
	doc, err := os.ReadFile("../../docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goTool, "list", "-f", "{{.ImportPath}}\t{{.Doc}}", "./...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lead := regexp.MustCompile(`^(Package|Command) \S+ `)
	var missing []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, synopsis, _ := strings.Cut(line, "\t")
		_, dir, _ := strings.Cut(path, "/")
		row := "| `" + dir + "/` | " + lead.ReplaceAllString(synopsis, "") + " |\n"
		if !strings.Contains(string(doc), row) {
			missing = append(missing, row)
		}
	}
	if len(missing) > 0 {
		t.Errorf("docs/design.md's overview lacks these rows (or words them otherwise than the doc comments):\n%s", strings.Join(missing, ""))
	}
}

// TestMakeRun: the README's first command shows matches, then what the
// search did, not a screen of --stats alone.
func TestMakeRun(t *testing.T) {
	mk, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	cmd := exec.Command(mk, "-s", "-C", filepath.Join("..", ".."), "run", "BIN="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make run: %v\n%s", err, out)
	}
	match := regexp.MustCompile(`(?m)^\S+\.go:\d+:func \w+Error\(`)
	if !match.Match(out) || !strings.Contains(string(out), "selected:") {
		t.Errorf("make run shows no match, or no --stats line of what was selected:\n%s", out)
	}
}

// TestReadmeNewUser holds the README to what a newcomer meets: the link
// error it quotes is the one the linker prints, naming every symbol
// giouring links; it says where make leaves the binaries and how to put
// them on PATH; spot is urg's own tool, not grab's.
func TestReadmeNewUser(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(raw)), " ")
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/pawelgaczynski/giouring").Output()
	if err != nil {
		t.Fatalf("go list giouring: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "linked.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^//go:linkname \w+ (\S+)`).FindAllStringSubmatch(string(src), -1) {
		if !strings.Contains(readme, "`"+m[1]+"`") {
			t.Errorf("README does not name %s, which giouring links", m[1])
		}
	}
	link := exec.Command("go", "build", "-o", filepath.Join(t.TempDir(), "urg"), ".")
	link.Env = append(os.Environ(), "GOFLAGS=", "CGO_ENABLED=0")
	out, _ := link.CombinedOutput()
	if ref := regexp.MustCompile(`invalid reference to \S+`).Find(out); ref == nil {
		t.Logf("the link did not fail without -checklinkname=0 here: %s", out)
	} else if !strings.Contains(readme, "`"+string(ref)+"`") {
		t.Errorf("README quotes a link error other than the linker's %q", ref)
	}
	for _, want := range []string{"in `bin/`", `export PATH="$PWD/bin:$PATH"`, "urg's parallel find"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README lacks %q", want)
		}
	}
	if strings.Contains(readme, "grab's companion") {
		t.Error("README calls spot grab's companion tool")
	}
}
