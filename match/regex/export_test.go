package regex

import (
	"urg/match/around"
	"urg/match/base"
	"urg/match/prefilter"
)

// CoreOf is the Regex that runs m, a path's matcher, nil when none does.
func CoreOf(m base.Matcher) *Regex {
	if p, ok := m.(interface{ core() *Regex }); ok {
		return p.core()
	}
	return nil
}

// core is m itself, which each path embeds.
func (m *Regex) core() *Regex { return m }

// WordBoundedSrc is wordBoundedSrc.
func WordBoundedSrc(re string, uni bool) string { return wordBoundedSrc(re, uni) }

// Suffix is the literal every match ends with (see Regex.suffix).
func (m *Regex) Suffix() []byte { return m.suffix }

// Prefixed reports Regex.prefixed.
func (m *Regex) Prefixed() bool { return m.prefixed }

// BlockAround reports Regex.blockAround.
func (m *Regex) BlockAround() bool { return m.blockAround }

// SuffixOnly reports Regex.suffixOnly.
func (m *Regex) SuffixOnly() bool { return m.suffixOnly }

// Run is Regex.run.
func (m *Regex) Run() *prefilter.ClassRun { return m.run }

// Lits is Regex.lits.
func (m *Regex) Lits() *prefilter.Set { return m.lits }

// Around is Regex.around.
func (m *Regex) Around() *around.Check { return m.around }

// UsesDFA reports whether m's lines are its automaton's, unconfirmed.
func UsesDFA(m *Regex) bool { return m.autoLines && m.auto.Get() != nil }

// FinderNamed reports whether m decides its lines with the finder named
// name.
func FinderNamed(m *Regex, name string) bool {
	return m.finder != nil && m.finder.Name() == name
}
