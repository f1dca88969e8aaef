package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// debArches are the Debian architectures made, by GOARCH.
var debArches = map[string]string{"amd64": "amd64", "arm64": "arm64"}

// debVersion is version as Debian reads versions: a release's (v1.2.3,
// and v1.2.3-4-gHASH after it, as git describe gives them) as 1.2.3 and
// 1.2.3+4+gHASH; anything else (a commit with no tag) as 0~git<it>.
func debVersion(version string) string {
	v := strings.TrimPrefix(version, "v")
	if head, _, _ := strings.Cut(v, "-"); strings.Count(head, ".") >= 1 && strings.Trim(head, "0123456789.") == "" && head[0] != '.' {
		return strings.ReplaceAll(v, "-", "+")
	}
	return "0~git" + strings.ReplaceAll(version, "-", ".")
}

// deb packs a Debian package of urg and spot, built for goarch in dir,
// with docs (the man pages, completions, LICENSE): /usr/bin, the man
// pages gzipped under /usr/share/man/man1, the completions where
// bash-completion, zsh and fish look, copyright and changelog under
// /usr/share/doc/urg (a native package's changelog.gz), and lintian's
// override for static binaries; dpkg-deb builds it, owned by root, dated
// epoch.
func deb(out, dir, goarch, version string, docs map[string][]byte, epoch time.Time) (string, error) {
	arch, ok := debArches[goarch]
	if !ok {
		return "", fmt.Errorf("no Debian package for %s", goarch)
	}
	root, err := os.MkdirTemp("", "urg-deb-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(root)
	if err := os.Chmod(root, 0o755); err != nil { // the package's ./
		return "", err
	}
	v := debVersion(version)
	files, err := debFiles(dir, v, docs, epoch)
	if err != nil {
		return "", err
	}
	size, err := writeTree(root, files)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Join(root, "DEBIAN"), 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(root, "DEBIAN", "control"), []byte(control(v, arch, size)), 0o644); err != nil {
		return "", err
	}
	// Every file and directory dated epoch, so that the package's bytes
	// depend on the commit alone.
	err = filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, epoch, epoch)
	})
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("urg_%s_%s.deb", v, arch)
	cmd := exec.Command("dpkg-deb", "--root-owner-group", "-Zxz", "--build", root, filepath.Join(out, name))
	cmd.Env = append(os.Environ(), fmt.Sprintf("SOURCE_DATE_EPOCH=%d", epoch.Unix()))
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("dpkg-deb: %v: %s", err, b)
	}
	return name, nil
}

// debFiles is the package's files by path under its root: the binaries
// in dir, and docs where Debian keeps them, for Debian version v.
func debFiles(dir, v string, docs map[string][]byte, epoch time.Time) (map[string][]byte, error) {
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	files := map[string][]byte{
		"usr/share/man/man1/urg.1.gz":                   gz(docs["urg.1"]),
		"usr/share/man/man1/spot.1.gz":                  gz(docs["spot.1"]),
		"usr/share/bash-completion/completions/urg":     docs["complete/urg.bash"],
		"usr/share/zsh/vendor-completions/_urg":         docs["complete/_urg"],
		"usr/share/fish/vendor_completions.d/urg.fish":  docs["complete/urg.fish"],
		"usr/share/bash-completion/completions/spot":    docs["complete/spot.bash"],
		"usr/share/zsh/vendor-completions/_spot":        docs["complete/_spot"],
		"usr/share/fish/vendor_completions.d/spot.fish": docs["complete/spot.fish"],
		"usr/share/doc/urg/copyright":                   copyright(docs["LICENSE"]),
		"usr/share/doc/urg/changelog.gz":                gz([]byte(changelog(v, epoch))),
		// Go's binaries are linked statically, as Debian's own Go
		// packages are.
		"usr/share/lintian/overrides/urg": []byte("urg: statically-linked-binary [usr/bin/urg]\nurg: statically-linked-binary [usr/bin/spot]\n"),
	}
	for _, b := range []string{"urg", "spot"} {
		data, err := os.ReadFile(filepath.Join(dir, b))
		if err != nil {
			return nil, err
		}
		files["usr/bin/"+b] = data
	}
	return files, nil
}

// writeTree writes files (by path) under root, those under usr/bin/
// executable, and returns their total size.
func writeTree(root string, files map[string][]byte) (int64, error) {
	var size int64
	for name, data := range files {
		mode := os.FileMode(0o644)
		if strings.HasPrefix(name, "usr/bin/") {
			mode = 0o755
		}
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(p, data, mode); err != nil {
			return 0, err
		}
		size += int64(len(data))
	}
	return size, nil
}

// control is the package's DEBIAN/control for Debian version v on arch,
// its files size bytes in all.
func control(v, arch string, size int64) string {
	return fmt.Sprintf(`Package: urg
Version: %s
Architecture: %s
Maintainer: The urg authors <urg@maintainers.invalid>
Installed-Size: %d
Section: utils
Priority: optional
Description: grep for big trees and big files, on io_uring
 urg is a recursive, Perl-syntax search that prints what GNU grep prints,
 reading many files at once: on Linux through io_uring and non-blocking
 reads of cached files. spot, a parallel find, comes with it.
`, v, arch, (size+1023)/1024)
}

// copyright is the package's copyright file, in Debian's machine-readable
// format, with the licence's text.
func copyright(license []byte) []byte {
	var b strings.Builder
	b.WriteString("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: urg\n\nFiles: *\nCopyright: 2026 the urg authors\nLicense: Expat\n")
	for _, line := range strings.Split(strings.TrimSpace(string(license)), "\n") {
		if line == "" {
			line = "."
		}
		b.WriteString(" " + line + "\n")
	}
	return []byte(b.String())
}

// changelog is the package's Debian changelog: one entry, this version.
func changelog(version string, epoch time.Time) string {
	return fmt.Sprintf("urg (%s) unstable; urgency=medium\n\n  * Built from the urg repository.\n\n -- The urg authors <urg@maintainers.invalid>  %s\n",
		version, epoch.Format(time.RFC1123Z))
}
