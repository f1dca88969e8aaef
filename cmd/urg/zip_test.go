package main

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
)

// zipText is what the compressed files of these tests hold: 1 MiB of
// lines, more than the searcher's first buffer (256 KiB) and a bzip2
// block (900 kB), with a needle on every 100th line. Its lines repeat
// every 1000, so that its bzip2 fixture stays small.
var zipText = sync.OnceValue(func() string {
	words := []string{"alpha", "beta", "gamma", "delta", "haystack"}
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "%s %s %d", words[i%5], words[(i/5)%4], i%100)
		if i%100 == 42 {
			fmt.Fprintf(&b, " needle%d", i/100%10)
		}
		b.WriteByte('\n')
	}
	return b.String()
})

// zipFixture is zipText compressed with `bzip2 -9`: Go has no bzip2
// writer, and CI no bzip2 tool. TestZipBzip2Fixture remakes it when
// URG_WRITE_ZIP_FIXTURE=1 and bzip2 is on PATH.
const zipFixture = "testdata/zip/x.bz2"

// zipExts are the compressed files' suffixes, one per format.
var zipExts = []string{".gz", ".bz2", ".xz", ".zst", ".lz4"}

// zipCompress compresses data as the file suffix ext says, with Go
// writers (bzip2: the fixture, which holds zipText).
func zipCompress(t testing.TB, ext string, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	var w io.WriteCloser
	var err error
	switch ext {
	case ".gz":
		w = gzip.NewWriter(&b)
	case ".xz":
		w, err = xz.NewWriter(&b)
	case ".zst":
		w, err = zstd.NewWriter(&b, zstd.WithEncoderConcurrency(1))
	case ".lz4":
		w = lz4.NewWriter(&b)
	case ".bz2":
		if string(data) != zipText() {
			t.Fatal("the bzip2 fixture holds zipText only")
		}
		fixture, err := os.ReadFile(zipFixture)
		if err != nil {
			t.Fatal(err)
		}
		return fixture
	default:
		t.Fatalf("no compressor for %s", ext)
	}
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// zipDir writes x (zipText) and x.gz, x.bz2, x.xz, x.zst and x.lz4
// holding it into a new directory, which it returns.
func zipDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{"x": zipText()}
	for _, ext := range zipExts {
		files["x"+ext] = string(zipCompress(t, ext, []byte(zipText())))
	}
	writeTree(t, dir, files)
	return dir
}

