// Command dist makes urg's release archives: for each target, urg and
// spot built with -trimpath, stripped, and the version stamped in, their man pages,
// bash, zsh and fish completions, the README and the LICENSE, in a
// .tar.gz (a .zip for Windows), and a SHA256SUMS of them. Two runs from
// the same commit give the same bytes: every file's time is the commit's
// (SOURCE_DATE_EPOCH), its owner root, its mode 0755 or 0644, the
// entries sorted, and the binaries built without a build ID.
//
//	go run ./dist [-out DIR] [-version V] [-targets "linux/amd64 ..."] [-deb]
//
// With -deb it makes Debian packages instead, of the Linux targets
// (deb.go).
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"

	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Targets are the platforms a release is built for.
const Targets = "linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64 freebsd/amd64"

func main() {
	out := flag.String("out", "dist/out", "where the archives and SHA256SUMS go")
	version := flag.String("version", "", "the version stamped in (default: git describe)")
	targets := flag.String("targets", Targets, "GOOS/GOARCH pairs, space-separated")
	debs := flag.Bool("deb", false, "make Debian packages (of the linux targets) instead of archives")
	flag.Parse()
	if err := run(*out, *version, strings.Fields(*targets), *debs); err != nil {
		fmt.Fprintf(os.Stderr, "dist: %v\n", err)
		os.Exit(1)
	}
}

// run makes the archives (or, with debs, the Debian packages) of targets
// in out, stamped version (git describe when empty), and their list of
// SHA-256 sums.
func run(out, version string, targets []string, debs bool) error {
	if version == "" {
		v, err := describe()
		if err != nil {
			return err
		}
		version = v
	}
	epoch, err := sourceDate()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "urg-dist-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	docs, err := hostDocs(work, version)
	if err != nil {
		return err
	}
	var sums []string
	for _, t := range targets {
		goos, _, ok := strings.Cut(t, "/")
		if !ok {
			return fmt.Errorf("target %q is not GOOS/GOARCH", t)
		}
		if debs && goos != "linux" {
			continue
		}
		dir := filepath.Join(work, strings.ReplaceAll(t, "/", "-"))
		if err := build(dir, t, version); err != nil {
			return err
		}
		pack := packArchive
		if debs {
			pack = packDeb
		}
		name, data, err := pack(out, dir, t, version, docs, epoch)
		if err != nil {
			return err
		}
		sums = append(sums, fmt.Sprintf("%x  %s\n", sha256.Sum256(data), name))
	}
	// In the order of the archives' names, as sha256sum lists them.
	slices.SortFunc(sums, func(a, b string) int { return strings.Compare(a[66:], b[66:]) })
	list := "SHA256SUMS"
	if debs {
		list = "SHA256SUMS-deb"
	}
	return os.WriteFile(filepath.Join(out, list), []byte(strings.Join(sums, "")), 0o644)
}

// hostDocs builds urg and spot for the host under work and returns the
// files every target's archive holds besides its binaries: the man pages
// and completions the host's build generates (the same for every target),
// the README and the LICENSE.
func hostDocs(work, version string) (map[string][]byte, error) {
	host := filepath.Join(work, "host")
	if err := build(host, runtime.GOOS+"/"+runtime.GOARCH, version); err != nil {
		return nil, err
	}
	docs := map[string][]byte{}
	for name, args := range map[string][]string{
		"urg.1": {"urg", "--generate=man"}, "spot.1": {"spot", "--generate=man"},
		"complete/urg.bash": {"urg", "--generate=complete-bash"}, "complete/_urg": {"urg", "--generate=complete-zsh"},
		"complete/urg.fish":  {"urg", "--generate=complete-fish"},
		"complete/spot.bash": {"spot", "--generate=complete-bash"}, "complete/_spot": {"spot", "--generate=complete-zsh"},
		"complete/spot.fish": {"spot", "--generate=complete-fish"},
	} {
		b, err := exec.Command(filepath.Join(host, exe(args[0], runtime.GOOS)), args[1:]...).Output()
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", args[0], args[1], err)
		}
		docs[name] = b
	}
	for _, name := range []string{"README.md", "LICENSE"} {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		docs[name] = b
	}
	return docs, nil
}

