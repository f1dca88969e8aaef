package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDist makes the host's archive twice from the same commit: the
// same bytes both times; the archive holds urg, spot, their man pages,
// the completions, the README and the LICENSE; its urg says the version
// stamped in, its man page renders (where man is installed), and
// SHA256SUMS holds the archive's sum.
func TestDist(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the archive's binaries are run here: a Linux test")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: no commit to date the archive by")
	}
	t.Chdir("..")
	target := "linux/" + runtime.GOARCH
	outs := [2]string{t.TempDir(), t.TempDir()}
	for _, out := range outs {
		if err := run(out, "9.9.9-test", []string{target}, false); err != nil {
			t.Fatal(err)
		}
	}
	name := "urg-9.9.9-test-linux-" + runtime.GOARCH + ".tar.gz"
	a, err := os.ReadFile(filepath.Join(outs[0], name))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(outs[1], name))
	if !bytes.Equal(a, b) {
		t.Errorf("two runs gave different archives (%d and %d bytes)", len(a), len(b))
	}
	sums, _ := os.ReadFile(filepath.Join(outs[0], "SHA256SUMS"))
	if want := fmt.Sprintf("%x  %s\n", sha256.Sum256(a), name); string(sums) != want {
		t.Errorf("SHA256SUMS = %q, want %q", sums, want)
	}
	// Unpacked, with each entry's mode.
	dir := t.TempDir()
	gz, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		p := filepath.Join(dir, h.Name)
		if h.Typeflag == tar.TypeDir {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		data, _ := io.ReadAll(tr)
		if err := os.WriteFile(p, data, os.FileMode(h.Mode)); err != nil {
			t.Fatal(err)
		}
	}
	base := filepath.Join(dir, strings.TrimSuffix(name, ".tar.gz"))
	for _, f := range []string{"urg", "spot", "urg.1", "spot.1", "complete/urg.bash", "complete/_urg", "complete/urg.fish",
		"complete/spot.bash", "complete/_spot", "complete/spot.fish", "README.md", "LICENSE"} {
		if _, err := os.Stat(filepath.Join(base, f)); err != nil {
			t.Errorf("the archive lacks %s (it holds %q)", f, names)
		}
	}
	for _, b := range []string{"urg", "spot"} {
		out, err := exec.Command(filepath.Join(base, b), "--version").Output()
		if want := b + " 9.9.9-test\n"; err != nil || string(out) != want {
			t.Errorf("%s --version: %q, %v; want %q", b, out, err, want)
		}
	}
	man, err := exec.LookPath("man")
	if err != nil {
		t.Logf("man is not installed: the man page is not rendered")
		return
	}
	cmd := exec.Command(man, "-l", filepath.Join(base, "urg.1"))
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
	if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), "MIT licence") {
		t.Errorf("man -l urg.1: %v, %d bytes, no licence", err, len(out))
	}
}

// TestDeb makes the host's Debian package twice (the same bytes), checks
// its control fields and file list with dpkg-deb, installs it with dpkg
// into a scratch root, runs the urg installed there, and removes it.
func TestDeb(t *testing.T) {
	arch, ok := debArches[runtime.GOARCH]
	if runtime.GOOS != "linux" || !ok {
		t.Skipf("no Debian package for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	for _, tool := range []string{"dpkg-deb", "dpkg", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: %v", tool, err)
		}
	}
	t.Chdir("..")
	outs := [2]string{t.TempDir(), t.TempDir()}
	for _, out := range outs {
		if err := run(out, "v1.2.3", []string{"linux/" + runtime.GOARCH}, true); err != nil {
			t.Fatal(err)
		}
	}
	name := "urg_1.2.3_" + arch + ".deb"
	pkg := filepath.Join(outs[0], name)
	a, err := os.ReadFile(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(outs[1], name)); !bytes.Equal(a, b) {
		t.Errorf("two runs gave different packages")
	}
	info, err := exec.Command("dpkg-deb", "--info", pkg).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"Package: urg", "Version: 1.2.3", "Architecture: " + arch, "Maintainer: ", "Description: "} {
		if !strings.Contains(string(info), f) {
			t.Errorf("dpkg-deb --info lacks %q:\n%s", f, info)
		}
	}
	contents, err := exec.Command("dpkg-deb", "--contents", pkg).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"./usr/bin/urg", "./usr/bin/spot", "./usr/share/man/man1/urg.1.gz", "./usr/share/man/man1/spot.1.gz",
		"./usr/share/bash-completion/completions/urg", "./usr/share/zsh/vendor-completions/_urg",
		"./usr/share/fish/vendor_completions.d/urg.fish", "./usr/share/bash-completion/completions/spot",
		"./usr/share/zsh/vendor-completions/_spot", "./usr/share/fish/vendor_completions.d/spot.fish",
		"./usr/share/doc/urg/copyright", "./usr/share/doc/urg/changelog.gz"} {
		if !strings.Contains(string(contents), " "+f+"\n") {
			t.Errorf("dpkg-deb --contents lacks %s", f)
		}
	}
	root := t.TempDir()
	for _, d := range []string{"var/lib/dpkg/info", "var/lib/dpkg/updates"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, "var/lib/dpkg/status"), nil, 0o644)
	if out, err := exec.Command("dpkg", "--root="+root, "-i", pkg).CombinedOutput(); err != nil {
		t.Fatalf("dpkg --root -i: %v: %s", err, out)
	}
	if out, err := exec.Command(filepath.Join(root, "usr/bin/urg"), "--version").Output(); err != nil || string(out) != "urg v1.2.3\n" {
		t.Errorf("the installed urg --version: %q, %v", out, err)
	}
	if out, err := exec.Command("dpkg", "--root="+root, "-r", "urg").CombinedOutput(); err != nil {
		t.Fatalf("dpkg --root -r: %v: %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(root, "usr/bin/urg")); err == nil {
		t.Error("urg is still there after dpkg -r")
	}
	if lintian, err := exec.LookPath("lintian"); err == nil {
		out, err := exec.Command(lintian, pkg).CombinedOutput()
		if err != nil || strings.Contains("\n"+string(out), "\nE: ") || strings.Contains("\n"+string(out), "\nW: ") {
			t.Errorf("lintian: %v: %s", err, out)
		}
	} else {
		t.Log("lintian is not installed: the package is not checked by it")
	}
}