// TestZipBzip2Fixture checks that the bzip2 fixture holds zipText, and
// remakes it when asked to.
func TestZipBzip2Fixture(t *testing.T) {
	if os.Getenv("URG_WRITE_ZIP_FIXTURE") == "1" {
		bz, err := exec.LookPath("bzip2")
		if err != nil {
			t.Fatalf("URG_WRITE_ZIP_FIXTURE=1 needs bzip2 on PATH: %v", err)
		}
		cmd := exec.Command(bz, "-9", "-c")
		cmd.Stdin = strings.NewReader(zipText())
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(zipFixture), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(zipFixture, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(zipFixture)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := io.ReadAll(bzip2.NewReader(f))
	if err != nil || string(got) != zipText() {
		t.Fatalf("%s does not hold zipText (err %v): remake it with URG_WRITE_ZIP_FIXTURE=1 go test -run TestZipBzip2Fixture ./cmd/urg", zipFixture, err)
	}
}

// zipModes are the outputs each compressed file is searched for.
var zipModes = [][]string{
	{"-n", "needle[0-4]"},
	{"-c", "needle"},
	{"-o", "-b", `needle\d`},
	{"-l", "needle7"},
	{"-c", "-v", "needle"},
	{"-n", "-A1", "-B2", "needle9"},
}

// TestZipFormats: each compressed file, searched with --search-zip, gives
// what x gives (with its own name under -l), and without the flag it is
// searched as the bytes it holds.
func TestZipFormats(t *testing.T) {
	dir := zipDir(t)
	for _, mode := range zipModes {
		want := urgT(t, dir, nil, append(mode, "x")...)
		if want.code != 0 || want.stdout == "" {
			t.Fatalf("urg %q x: %+v", mode, want)
		}
		for _, ext := range zipExts {
			got := urgT(t, dir, nil, append(append([]string{"--search-zip"}, mode...), "x"+ext)...)
			if mode[0] == "-l" {
				got.stdout = strings.ReplaceAll(got.stdout, "x"+ext, "x")
			}
			checkResult(t, fmt.Sprintf("urg --search-zip %q x%s", mode, ext), got, want)
		}
	}
	count := urgT(t, dir, nil, "-c", "needle", "x")
	for _, ext := range zipExts {
		if got := urgT(t, dir, nil, "-a", "-c", "needle", "x"+ext); got.stdout == count.stdout {
			t.Errorf("urg -a -c needle x%s, without --search-zip: %+v, the count of what it holds", ext, got)
		}
	}
	// Standard input is searched as it is, as rg -z does.
	gz := zipCompress(t, ".gz", []byte(zipText()))
	if got := urgT(t, dir, gz, "--search-zip", "-a", "-c", "needle"); got.stdout != "0\n" {
		t.Errorf("urg --search-zip -c needle < x.gz: %+v, want standard input searched undecompressed", got)
	}
}

// TestZipTree searches a tree of compressed and plain files under every
// engine: each compressed file's lines are those of what it holds, a
// large one too (mapped, or read around the page cache, were it not
// compressed), and so are a tiny one shorter than any match and one
// holding binary data; a file whose start merely looks like a magic is
// searched as text.
func TestZipTree(t *testing.T) {
	dir := zipDir(t)
	member := zipCompress(t, ".gz", []byte(zipText()))
	big := bytes.Repeat(member, (2<<20)/len(member)+1) // over 2 MiB, one gzip stream
	writeTree(t, dir, map[string]string{
		"sub/big.gz":   string(big),
		"sub/tiny.gz":  string(zipCompress(t, ".gz", []byte(strings.Repeat("a", 60)+"\n"))), // shorter than a{50}
		"sub/bin.zst":  string(zipCompress(t, ".zst", []byte("needle9 in data\x00with a NUL\n"))),
		"sub/bz.txt":   "BZh9 is how bzip2 starts, needle9\n",
		"sub/plain.gz": "not gzip at all, needle9\n",
	})
	plain := urgT(t, dir, nil, "-n", "needle9", "x")
	var want []string
	for _, f := range []string{"x", "x.gz", "x.bz2", "x.xz", "x.zst", "x.lz4"} {
		for _, l := range strings.SplitAfter(plain.stdout, "\n") {
			if l != "" {
				want = append(want, f+":"+l)
			}
		}
	}
	lines := strings.Count(zipText(), "\n")
	for k := range len(big) / len(member) {
		for _, l := range strings.SplitAfter(plain.stdout, "\n") {
			var no int
			if _, err := fmt.Sscanf(l, "%d:", &no); err == nil {
				_, rest, _ := strings.Cut(l, ":")
				want = append(want, fmt.Sprintf("sub/big.gz:%d:%s", k*lines+no, rest))
			}
		}
	}
	want = append(want, "sub/bz.txt:1:BZh9 is how bzip2 starts, needle9\n", "sub/plain.gz:1:not gzip at all, needle9\n")
	slices.SortStableFunc(want, func(a, b string) int {
		fa, _, _ := strings.Cut(a, ":")
		fb, _, _ := strings.Cut(b, ":")
		return walkOrder(fa, fb) // the files in walk order, each file's lines as they come
	})
	wantOut := strings.Join(want, "")
	for _, engine := range append(engines(t), "direct") {
		got := urgT(t, dir, nil, "--search-zip", "--io="+engine, "-r", "--sort=path", "-n", "needle9")
		checkResult(t, "urg --search-zip --io="+engine+" -r --sort=path -n needle9", got,
			result{wantOut, "urg: sub/bin.zst: binary file matches\n", 0})
		got = urgT(t, dir, nil, "--search-zip", "--io="+engine, "-c", "a{50}", "sub/tiny.gz")
		checkResult(t, "urg --search-zip --io="+engine+" -c a{50} sub/tiny.gz", got, result{"1\n", "", 0})
	}
}

// TestZipDamaged: a truncated stream and a corrupt one each give one
// error line for their file and exit status 2; the lines found before
// the damage are printed, and the other files are searched.
func TestZipDamaged(t *testing.T) {
	dir := zipDir(t)
	text := zipText()
	half := strings.LastIndexByte(text[:len(text)/2], '\n') + 1
	gz := zipCompress(t, ".gz", []byte(text))
	// A first member whose checksum is wrong, then a good one: gzip
	// finds it at the first member's end, after its lines.
	first := zipCompress(t, ".gz", []byte(text[:half]))
	first[len(first)-8] ^= 0xff // the CRC-32, before the length
	corrupt := append(first, zipCompress(t, ".gz", []byte(text[half:]))...)
	// Two zstd frames, the second's magic wrong.
	second := zipCompress(t, ".zst", []byte(text[half:]))
	second[0] ^= 0xff
	badZst := append(zipCompress(t, ".zst", []byte(text[:half])), second...)
	xzs := zipCompress(t, ".xz", []byte(text))
	writeTree(t, dir, map[string]string{
		"t.gz":     string(gz[:len(gz)/2]),
		"c.gz":     string(corrupt),
		"c.zst":    string(badZst),
		"t.xz":     string(xzs[:len(xzs)/2]),
		"sub/x.gz": string(gz),
	})
	all := urgT(t, dir, nil, "-n", "needle", "x").stdout
	got := urgT(t, dir, nil, "--search-zip", "-r", "--sort=path", "-n", "needle")
	if got.code != 2 {
		t.Errorf("exit status %d, want 2 (stderr %q)", got.code, got.stderr)
	}
	errs := sortedLines(got.stderr)
	wantErrs := []string{
		"urg: c.gz: Corrupt gzip stream: gzip: invalid checksum",
		"urg: c.zst: Corrupt zstd stream: invalid input: magic number mismatch",
		"urg: t.gz: Truncated gzip stream",
		"urg: t.xz: Truncated xz stream",
	}
	if len(errs) != len(wantErrs) {
		t.Errorf("stderr %q, want one line for each of c.gz, c.zst, t.gz, t.xz", got.stderr)
	} else {
		for i, e := range errs {
			if !strings.HasPrefix(e, wantErrs[i]) {
				t.Errorf("error line %q, want it to start %q", e, wantErrs[i])
			}
		}
	}
	byFile := map[string]string{}
	for _, l := range strings.SplitAfter(got.stdout, "\n") {
		if name, line, ok := strings.Cut(l, ":"); ok {
			byFile[name] += line
		}
	}
	for _, f := range []string{"x", "x.gz", "x.bz2", "x.xz", "x.zst", "x.lz4", "sub/x.gz"} {
		if byFile[f] != all {
			t.Errorf("%s: %d bytes of lines, want %d, as in x", f, len(byFile[f]), len(all))
		}
	}
	wantHalf := linesBefore(all, half)
	for _, f := range []string{"c.gz", "c.zst"} {
		if byFile[f] != wantHalf {
			t.Errorf("%s: %q, want the lines of its first member, %q", f, truncate(byFile[f]), truncate(wantHalf))
		}
	}
	if byFile["t.gz"] == "" || !strings.HasPrefix(all, byFile["t.gz"]) {
		t.Errorf("t.gz: %q, want a start of x's lines", truncate(byFile["t.gz"]))
	}
}

// linesBefore is what of out (urg -n lines of zipText) lies before byte
// offset off, a line's start: the lines that end before it.
func linesBefore(out string, off int) string {
	n := strings.Count(zipText()[:off], "\n")
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		var no int
		if _, err := fmt.Sscanf(l, "%d:", &no); err == nil && no <= n {
			b.WriteString(l)
		}
	}
	return b.String()
}

// TestZipRipgrep compares with rg -z over the same tree, for the formats
// whose tools rg finds (it runs gzip, bzip2, xz, zstd and lz4 to
// decompress).
func TestZipRipgrep(t *testing.T) {
	rg, err := exec.LookPath("rg")
	if err != nil {
		t.Skipf("rg is not on PATH, nothing to compare with: %v", err)
	}
	dir := zipDir(t)
	tools := map[string]string{".gz": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd", ".lz4": "lz4"}
	for _, ext := range zipExts {
		if _, err := exec.LookPath(tools[ext]); err != nil {
			t.Logf("%s is not on PATH: rg cannot read x%s, left out", tools[ext], ext)
			if err := os.Remove(filepath.Join(dir, "x"+ext)); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeTree(t, dir, map[string]string{"sub/y.gz": string(zipCompress(t, ".gz", []byte(zipText())))})
	for _, mode := range zipModes {
		if mode[0] == "-c" {
			continue // rg -c leaves out the files that count 0
		}
		args := append(slices.Clone(mode), "-H")
		want := runCtx(t, dir, nil, nil, rg, append([]string{"-z", "-uuu", "-a", "--no-unicode", "--no-heading", "--color=never"}, args...)...)
		if want.code != 0 {
			t.Fatalf("rg %q: %+v", args, want)
		}
		got := urgT(t, dir, nil, append([]string{"--search-zip", "-a", "-r"}, args...)...)
		if !slices.Equal(sortedLines(got.stdout), sortedLines(want.stdout)) || got.code != want.code {
			t.Errorf("urg --search-zip -r %q: %d lines, exit %d; rg -z: %d lines, exit %d\nurg: %q\nrg:  %q", args,
				len(sortedLines(got.stdout)), got.code, len(sortedLines(want.stdout)), want.code, truncate(got.stdout), truncate(want.stdout))
		}
	}
	want := runCtx(t, dir, nil, nil, rg, "-z", "-uuu", "-a", "--no-unicode", "-c", "needle")
	got := urgT(t, dir, nil, "--search-zip", "-a", "-r", "-c", "needle")
	if !slices.Equal(sortedLines(got.stdout), sortedLines(want.stdout)) {
		t.Errorf("urg --search-zip -r -c needle: %q; rg -z: %q", got.stdout, want.stdout)
	}
}

// TestZipMemory searches a gzip stream of 4 GiB decompressed (one member
// written many times over: concatenated members are one stream) with a
// peak RSS under 64 MiB: the stream is read and searched as it comes.
func TestZipMemory(t *testing.T) {
	var chunk bytes.Buffer
	needles := 0
	for i := 0; chunk.Len() < 4<<20; i++ {
		if i%1000 == 0 {
			fmt.Fprintf(&chunk, "a needle in line %d\n", i)
			needles++
		} else {
			chunk.WriteString("the quick brown fox jumps over the lazy dog, an ordinary line of text\n")
		}
	}
	var member bytes.Buffer
	zw, err := gzip.NewWriterLevel(&member, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(chunk.Bytes())
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	const size int64 = 4 << 30 // past 32 bits, which int may not hold
	members := size/int64(chunk.Len()) + 1
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "big.gz"))
	if err != nil {
		t.Fatal(err)
	}
	for range members {
		if _, err := f.Write(member.Bytes()); err != nil {
			f.Close()
			t.Skipf("the temporary directory could not hold the %d MiB stream: %v", members*int64(member.Len())>>20, err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	const limitKiB = 64 << 10
	got, kib := peakRSS(t, dir, "--search-zip", "-c", "needle", "big.gz")
	checkResult(t, "urg --search-zip -c needle big.gz", got, result{fmt.Sprintf("%d\n", members*int64(needles)), "", 0})
	t.Logf("%d MiB decompressed from %d MiB: peak RSS %d KiB", members*int64(chunk.Len())>>20, members*int64(member.Len())>>20, kib)
	if kib >= limitKiB {
		t.Errorf("peak RSS %d KiB, want under %d KiB", kib, limitKiB)
	}
}

// TestZipLzmaCompressAsRipgrep15: --search-zip reads .lzma (LZMA-alone)
// and .Z (compress) files, recognised by their headers, as rg 15 -z
// reads them through xz and uncompress; the fixtures are the decompress
// package's, made by those tools.
func TestZipLzmaCompressAsRipgrep15(t *testing.T) {
	rg, _ := ripgrep15(t)
	dir := t.TempDir()
	files := map[string]string{}
	for name, tool := range map[string]string{"text.Z": "uncompress", "text-b10.Z": "uncompress", "lines.lzma": "xz"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Logf("%s is not on PATH: rg cannot read %s, left out", tool, name)
			continue
		}
		b, err := os.ReadFile(filepath.Join("..", "..", "decompress", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(b)
	}
	writeTree(t, dir, files)
	for _, args := range [][]string{{"-c", "needle"}, {"-n", "needle 9[0-9]?$"}, {"-o", "line 29[0-9]{2}"}} {
		want := runCtx(t, dir, nil, nil, rg, append([]string{"-z", "-uuu", "-a", "--no-unicode", "--no-heading", "--color=never", "-H"}, args...)...)
		got := urgT(t, dir, nil, append([]string{"--search-zip", "-a", "-r", "-H"}, args...)...)
		if !slices.Equal(sortedLines(got.stdout), sortedLines(want.stdout)) || got.code != want.code {
			t.Errorf("urg --search-zip %q: exit %d %q; rg -z: exit %d %q", args, got.code, truncate(got.stdout), want.code, truncate(want.stdout))
		}
	}
}
