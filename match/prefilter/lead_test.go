package prefilter

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestLeadOffsets checks leadVec against the offsets the assembly reads.
func TestLeadOffsets(t *testing.T) {
	var v leadVec
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"hi", unsafe.Offsetof(v.hi), 32}, {"c1", unsafe.Offsetof(v.c1), 64},
		{"m2", unsafe.Offsetof(v.m2), 160}, {"a", unsafe.Offsetof(v.a), 192},
		{"b", unsafe.Offsetof(v.b), 200}, {"empty", unsafe.Offsetof(v.empty), 208},
	} {
		if c.got != c.want {
			t.Errorf("leadVec.%s at %d, the assembly reads %d", c.name, c.got, c.want)
		}
	}
	var st leadState
	if unsafe.Offsetof(st.carry) != 8 {
		t.Error("leadState.carry not at 8")
	}
}

// TestLead checks the occurrences a lead yields against the literal
// compared at every position and the run before it read byte by byte, on
// random texts of lines around the 64-byte blocks, with skips between
// occurrences.
func TestLead(t *testing.T) {
	if !SIMD {
		t.Skip("no AVX2 here: a lead needs the vector scan")
	}
	for _, c := range []struct {
		lit   string
		class string // the run's bytes
		min   int
	}{
		{"//", " \t\f\r", 1},
		{"<", " ", 1},
		{"[", " \t\f\r", 0},
		{"<a", " ", 1},
		{"//", " \t\f\r", 0},
		{"x=y", " \t", 1},
		{"ab-=", "-=", 0},
	} {
		r := &Run{Min: c.min, Max: -1, Anchored: true}
		for i := range len(c.class) {
			r.In[c.class[i]] = true
		}
		p := &Literal{Lit: []byte(c.lit)}
		p.Prepare()
		set := NewSet([]*Literal{p})
		if set.Lead = NewLead(r, p.Lit, p); set.Lead == nil {
			t.Fatalf("%q after %q: no lead", c.lit, c.class)
		}
		rng := rand.New(rand.NewPCG(5, uint64(len(c.lit)+len(c.class))))
		alphabet := []byte(c.lit + c.class + c.class + "\n\n/<abxy= \t")
		for iter := range 3000 {
			text := make([]byte, rng.IntN(600))
			for i := range text {
				text[i] = alphabet[rng.IntN(len(alphabet))]
			}
			valid := func(i int) bool {
				if !bytes.HasPrefix(text[i:], []byte(c.lit)) {
					return false
				}
				s := i
				for s > 0 && strings.IndexByte(c.class, text[s-1]) >= 0 {
					s--
				}
				return (s == 0 || text[s-1] == '\n') && i-s >= c.min
			}
			h := set.Hits(text, 0)
			checkHits(t, &h, text, valid, rng, 100, fmt.Sprintf("%q after %q, %d", c.lit, c.class, iter))
		}
	}
}
