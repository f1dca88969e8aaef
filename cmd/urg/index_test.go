package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"urg/osfile"
)

// indexTrees is how many seeded trees TestIndexExact tries.
const indexTrees = 300

// indexWords are what the trees' files and the patterns are made of:
// cases, a Kelvin sign and a long s (which -i folds onto ASCII letters),
// words that share trigrams.
var indexWords = []string{
	"alpha", "Alpha", "ALPHA", "beta", "gamma", "PM_RESUME", "pm_resume", "PM_SUSPEND",
	"kelvin", "\u212aelvin", "ſtring", "string", "straße", "delta_x", "x", "ab", "abc",
	"the", "then", "other", "error(", "Error(", "0x1f", "  ", "\t", "é",
}

// indexPatterns are the searches tried on each tree, with and without the
// index: every output mode, and patterns the index reads well or not.
var indexPatterns = [][]string{
	{"PM_RESUME"}, {"-n", "alpha"}, {"-i", "alpha"}, {"-l", "beta"}, {"-o", "gamma|string"},
	{"-c", "the"}, {"-w", "[A-Z]+_SUSPEND"}, {"-C1", "delta_x"}, {"-i", "kelvin"},
	{"-i", "STRING"}, {"-F", "-e", "error(", "-e", "straße"}, {"-E", "al(pha|PHA)"},
	{"-v", "the"}, {"-L", "beta"}, {"--json", "gamma"}, {"-x", "abc"}, {"a.c"},
	{"-uuu", "alpha"}, {"-L", "-i", "then"}, {"--count-matches", "other"},
	{"-G", "Error(\\|gamma"}, {"-P", "(?<=pm_)resume"}, {"\\w+Error\\("}, {"-q", "beta"},
	{"-S", "alpha"}, {"-S", "Alpha"}, {"-G", "-i", "ALPHA"}, {"-E", "-i", "al(pha|PHA)"},
	{"-F", "-i", "STRING"}, {"-i", "-w", "pm_resume"}, {"(?i)Error\\("}, {"[Aa]lpha"},
	{"--files"}, {"--ignore", "--files"}, {"-uuu", "--files"}, {"--ignore", "-l", "alpha"},
}

// TestIndexExact: on seeded trees, indexed and then changed in every way a
// tree changes, every search with --index prints what it prints without.
func TestIndexExact(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	trees := indexTrees
	if testing.Short() {
		trees = 40
	}
	roots := make([]string, trees)
	rngs := make([]*rand.Rand, trees)
	for seed := range trees {
		rngs[seed] = rand.New(rand.NewPCG(uint64(seed), 58))
		roots[seed] = t.TempDir()
		writeRandomTree(t, rngs[seed], roots[seed], 3+rngs[seed].IntN(25))
	}
	// Files written just before an update are racy, read by every search
	// until the next: wait once, so that the first updates index the
	// trees' files and the searches rule them out.
	waitRacy(t, roots[0])
	for seed, root := range roots {
		rng := rngs[seed]
		indexRun(t, root, "--index-update", root)
		for range 1 + rng.IntN(2) {
			for range rng.IntN(8) {
				mutateTree(t, rng, root)
			}
			if rng.IntN(2) == 0 {
				indexRun(t, root, "--index-update", root)
			}
		}
		for range rng.IntN(4) {
			mutateTree(t, rng, root) // right after the update: the same second
		}
		for _, p := range indexPatterns {
			args := append(append([]string{"--sort", "path"}, p...), root)
			want := indexRun(t, root, args...)
			got := stale.ReplaceAllString(indexRun(t, root, append([]string{"--index"}, args...)...), "")
			if got != want {
				t.Fatalf("seed %d: urg %q\nwithout --index:\n%s\nwith:\n%s", seed, args, want, got)
			}
		}
	}
}

// waitRacy waits until what was written in dir is no longer racy for an
// update: the margin of the file system's clock (osfile.Start).
func waitRacy(t *testing.T, dir string) {
	t.Helper()
	time.Sleep(osfile.StartAt(dir, time.Now()).Margin() * 3 / 2)
}

// stale is the one line a search with the index may add.
var stale = regexp.MustCompile(`(?m)^urg: .*: index is stale: .*\n`)

// elapsed is what differs between two runs of --json.
var elapsed = regexp.MustCompile(`"(elapsed(_total)?)":\{[^}]*\}`)

// indexRun runs urg in this process and gives its exit status, output and
// messages, the times of --json left out.
func indexRun(t *testing.T, root string, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	code := run(args, &out, &errs, func() {})
	o := elapsed.ReplaceAllString(out.String(), `"$1":0`)
	return fmt.Sprintf("exit %d\n%s\nstderr:\n%s", code, o, errs.String())
}

// writeRandomTree writes n files of random lines under root, in up to
// three levels of directories.
func writeRandomTree(t *testing.T, rng *rand.Rand, root string, n int) {
	t.Helper()
	for range n {
		writeRandomFile(t, rng, filepath.Join(root, randomPath(rng)))
	}
}

