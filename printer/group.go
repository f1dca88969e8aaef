package printer

// Context groups, and the separator line between them.
//
// grep prints a separator before a group (a selected line with its
// before-context, or a run of them under -v) unless the group starts
// where the last line printed ended. The search reports exactly the lines
// grep would print, so without EncodingErrors a line that does not follow
// the one reported before it starts a group, and nothing else is needed.
//
// A line that EncodingErrors leaves out is not printed, so grep's "where
// the last line printed ended" (its lastout) stays before it, and grep
// then does three things that the lines reported do not show:
//   - the after-context still due is spent on the left-out line, which
//     grep looks at again for each line due, so the rest of it is not
//     printed (grep -A2 1 on "x1", "x\xe9", "x3" prints only x1);
//   - the before-context of the next selected line reaches back at most
//     to the left-out line, and a separator is printed unless it does
//     (grep -A0 x on the same lines prints x1, "--", x3);
//   - with nothing printed yet in the file, the place it reaches back to
//     is the file's start if after-context was due, and none otherwise.
// So after a left-out line the context lines that follow it are held
// until the next selected line shows which of them grep prints: the last
// BeforeContext of them.
//
// One thing is not followed: when after-context is due and lastout lies
// before lines that the search did not report (the file's first lines,
// nothing being printed yet, or under -v lines passed over before a
// left-out run), grep prints those lines as context. The printer never
// sees them.

// groupState is what a file's context groups need to know about the lines
// reported so far.
type groupState struct {
	// emitEnd is the offset just past the last line reported, printed
	// or not; -1 before the first.
	emitEnd int64
	// inBefore: the lines since the last one reported elsewhere than
	// emitEnd are the before-context of the next selected line.
	inBefore bool
	// prevMatch: the last line reported was a selected one.
	prevMatch bool
	// The lines reported since the last one printed and not printed
	// (left out, held or dropped): how many, where the first starts and
	// the last ends, and whether each followed the one before.
	skipped            int64
	skipStart, skipEnd int64
	skipContig         bool
	held               []heldLine // context lines held after a left-out line
	heldText           []byte     // their text, one after another
}

// heldLine is a context line held after a left-out line; its text is
// heldText[start:end].
type heldLine struct {
	lineno, offset int64
	start, end     int
	hasMatches     bool
}

// grouped prints a line reported under -A, -B or -C, after the separator
// and the held lines due before it, or holds it back (a context line
// after a line left out).
func (f *standard) grouped(sep byte, lineno, offset int64, line []byte, hasMatches bool) error {
	g := &f.group
	selected := sep == ':'
	gap := offset != g.emitEnd
	run := selected && g.prevMatch && f.cfg.Invert
	inBefore := g.inBefore
	g.emitEnd = offset + int64(len(line)) + 1
	g.prevMatch = selected
	g.inBefore = !selected && (inBefore || gap)
	switch {
	case gap:
		g.held, g.heldText = g.held[:0], g.heldText[:0] // after-context grep spent
		if f.printed {
			f.sep()
		} else {
			f.startsGroup = true // the output decides, by what came before
		}
	case g.skipped == 0 || inBefore || run:
		// The line follows the last one printed, or belongs to the
		// group started before it.
	case !selected:
		f.hold(lineno, offset, line, hasMatches)
		return nil
	default:
		if !f.reachesLastOut() {
			f.sep()
		}
		if err := f.printHeld(); err != nil {
			return err
		}
	}
	return f.line(sep, lineno, offset, line, hasMatches)
}

// reachesLastOut says whether the before-context of a selected line
// following lines not printed reaches back to the end of the last line
// printed, as grep takes it: whether at most BeforeContext lines lie
// between, all reported.
func (f *standard) reachesLastOut() bool {
	g := &f.group
	if g.skipped > int64(f.cfg.BeforeContext) || !g.skipContig {
		return false
	}
	if f.lastEnd >= 0 {
		return g.skipStart == f.lastEnd
	}
	return f.cfg.AfterContext > 0 && g.skipStart == 0
}

// hold keeps a context line that follows a left-out line until the next
// selected line says whether it is printed; only the last BeforeContext
// can be.
func (f *standard) hold(lineno, offset int64, line []byte, hasMatches bool) {
	g := &f.group
	g.skip(offset, len(line))
	b := f.cfg.BeforeContext
	if b <= 0 {
		return
	}
	if len(g.held) >= 2*b {
		// Keep the last b, so that a long after-context held costs
		// memory for b lines only.
		keep := g.held[len(g.held)-b:]
		from := keep[0].start
		g.heldText = append(g.heldText[:0], g.heldText[from:]...)
		g.held = append(g.held[:0], keep...)
		for i := range g.held {
			g.held[i].start -= from
			g.held[i].end -= from
		}
	}
	start := len(g.heldText)
	g.heldText = append(g.heldText, line...)
	g.held = append(g.held, heldLine{lineno, offset, start, len(g.heldText), hasMatches})
}

// printHeld prints the last BeforeContext lines held, the before-context
// grep prints for the selected line that follows them.
func (f *standard) printHeld() error {
	g := &f.group
	held := g.held
	if b := f.cfg.BeforeContext; len(held) > b {
		held = held[len(held)-b:]
	}
	var err error
	for _, h := range held {
		if err = f.line('-', h.lineno, h.offset, g.heldText[h.start:h.end], h.hasMatches); err != nil {
			break
		}
	}
	g.held, g.heldText = g.held[:0], g.heldText[:0]
	return err
}

// skip counts a reported line that is not printed. A held line left out
// when it is printed at last was counted already.
func (g *groupState) skip(offset int64, n int) {
	if g.skipped > 0 && offset < g.skipEnd {
		return
	}
	switch {
	case g.skipped == 0:
		g.skipStart, g.skipContig = offset, true
	case offset != g.skipEnd:
		g.skipContig = false
	}
	g.skipped++
	g.skipEnd = offset + int64(n) + 1
}
