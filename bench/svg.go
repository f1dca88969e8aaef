package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The chart is small multiples: one panel per scenario, each with its own
// seconds axis (a cold search of the large tree and a warm one of the Go
// tree differ a hundredfold, and one shared axis would flatten one of
// them), a bar per tool line at its median and a whisker from its fastest
// to its slowest run. A tool line keeps its colour in every panel, and the
// legend names them. It is plain SVG 1.1 with no script or external
// reference, so a browser shows the file as it is.
const (
	svgMaxWidth = 1200
	panelPlotH  = 180 // height of a panel's bar area
	panelTop    = 48  // title lines above it
	panelBottom = 78  // rotated tool names below it
	panelLeft   = 58  // the seconds axis
	barWidth    = 22
	barGap      = 12
)

var palette = []string{"#1f77b4", "#aec7e8", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#843c39"}

// renderSVG draws the report's scenarios.
func renderSVG(rep *report) []byte {
	colour := map[string]string{}
	for i, t := range rep.Tools {
		colour[t.Name] = palette[i%len(palette)]
	}
	var body bytes.Buffer
	// Legend: a swatch and a name per tool line, wrapped to the width.
	x, y, legendW := 16, 64, 0
	for _, t := range rep.Tools {
		w := 30 + 7*len(t.Name)
		if x+w > svgMaxWidth-16 {
			x, y = 16, y+18
		}
		legendW = max(legendW, x+w)
		fmt.Fprintf(&body, `<rect class="swatch" x="%d" y="%d" width="12" height="12" fill="%s"/>`+"\n", x, y-10, colour[t.Name])
		fmt.Fprintf(&body, `<text x="%d" y="%d">%s</text>`+"\n", x+16, y, esc(t.Name))
		x += w
	}
	// Panels, left to right, wrapping.
	px, py, rowH := 0, y+20, 0
	width := 0
	for _, sc := range rep.Scenarios {
		n := max(len(sc.Tools), 1)
		pw := max(panelLeft+n*(barWidth+barGap)+24, 240)
		ph := panelTop + panelPlotH + panelBottom
		if px > 0 && px+pw > svgMaxWidth {
			px, py, rowH = 0, py+rowH+12, 0
		}
		drawPanel(&body, sc, colour, px, py, pw)
		px += pw + 12
		rowH = max(rowH, ph)
		width = max(width, px)
	}
	height := py + rowH + 16
	title := fmt.Sprintf("urg bench, %s: %d CPUs (%s), kernel %s",
		rep.Started.Format("2006-01-02 15:04"), rep.Machine.CPUs, rep.Machine.CPUModel, rep.Machine.Kernel)
	const subtitle = "bars: median wall time, seconds; whiskers: fastest to slowest run; each panel has its own scale"
	// Widths of text are guessed: about 9 px a bold 14 px character, 6.5 px an 11 px one.
	width = max(width, legendW, 16+9*len(title), 16+13*len(subtitle)/2, 480)

	return svgPage(width, height, title, subtitle, body.Bytes())
}

// svgPage wraps a chart's body in the SVG document both charts share: a
// white page, the title and the subtitle above the panels.
func svgPage(width, height int, title, subtitle string, body []byte) []byte {
	var out bytes.Buffer
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n",
		width, height, width, height)
	fmt.Fprintf(&out, `<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	fmt.Fprintf(&out, `<text x="16" y="22" font-size="14" font-weight="bold">%s</text>`+"\n", esc(title))
	fmt.Fprintf(&out, `<text x="16" y="40" fill="#444444">%s</text>`+"\n", esc(subtitle))
	out.Write(body)
	out.WriteString("</svg>\n")
	return out.Bytes()
}

// drawPanel draws one scenario at (x0, y0), pw wide.
func drawPanel(b *bytes.Buffer, sc *scenarioResult, colour map[string]string, x0, y0, pw int) {
	fmt.Fprintf(b, `<g class="scenario" transform="translate(%d,%d)">`+"\n", x0, y0)
	label := searchLabel(sc.Flags, sc.Pattern)
	fmt.Fprintf(b, `<title>%s</title>`+"\n", esc(sc.Corpus+", "+sc.Cache+": "+sc.Name+" "+label))
	fmt.Fprintf(b, `<rect x="0" y="0" width="%d" height="%d" fill="#fafafa" stroke="#dddddd"/>`+"\n", pw, panelTop+panelPlotH+panelBottom)
	fmt.Fprintf(b, `<text x="8" y="16" font-weight="bold">%s</text>`+"\n", esc(sc.Corpus+", "+sc.Cache+": "+sc.Name))
	fmt.Fprintf(b, `<text x="8" y="32" font-family="monospace">%s</text>`+"\n", esc(clip(label, (pw-16)/7)))
	if sc.Status != "timed" || len(sc.Tools) == 0 {
		for i, line := range wrap("not timed: "+sc.Reason, (pw-16)/7, 6) {
			fmt.Fprintf(b, `<text x="8" y="%d" fill="#b00000">%s</text>`+"\n", panelTop+40+15*i, esc(line))
		}
		b.WriteString("</g>\n")
		return
	}
	top := 0.0
	for _, t := range sc.Tools {
		top = math.Max(top, t.Summary.Max)
	}
	step := niceStep(top / 4)
	top = math.Max(step*math.Ceil(top/step), step)
	yOf := func(v float64) float64 { return float64(panelTop) + float64(panelPlotH)*(1-v/top) }
	// Axis with ticks and grid lines.
	for k := 0.0; k <= math.Round(top/step); k++ {
		v := k * step
		y := yOf(v)
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e4e4e4"/>`+"\n", panelLeft, y, pw-8, y)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", panelLeft-4, y+4, formatSeconds(v))
	}
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555555"/>`+"\n", panelLeft, panelTop, panelLeft, panelTop+panelPlotH)
	for i, t := range sc.Tools {
		s := t.Summary
		x := panelLeft + barGap/2 + i*(barWidth+barGap)
		cx := float64(x) + barWidth/2.0
		yMed := yOf(s.Median)
		fmt.Fprintf(b, `<rect class="bar" data-tool="%s" x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s</title></rect>`+"\n",
			esc(t.Tool), x, yMed, barWidth, float64(panelTop+panelPlotH)-yMed, colour[t.Tool],
			esc(fmt.Sprintf("%s: median %s s, min %s, max %s, %d runs, %.2fx", t.Tool,
				formatSeconds(s.Median), formatSeconds(s.Min), formatSeconds(s.Max), s.N, t.Ratio)))
		// Whisker from the fastest run to the slowest, with caps.
		fmt.Fprintf(b, `<line class="whisker" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#222222"/>`+"\n", cx, yOf(s.Min), cx, yOf(s.Max))
		for _, v := range []float64{s.Min, s.Max} {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#222222"/>`+"\n", cx-5, yOf(v), cx+5, yOf(v))
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="end" transform="rotate(-40 %.1f %d)">%s</text>`+"\n",
			cx+4, panelTop+panelPlotH+14, cx+4, panelTop+panelPlotH+14, esc(t.Tool))
	}
	if len(sc.Excluded) > 0 {
		names := make([]string, len(sc.Excluded))
		for i, e := range sc.Excluded {
			names[i] = e.Tool
		}
		fmt.Fprintf(b, `<text x="8" y="%d" fill="#b00000">%s</text>`+"\n", panelTop+panelPlotH+panelBottom-6,
			esc(clip("not timed (output differs or failed): "+strings.Join(names, ", "), (pw-16)/6)))
	}
	b.WriteString("</g>\n")
}

// niceStep rounds a tick step up to 1, 2 or 5 times a power of ten.
func niceStep(v float64) float64 {
	if v <= 0 {
		return 0.001
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

func formatSeconds(v float64) string {
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// wrap breaks s at spaces into at most maxLines lines of about width
// characters, the last one clipped.
func wrap(s string, width, maxLines int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && len(line)+1+len(word) > width {
			lines, line = append(lines, line), ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	lines = append(lines, line)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] += " ..."
	}
	for i := range lines {
		lines[i] = clip(lines[i], width+4)
	}
	return lines
}

func clip(s string, n int) string {
	if n > 3 && len(s) > n {
		return s[:n-3] + "..."
	}
	return s
}

// esc escapes text for XML content and attribute values.
func esc(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
