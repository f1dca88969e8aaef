package main

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestGetoptArgsRipgrepNames: a prefix still names the one urg option it
// begins, but the full name of a ripgrep option urg lacks is refused, even
// when it begins an urg option (--mmap, --mmap-chunk).
func TestGetoptArgsRipgrepNames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string // nil: an error naming args[0]
	}{
		{[]string{"--max-c=2", "x"}, []string{"--max-count=2", "x"}},
		{[]string{"--max-c", "2", "x"}, []string{"--max-count", "2", "x"}},
		{[]string{"--no-ignore-c", "x"}, []string{"--no-ignore-case", "x"}},
		{[]string{"--no-mmap", "x"}, nil},
		{[]string{"--mmap", "x"}, nil}, // not --mmap-chunk taking x
		{[]string{"--sort-files", "x"}, nil},
		{[]string{"--pcre2-version", "x"}, nil},
		{[]string{"--engine", "pcre2", "x"}, nil},
		{[]string{"--maxdepth=1", "x"}, nil}, // an alias of --max-depth
		// Operands and option values are not options.
		{[]string{"-e", "--no-mmap", "f"}, []string{"-e", "--no-mmap", "f"}},
		{[]string{"--regexp", "--no-mmap"}, []string{"--regexp", "--no-mmap"}},
		{[]string{"x", "--", "--no-mmap"}, []string{"x", "--", "--no-mmap"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			fs, _ := flagSet(&options{})
			got, err := getoptArgs(fs, tc.args)
			if tc.want != nil {
				if err != nil || !slices.Equal(got, tc.want) {
					t.Errorf("getoptArgs(%q) = %q, %v; want %q", tc.args, got, err, tc.want)
				}
				return
			}
			name, _, _ := strings.Cut(tc.args[0], "=")
			want := "unrecognized option '" + name + "' (a ripgrep option urg does not take)"
			if err == nil || err.Error() != want {
				t.Errorf("getoptArgs(%q) = %q, %v; want the error %q", tc.args, got, err, want)
			}
		})
	}
}

// TestLongFlagRipgrepOptions: each name of the table is urg's option of
// that name when urg has one, else an error, never a prefix of another
// urg option; --no-ignore is never --no-ignore-case.
func TestLongFlagRipgrepOptions(t *testing.T) {
	fs, _ := flagSet(&options{})
	for _, name := range ripgrepOptions {
		f, err := longFlag(fs, name)
		switch own := fs.Lookup(name); {
		case own != nil && (f != own || err != nil):
			t.Errorf("longFlag(%q) = %v, %v; want urg's own --%s", name, f, err, name)
		case own == nil && (err == nil || !strings.Contains(err.Error(), "'--"+name+"'")):
			t.Errorf("longFlag(%q) = %v, %v; want an error naming it", name, f, err)
		}
	}
	if f, _ := longFlag(fs, "no-ignore"); f != nil && f.Name != "no-ignore" {
		t.Errorf("longFlag(no-ignore) = --%s", f.Name)
	}
}

// TestArgsRipgrepOptions: the table is sorted, and holds every long
// option named in an installed ripgrep's --help (ripgrep 15 or later), so
// that it stays true; against 15.2 itself, it holds no other name.
func TestArgsRipgrepOptions(t *testing.T) {
	if !slices.IsSorted(ripgrepOptions) {
		t.Fatal("ripgrepOptions is not sorted")
	}
	for i := 1; i < len(ripgrepOptions); i++ {
		if ripgrepOptions[i] == ripgrepOptions[i-1] {
			t.Errorf("ripgrepOptions holds %q twice", ripgrepOptions[i])
		}
	}
	rg, version := ripgrep15(t)
	out, err := exec.Command(rg, "--help").Output()
	if err != nil {
		t.Fatalf("%s --help: %v", rg, err)
	}
	// Every --name in the text: the flags' headings, and the negations
	// and aliases their descriptions name.
	inHelp := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?:^|[^\w-])--([a-z][a-z0-9-]*[a-z0-9])`).FindAllSubmatch(out, -1) {
		inHelp[string(m[1])] = true
	}
	// Other programs' options the descriptions name.
	notRipgrep := map[string]bool{
		"print0": true, // find's, in -0/--null's description
	}
	for name := range inHelp {
		if !notRipgrep[name] && !isRipgrepOption(name) {
			t.Errorf("%s --help names --%s, which ripgrepOptions lacks", rg, name)
		}
	}
	if strings.HasPrefix(version, "15.2.") {
		for _, name := range ripgrepOptions {
			if !inHelp[name] {
				t.Errorf("ripgrepOptions holds %q, which %s %s --help does not name", name, rg, version)
			}
		}
	}
	if len(inHelp) < 100 {
		t.Errorf("%s --help names only %d long options; is its format still read right?", rg, len(inHelp))
	}
}

// ripgrep15 finds ripgrep 15 or later, /opt/peers/bin/rg15 or rg on PATH,
// with its version, or skips the test.
func ripgrep15(t *testing.T) (path, version string) {
	t.Helper()
	path, version, seen := findRipgrep15()
	if path == "" {
		t.Skipf("no ripgrep 15 or later to check the table against (found: %q)", seen)
	}
	return path, version
}

// findRipgrep15 is ripgrep15's search: "" when there is none, with the
// ripgreps seen.
func findRipgrep15() (path, version string, seen []string) {
	candidates := []string{"/opt/peers/bin/rg15"}
	if p, err := exec.LookPath("rg"); err == nil {
		candidates = append(candidates, p)
	}
	for _, p := range candidates {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		out, err := exec.Command(p, "--version").Output()
		if err != nil {
			continue
		}
		first, _, _ := strings.Cut(string(out), "\n")
		v, ok := strings.CutPrefix(first, "ripgrep ")
		if !ok {
			continue
		}
		seen = append(seen, p+": "+first)
		major, _, _ := strings.Cut(v, ".")
		if n, err := strconv.Atoi(major); err == nil && n >= 15 {
			return p, strings.TrimSpace(v), seen
		}
	}
	return "", "", seen
}

// TestArgsRipgrepOnlyExit: through the binary, a ripgrep option urg lacks
// is a usage error, status 2, named with a hint; its prefix-mate
// --mmap-chunk is not taken in its place.
func TestArgsRipgrepOnlyExit(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"f": "x\n"})
	for _, opt := range []string{"--no-mmap", "--mmap", "--sort-files"} {
		r := urg(t, dir, opt, "x", "f")
		want := "urg: unrecognized option '" + opt + "' (a ripgrep option urg does not take)\n"
		if r.code != 2 || !strings.HasPrefix(r.stderr, want) || r.stdout != "" {
			t.Errorf("urg %s x f: status %d, stdout %q, stderr %q; want status 2 and %q first", opt, r.code, r.stdout, r.stderr, want)
		}
	}
}