func randomPath(rng *rand.Rand) string {
	dirs := []string{"", "a", "b", "a/c", "a/c/d", ".hid"}
	names := []string{"f.c", "g.h", "x.txt", "y", "z.md", "Make", ".dot", "w.go"}
	return filepath.Join(dirs[rng.IntN(len(dirs))], fmt.Sprint(rng.IntN(3))+names[rng.IntN(len(names))])
}

func randomText(rng *rand.Rand) []byte {
	var b bytes.Buffer
	for range rng.IntN(12) {
		for range 1 + rng.IntN(6) {
			b.WriteString(indexWords[rng.IntN(len(indexWords))])
			if rng.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		if rng.IntN(40) == 0 {
			b.WriteByte(0) // a binary file
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func writeRandomFile(t *testing.T, rng *rand.Rand, path string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, randomText(rng), 0o644); err != nil && !os.IsExist(err) {
		t.Logf("write %s: %v", path, err) // a directory there: left as it is
	}
}

// someFile is a random regular file of the tree, or "".
func someFile(rng *rand.Rand, root string) string {
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && !strings.Contains(p, string(filepath.Separator)+".urg") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		return ""
	}
	return files[rng.IntN(len(files))]
}

// mutateTree changes the tree in one of the ways trees change.
func mutateTree(t *testing.T, rng *rand.Rand, root string) {
	t.Helper()
	f := someFile(rng, root)
	switch k := rng.IntN(15); {
	case f == "" || k == 0: // a new file
		writeRandomFile(t, rng, filepath.Join(root, randomPath(rng)))
	case k == 1: // edited, its size and times kept: only the change time tells
		fi, _ := os.Stat(f)
		data, _ := os.ReadFile(f)
		for i := range data {
			if data[i] >= 'a' && data[i] <= 'z' {
				data[i] = 'a' + (data[i]-'a'+1)%26
			}
		}
		os.WriteFile(f, data, 0o644)
		os.Chtimes(f, fi.ModTime(), fi.ModTime())
	case k == 2: // appended to
		a, _ := os.OpenFile(f, os.O_APPEND|os.O_WRONLY, 0)
		a.Write(randomText(rng))
		a.Close()
	case k == 3:
		os.Truncate(f, int64(rng.IntN(20)))
	case k == 4:
		os.Rename(f, filepath.Join(root, randomPath(rng)))
	case k == 5:
		os.Remove(f)
	case k == 6: // a new ignore file
		ig := []string{".gitignore", ".ignore", ".rgignore"}[rng.IntN(3)]
		pat := []string{"*.c", "x.txt", "a/", "!1f.c", "*.md", "0*"}[rng.IntN(6)]
		dir := filepath.Dir(f)
		os.WriteFile(filepath.Join(dir, ig), []byte(pat+"\n"), 0o644)
	case k == 7:
		os.Chmod(f, 0o600)
	case k == 8: // a file replaced by a directory
		os.Remove(f)
		writeRandomFile(t, rng, filepath.Join(f, "inner.c"))
	case k == 9:
		os.Symlink(f, filepath.Join(filepath.Dir(f), fmt.Sprintf("link%d", rng.IntN(100))))
	case k == 10: // rewritten whole
		writeRandomFile(t, rng, f)
	case k == 11: // a directory renamed, or moved into another
		os.Rename(filepath.Dir(f), filepath.Join(root, randomPath(rng)))
	case k == 12: // a directory removed, with what it holds
		if dir := filepath.Dir(f); dir != root {
			os.RemoveAll(dir)
		}
	case k == 13: // a new directory
		writeRandomFile(t, rng, filepath.Join(root, randomPath(rng), randomPath(rng)))
	default: // the same bytes written again
		data, _ := os.ReadFile(f)
		os.WriteFile(f, data, 0o644)
	}
}

// TestIndexKilled: an update killed at any moment leaves an index that
// searches exactly.
func TestIndexKilled(t *testing.T) {
	t.Parallel() // mostly waiting, to kill an update midway: beside the other tests
	root := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 58))
	writeRandomTree(t, rng, root, 400)
	waitRacy(t, root) // see TestIndexExact
	for i := range 6 {
		if i > 0 {
			for range 20 {
				mutateTree(t, rng, root)
			}
		}
		cmd := exec.Command(urgBin, "--index-update", root)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		for _, p := range indexPatterns[:6] {
			args := append(append([]string{"--sort", "path"}, p...), root)
			want := indexRun(t, root, args...)
			got := stale.ReplaceAllString(indexRun(t, root, append([]string{"--index"}, args...)...), "")
			if got != want {
				t.Fatalf("round %d: urg %q\nwithout --index:\n%s\nwith:\n%s", i, args, want, got)
			}
		}
	}
}