// packDeb makes the Debian package of target's build in dir, in out, and
// returns its name and bytes.
func packDeb(out, dir, target, version string, docs map[string][]byte, epoch time.Time) (string, []byte, error) {
	name, err := deb(out, dir, target[len("linux/"):], version, docs, epoch)
	if err != nil {
		return "", nil, err
	}
	data, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		return "", nil, err
	}
	return name, data, nil
}

// packArchive makes the archive of target's build in dir (its binaries
// and docs), writes it in out, and returns its name and bytes.
func packArchive(out, dir, target, version string, docs map[string][]byte, epoch time.Time) (string, []byte, error) {
	goos, _, _ := strings.Cut(target, "/")
	base := "urg-" + version + "-" + strings.ReplaceAll(target, "/", "-")
	files := map[string][]byte{}
	for k, v := range docs {
		files[k] = v
	}
	for _, b := range []string{"urg", "spot"} {
		data, err := os.ReadFile(filepath.Join(dir, exe(b, goos)))
		if err != nil {
			return "", nil, err
		}
		files[exe(b, goos)] = data
	}
	name, data, err := archive(base, goos, files, epoch)
	if err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
		return "", nil, err
	}
	return name, data, nil
}

// build builds urg and spot for target into dir.
func build(dir, target, version string) error {
	goos, goarch, _ := strings.Cut(target, "/")
	for _, b := range []string{"urg", "spot"} {
		cmd := exec.Command("go", "build", "-trimpath",
			"-ldflags=-checklinkname=0 -buildid= -s -w -X main.version="+version,
			"-o", filepath.Join(dir, exe(b, goos)), "./cmd/"+b)
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS=")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s for %s: %w", b, target, err)
		}
	}
	return nil
}

// exe is a binary's file name on goos.
func exe(name, goos string) string {
	if goos == "windows" {
		return name + ".exe"
	}
	return name
}

// archive packs files (by name) under the directory base: a zip for
// Windows, else a gzipped tar; every entry dated epoch, owned by root,
// in name order.
func archive(base, goos string, files map[string][]byte, epoch time.Time) (string, []byte, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	mode := func(n string) int64 {
		if n == "urg" || n == "spot" || strings.HasSuffix(n, ".exe") {
			return 0o755
		}
		return 0o644
	}
	var buf bytes.Buffer
	if goos == "windows" {
		z := zip.NewWriter(&buf)
		for _, n := range names {
			h := &zip.FileHeader{Name: base + "/" + n, Method: zip.Deflate, Modified: epoch}
			h.SetMode(os.FileMode(mode(n)))
			w, err := z.CreateHeader(h)
			if err != nil {
				return "", nil, err
			}
			if _, err := w.Write(files[n]); err != nil {
				return "", nil, err
			}
		}
		err := z.Close()
		return base + ".zip", buf.Bytes(), err
	}
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return "", nil, err
	}
	tw := tar.NewWriter(gz)
	dirs := map[string]bool{}
	for _, n := range names {
		for d := filepath.Dir(n); d != "."; d = filepath.Dir(d) {
			if !dirs[d] {
				dirs[d] = true
				h := &tar.Header{Typeflag: tar.TypeDir, Name: base + "/" + d + "/", Mode: 0o755, ModTime: epoch, Format: tar.FormatPAX}
				if err := tw.WriteHeader(h); err != nil {
					return "", nil, err
				}
			}
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: base + "/" + n, Mode: mode(n), Size: int64(len(files[n])), ModTime: epoch, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return "", nil, err
		}
		if _, err := tw.Write(files[n]); err != nil {
			return "", nil, err
		}
	}
	if err := errors.Join(tw.Close(), gz.Close()); err != nil {
		return "", nil, err
	}
	return base + ".tar.gz", buf.Bytes(), nil
}

// sourceDate is SOURCE_DATE_EPOCH, or the commit's time.
func sourceDate() (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		var err error
		if s, err = git("log", "-1", "--format=%ct"); err != nil {
			return time.Time{}, err
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: %w", s, err)
	}
	return time.Unix(n, 0).UTC(), nil
}

// describe is the version of the checkout's commit, as the Makefile's
// VERSION stamps a build from it too.
func describe() (string, error) { return git("describe", "--tags", "--always", "--dirty") }

// git runs git with args and returns its output, trimmed.
func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}
