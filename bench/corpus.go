package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// corpus is a tree every tool searches.
type corpus struct {
	Name    string   `json:"name"`
	Path    string   `json:"path"`
	Files   int      `json:"files"`
	Bytes   int64    `json:"bytes"`
	Built   bool     `json:"built"`             // made by this run, not reused
	Sources []string `json:"sources,omitempty"` // what it was copied or made from
	Needles string   `json:"needles,omitempty"` // big: the manifest of planted needles

	big *bigManifest // the needles planted, for the big corpus only
}

// prepareCorpus returns the named corpus, building it under o.dir when it
// is not there yet. A corpus is built in NAME.tmp and renamed when whole,
// so an interrupted build is redone, never reused half made.
func prepareCorpus(o *options, name string, log io.Writer) (*corpus, error) {
	c := &corpus{Name: name}
	var err error
	switch {
	case o.ownTree != "":
		c.Path, c.Sources = o.ownTree, []string{o.ownTree}
	case name == "go" && o.goTree != "":
		c.Path, c.Sources = o.goTree, []string{o.goTree}
	case name == "mix" && o.mixTree != "":
		c.Path, c.Sources = o.mixTree, []string{o.mixTree}
	case name == "go":
		c.Path = filepath.Join(o.dir, "go")
		goroot, gerr := goRoot()
		if gerr != nil {
			return nil, gerr
		}
		c.Sources = []string{goroot}
		c.Built, err = copyTrees(c.Path, map[string]string{"": goroot}, log)
	case name == "mix":
		c.Path = filepath.Join(o.dir, "mix")
		srcs := mixSources()
		if len(srcs) == 0 {
			return nil, errors.New("mix: none of /usr/share, /usr/include, /usr/lib, ~/.rustup is here")
		}
		for _, k := range sortedKeys(srcs) {
			c.Sources = append(c.Sources, srcs[k])
		}
		c.Built, err = copyTrees(c.Path, srcs, log)
	case name == "quick":
		c.Path = filepath.Join(o.dir, "quick")
		c.Sources = []string{"generated"}
		c.Built, err = makeQuickCorpus(c.Path, log)
	case name == "big":
		c.Path = filepath.Join(o.dir, "big-"+sizeLabel(o.bigSize))
		c.big, c.Built, err = makeBigCorpus(c.Path, o.bigSize, log)
		if c.big != nil {
			c.Sources = []string{c.big.Source}
		}
	default:
		return nil, fmt.Errorf("unknown corpus %q", name)
	}
	if err != nil {
		return nil, fmt.Errorf("corpus %s: %w", name, err)
	}
	// Every tool gets the same clean, absolute, link-free path, so that
	// they print the same names and none is asked to follow a link.
	if c.Path, err = filepath.Abs(c.Path); err != nil {
		return nil, err
	}
	if c.Path, err = filepath.EvalSymlinks(c.Path); err != nil {
		return nil, fmt.Errorf("corpus %s: %w", name, err)
	}
	if c.big != nil {
		c.Needles = c.Path + ".needles.json"
	}
	c.Files, c.Bytes = treeSize(c.Path)
	if c.Files == 0 {
		return nil, fmt.Errorf("corpus %s: no regular files under %s", name, c.Path)
	}
	return c, nil
}

// goRoot asks the go command where the toolchain lives.
func goRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// mixSources lists the trees copied into the mix corpus, by the name of
// their copy, skipping those this machine lacks.
func mixSources() map[string]string {
	cands := [][2]string{
		{"share", "/usr/share"},
		{"include", "/usr/include"},
		{"lib", "/usr/lib"},
		{"rustup", "/root/.rustup"},
	}
	if home, err := os.UserHomeDir(); err == nil && home != "/root" {
		cands = append(cands, [2]string{"rustup-home", filepath.Join(home, ".rustup")})
	}
	srcs := map[string]string{}
	for _, c := range cands {
		if fi, err := os.Stat(c[1]); err == nil && fi.IsDir() {
			srcs[c[0]] = c[1]
		}
	}
	return srcs
}

// copyTrees makes dst hold a copy of each source (at dst/NAME, or dst
// itself for the name ""), unless dst exists already. It copies with cp -a,
// which keeps symbolic links as links and file modes as they are: the copy
// must be the same tree for grep -r as the original, and Go's os.CopyFS
// refuses links.
func copyTrees(dst string, srcs map[string]string, log io.Writer) (built bool, err error) {
	if _, err := os.Stat(dst); err == nil {
		return false, nil
	}
	tmp := dst + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return false, err
	}
	var need int64
	for _, src := range srcs {
		_, n := treeSize(src)
		need += n
	}
	if free := diskFree(filepath.Dir(dst)); free >= 0 && free < need+need/20 {
		return false, fmt.Errorf("%s has %s free, the copy needs %s: choose another -dir",
			filepath.Dir(dst), humanBytes(free), humanBytes(need))
	}
	if _, whole := srcs[""]; !whole {
		if err := os.Mkdir(tmp, 0o755); err != nil {
			return false, err
		}
	}
	for _, name := range sortedKeys(srcs) {
		src := srcs[name]
		to := filepath.Join(tmp, name)
		fmt.Fprintf(log, "copying %s to %s (once; later runs reuse it)\n", src, filepath.Join(dst, name))
		if out, err := exec.Command("cp", "-a", src, to).CombinedOutput(); err != nil {
			return false, fmt.Errorf("cp -a %s %s: %v: %s", src, to, err, firstLines(out, 5))
		}
	}
	return true, os.Rename(tmp, dst)
}

// treeSize counts the regular files under root and their bytes, not
// following links, as grep -r sees the tree.
func treeSize(root string) (files int, size int64) {
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				files++
				size += fi.Size()
			}
		}
		return nil
	})
	return files, size
}

func sortedKeys[V any](m map[string]V) []string {
	keys := slices.Collect(maps.Keys(m))
	slices.Sort(keys)
	return keys
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(strings.TrimSpace(string(b)), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}