// TestIndexMessages checks the two things --index says on stderr: that a
// damaged index is unreadable (the search goes on as a scan, with the
// scan's output and exit status), and that an index is stale once more
// than a tenth of the files changed since it was updated.
func TestIndexMessages(t *testing.T) {
	root := t.TempDir()
	for i := range 20 {
		name := filepath.Join(root, fmt.Sprintf("f%02d.txt", i))
		if err := os.WriteFile(name, []byte(fmt.Sprintf("line %d PM_RESUME\n", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	search := []string{"--sort", "path", "-n", "PM_RESUME", root}
	scan := indexRun(t, root, search...)
	indexRun(t, root, "--index-update", root)
	ixPath := filepath.Join(root, ".urg", "index")
	data, err := os.ReadFile(ixPath)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-3] ^= 0xff // in the tables, which are read first
	if err := os.WriteFile(ixPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := run(append([]string{"--index"}, search...), &out, &errs, func() {})
	wantErr := "urg: " + ixPath + ": index unreadable: "
	if lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], wantErr) {
		t.Errorf("stderr with a damaged index:\n%s\nwant one line starting %q", errs.String(), wantErr)
	}
	if got := fmt.Sprintf("exit %d\n%s\nstderr:\n", code, out.String()); got != scan {
		t.Errorf("damaged index:\n%s\nscan:\n%s", got, scan)
	}

	indexRun(t, root, "--index-update", root) // builds it again
	for i := range 3 {                        // 3 of 20 changed: more than a tenth
		name := filepath.Join(root, fmt.Sprintf("f%02d.txt", i))
		if err := os.WriteFile(name, []byte("changed PM_RESUME\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	errs.Reset()
	out.Reset()
	run(append([]string{"--index"}, search...), &out, &errs, func() {})
	if !strings.Contains(errs.String(), "index is stale: 3 of 20 files are new or changed") {
		t.Errorf("stderr with 3 of 20 files changed: %q", errs.String())
	}

	// --stats says how many directories the listings gave: none here,
	// where the root and .urg changed right before the update.
	errs.Reset()
	run(append([]string{"--index", "--stats"}, search...), io.Discard, &errs, func() {})
	if !strings.Contains(errs.String(), "  listings: 0 of 2 directories listed from the index, 2 read\n") {
		t.Errorf("--stats with --index, no listings line:\n%s", errs.String())
	}
}

// TestIndexLayers: an update after a few changes writes the recent
// layer, merges it into the delta once it outgrows recentSlack and half
// the delta, and builds the whole index again once the deltas hold more
// than one file in deltaShare; after each, every search with the index
// prints what it prints without.
func TestIndexLayers(t *testing.T) {
	t.Parallel() // mostly waiting for the racy window to pass
	root := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 58))
	for i := range 300 { // 300 names, none the same
		dir := []string{"", "a", "b", "a/c"}[i%4]
		writeRandomFile(t, rng, filepath.Join(root, dir, fmt.Sprintf("n%03d.txt", i)))
	}
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	next := 0
	edit := func(n int) { // n files not edited yet, each appended to
		for range n {
			f, err := os.OpenFile(files[next], os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("PM_RESUME alpha edited\n")
			f.Close()
			next++
		}
	}
	wait := func() { waitRacy(t, root) } // see TestIndexExact
	update := func(step, want string) {
		t.Helper()
		indexRun(t, root, "--index-update", root)
		var layers []string
		for _, name := range []string{"recent", "delta"} {
			if _, err := os.Stat(filepath.Join(root, ".urg", name)); err == nil {
				layers = append(layers, name)
			}
		}
		if got := strings.Join(layers, "+"); got != want && want != "any" {
			t.Errorf("%s: layers %q, want %q", step, got, want)
		}
		for _, p := range append(indexPatterns[:8:8], []string{"--files"}) {
			args := append(append([]string{"--sort", "path"}, p...), root)
			want := indexRun(t, root, args...)
			got := stale.ReplaceAllString(indexRun(t, root, append([]string{"--index"}, args...)...), "")
			if got != want {
				t.Fatalf("%s: urg %q\nwithout --index:\n%s\nwith:\n%s", step, args, want, got)
			}
		}
	}
	wait()
	update("the full build", "")
	edit(2)
	wait()
	update("2 files edited", "recent")
	edit(10)
	wait()
	update("10 more", "delta") // 12 in recent, more than recentSlack: merged
	wait()
	update("nothing changed", "delta")
	edit(2)
	wait()
	update("2 more", "recent+delta")
	edit(30)
	wait()
	update("30 more", "") // 32 and 12, more than one in deltaShare of 300
	edit(3)
	update("3 more, racy", "recent")
	wait()
	update("the 3, no longer racy", "recent") // read again, as every update reads recent's
	for round := range 3 {
		for range 1 + rng.IntN(12) {
			mutateTree(t, rng, root)
		}
		update(fmt.Sprintf("random changes, round %d", round), "any")
	}
}
