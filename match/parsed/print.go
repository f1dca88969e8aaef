package parsed

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"urg/match/base"
)

// Print is re.String(), made quicker for large classes. To know which
// flags to print around each part, Go's printer folds every rune of every
// class; a class as large as -P's Unicode \w ([\p{L}\p{N}\p{Mn}\p{Pc}])
// costs milliseconds that way, on one core before any file is read, and a
// pattern may hold several. Here each large class is printed on its own,
// and Go prints the rest around a placeholder that takes its place: a
// letter that folds (an Adlam capital), so that Go keeps it out of any
// (?i:...) span, as a class that folds cannot be in one.
func Print(re *syntax.Regexp) string {
	var classes [][]rune
	stand := withPlaceholders(re, &classes)
	if len(classes) == 0 {
		return re.String()
	}
	s := stand.String()
	for i, c := range classes {
		tok := string(placeholderBase + rune(i))
		if strings.Count(s, tok) != 1 {
			return re.String() // the pattern spells one itself
		}
		s = strings.Replace(s, tok, printClass(c), 1)
	}
	return s
}

// largeClass is how many ranges make a class Print prints itself.
const largeClass = 64

// foldSpan is how many characters of the range where case folds, held by
// one class, make it one Print prints itself whatever its ranges: Go's
// printer folds each such character, so a class of two ranges such as
// [^0] costs as much as Unicode's \w, and a negated class repeated in
// many patterns made their compile take most of a second.
const foldSpan = 4096

// large says whether Print prints the class re itself.
func large(re *syntax.Regexp) bool {
	if re.Op != syntax.OpCharClass {
		return false
	}
	if len(re.Rune) >= 2*largeClass {
		return true
	}
	// The range of folding characters, as Go's printer bounds it.
	const minFold, maxFold = 'A', 0x1E943
	n := 0
	for i := 0; i+1 < len(re.Rune); i += 2 {
		if lo, hi := max(minFold, re.Rune[i]), min(maxFold, re.Rune[i+1]); lo <= hi {
			n += int(hi-lo) + 1
		}
	}
	return n >= foldSpan
}

// placeholderBase is the first placeholder: Adlam's capitals, which fold
// to their small letters, are 34.
const (
	placeholderBase = 0x1E900
	placeholders    = 34
)

// withPlaceholders is re with its large classes (up to placeholders of
// them) replaced by placeholder literals, copied where it differs;
// classes gathers the classes replaced, in placeholder order.
func withPlaceholders(re *syntax.Regexp, classes *[][]rune) *syntax.Regexp {
	if large(re) && len(*classes) < placeholders {
		r := placeholderBase + rune(len(*classes))
		*classes = append(*classes, re.Rune)
		return &syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune{r}}
	}
	if re.Op == syntax.OpConcat {
		if c, ok := counted(re); ok {
			re = c
		}
	}
	var subs []*syntax.Regexp
	for i, sub := range re.Sub {
		if s := withPlaceholders(sub, classes); s != sub {
			if subs == nil {
				subs = append([]*syntax.Regexp(nil), re.Sub...)
			}
			subs[i] = s
		}
	}
	if subs == nil {
		return re
	}
	c := *re
	c.Sub = subs
	return &c
}

// counted is the concatenation re with each run of one large class
// written as one class repeated, ok false where there is none: Simplify
// spelled \w{5} as five classes, and Go's parser reads each class printed
// from its tables again, where {5} has it read once.
func counted(re *syntax.Regexp) (*syntax.Regexp, bool) {
	same := func(a, b *syntax.Regexp) bool { return a.Flags == b.Flags && slices.Equal(a.Rune, b.Rune) }
	var subs []*syntax.Regexp
	for i := 0; i < len(re.Sub); {
		j := i + 1
		for large(re.Sub[i]) && j < len(re.Sub) && same(re.Sub[i], re.Sub[j]) {
			j++
		}
		if j-i > 1 && subs == nil {
			subs = append([]*syntax.Regexp(nil), re.Sub[:i]...)
		}
		switch {
		case j-i > 1:
			subs = append(subs, &syntax.Regexp{Op: syntax.OpRepeat, Min: j - i, Max: j - i, Sub: re.Sub[i : i+1]})
		case subs != nil:
			subs = append(subs, re.Sub[i])
		}
		i = j
	}
	if subs == nil {
		return re, false
	}
	c := *re
	c.Sub = subs
	return &c, true
}

// printClass is the class of ranges as Go's syntax reads it: the
// Unicode categories it holds whole by name (namedBody), or those its
// complement holds, the rest as ranges, each character beyond ASCII's
// letters and digits written as \x{...}. Go's parser reads a category
// from its table, and thousands of escapes one by one: -P's Unicode \w,
// read back as ranges, cost more than the rest of its compile.
func printClass(ranges []rune) string {
	if len(ranges) == 0 {
		return `[^\x00-\x{10FFFF}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	if !namedBody(&b, ranges) {
		b.Reset()
		b.WriteString("[^")
		if neg := base.ComplementRanges(ranges); len(neg) == 0 || !namedBody(&b, neg) {
			b.Reset()
			b.WriteByte('[')
			writeRanges(&b, ranges)
		}
	}
	b.WriteByte(']')
	return b.String()
}

// namedCategories are the categories printClass looks for in a class, in
// order: those of -P's \w and \d under UTF-8 and their neighbours.
var namedCategories = [...]struct {
	name string
	tab  *unicode.RangeTable
}{
	{"L", unicode.L}, {"N", unicode.N}, {"M", unicode.M}, {"Mn", unicode.Mn}, {"Nd", unicode.Nd},
	{"Pc", unicode.Pc}, {"P", unicode.P}, {"S", unicode.S}, {"Z", unicode.Z},
}

// namedBody writes the inside of a class equal to ranges: the categories
// of namedCategories it holds whole, then what they leave out as ranges.
// It writes nothing, and says false, when it holds none.
func namedBody(b *strings.Builder, ranges []rune) bool {
	rest, named := ranges, false
	for _, c := range namedCategories {
		if !within(c.tab, ranges) {
			continue
		}
		left := base.MinusRanges(rest, base.TableRanges(c.tab))
		if named && slices.Equal(left, rest) {
			continue // within those named already
		}
		b.WriteString(`\p{` + c.name + `}`)
		rest, named = left, true
	}
	if named {
		writeRanges(b, rest)
	}
	return named
}

func writeRanges(b *strings.Builder, ranges []rune) {
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		classRune(b, lo)
		if hi != lo {
			b.WriteByte('-')
			classRune(b, hi)
		}
	}
}

// within reports whether every range of t lies inside one of class
// (sorted, merged, as syntax keeps a class).
func within(t *unicode.RangeTable, class []rune) bool {
	j := 0
	return base.EachRange(t, func(lo, hi rune) bool {
		for j+1 < len(class) && class[j+1] < lo {
			j += 2
		}
		return j+1 < len(class) && class[j] <= lo && hi <= class[j+1]
	})
}

func classRune(b *strings.Builder, r rune) {
	if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
		b.WriteRune(r)
		return
	}
	b.WriteString(`\x{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteByte('}')
}
