package globset

import (
	"math/rand/v2"
	"path"
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
		testLastAgainstEveryGlob(t, anyStar)
	}
}

func testLastAgainstEveryGlob(t *testing.T, anyStar bool) {
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
			globs = append(globs, Glob{Pattern: pat, Path: len(segs) > 1, Fold: fold, DirOnly: r.IntN(5) == 0, AnyStar: anyStar && len(segs) == 1,
				Match: func(s string) bool { ok, _ := path.Match(strings.ReplaceAll(p, "**", "*"), s); return ok }})
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
				t.Fatalf("round %d (AnyStar %v): Last(%q, dir %v) = %d, want %d; globs %+v", round, anyStar, rel, dir, got, want, globs)
			}
		}
	}
	if matched < 500 {
		t.Fatalf("only %d of 15,000 lookups matched a glob: the test is too weak", matched)
	}
}
