package globset

import (
	"math/rand/v2"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestLastAgainstEveryGlob checks Last against matching every glob in
// turn, on random globs of every kind (literal, prefix, suffix, a path's
// last part, none) over random paths, folded or not, for files and
// directories; with AnyStar set on the globs of base names, whose '*'
// (path.Match's) matches any string of a name, and not.
func TestLastAgainstEveryGlob(t *testing.T) {
	for _, anyStar := range []bool{false, true} {
		testLastAgainstEveryGlob(t, anyStar, false)
	}
}

// TestLastCross is TestLastAgainstEveryGlob with Cross set: the globs'
// '*' and '?' match '/' too, as fnmatch's do, and '*' matches any
// string (AnyStar), of a path too.
func TestLastCross(t *testing.T) {
	testLastAgainstEveryGlob(t, true, true)
}

// crossMatch is a matcher of the test's globs whose '*' and '?' match
// '/' too.
func crossMatch(pat string) func(string) bool {
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := strings.IndexByte(pat[i:], ']')
			b.WriteString(pat[i : i+j+1])
			i += j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re := regexp.MustCompile("^(?s:" + b.String() + ")$")
	return re.MatchString
}

func testLastAgainstEveryGlob(t *testing.T, anyStar, cross bool) {
	r := rand.New(rand.NewPCG(3, 4))
	parts := []string{"a", "b", "ab", "x.c", "y.h", "A", "B.C", "**", "*", "?", "[ab]", "*.c", "a*", "*b", ".c", "{a,b}"}
	word := func(n int) string {
		var b strings.Builder
		for range 1 + r.IntN(n) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	names := []string{"a", "b", "ab", "x.c", "y.h", "A", "B.C", "ab.c", "ba", "abb", ".c", "c"}
	matched := 0
	for round := range 300 {
		var globs []Glob
		for range 1 + r.IntN(12) {
			segs := make([]string, 1+r.IntN(3))
			for i := range segs {
				segs[i] = word(3)
			}
			pat := strings.Join(segs, "/")
			fold := r.IntN(4) == 0
			if fold {
				pat = strings.ToLower(pat)
			}
			p := pat
			match := func(s string) bool { ok, _ := path.Match(strings.ReplaceAll(p, "**", "*"), s); return ok }
			if cross {
				match = crossMatch(p)
			}
			globs = append(globs, Glob{Pattern: pat, Path: len(segs) > 1, Fold: fold, DirOnly: r.IntN(5) == 0,
				AnyStar: anyStar && (cross || len(segs) == 1), Cross: cross, Match: match})
		}
		s := New(globs)
		for range 50 {
			segs := make([]string, 1+r.IntN(3))
			for i := range segs {
				segs[i] = names[r.IntN(len(names))]
			}
			rel, dir := strings.Join(segs, "/"), r.IntN(3) == 0
			name := segs[len(segs)-1]
			want := -1
			for i := len(globs) - 1; i >= 0; i-- {
				g := globs[i]
				subject := name
				if g.Path {
					subject = rel
				}
				if g.Fold {
					subject = strings.ToLower(subject)
				}
				if (!g.DirOnly || dir) && g.Match(subject) {
					want = i
					break
				}
			}
			if want >= 0 {
				matched++
			}
			if got := s.Last(rel, name, dir); got != want {
				t.Fatalf("round %d (AnyStar %v, Cross %v): Last(%q, dir %v) = %d, want %d; globs %+v", round, anyStar, cross, rel, dir, got, want, globs)
			}
		}
	}
	if matched < 500 {
		t.Fatalf("only %d of 15,000 lookups matched a glob: the test is too weak", matched)
	}
}
