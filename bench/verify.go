package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// verifyOutputs reads back the JSON and SVG files a run wrote and checks
// that they are well formed and hold what the run measured: the JSON
// every run, the SVG one bar per timed tool line and scenario. The -quick
// smoke run ends with it, so CI fails on a broken file, not only on a
// broken harness.
func verifyOutputs(jsonPath, svgPath string, rep *report) (runs, bars int, err error) {
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		return 0, 0, err
	}
	var back report
	if err := json.Unmarshal(data, &back); err != nil {
		return 0, 0, fmt.Errorf("%s: %w", jsonPath, err)
	}
	if got, want := back.runCount(), rep.runCount(); got != want {
		return 0, 0, fmt.Errorf("%s holds %d runs, the run made %d", jsonPath, got, want)
	}
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		return 0, 0, err
	}
	bars, err = countSVGBars(svg)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", svgPath, err)
	}
	want := 0
	for _, s := range rep.Scenarios {
		want += len(s.Tools)
	}
	if bars != want {
		return 0, 0, fmt.Errorf("%s has %d bars, want %d (one per timed tool line and scenario)", svgPath, bars, want)
	}
	return back.runCount(), bars, nil
}

// countSVGBars parses an SVG document as XML and counts its bars
// (rect elements of class "bar"), checking that the root is an svg
// element in the SVG namespace, as a browser needs to draw it.
func countSVGBars(svg []byte) (int, error) {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	bars, depth := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 && (t.Name.Local != "svg" || t.Name.Space != "http://www.w3.org/2000/svg") {
				return 0, fmt.Errorf("root element is %s %s, not svg", t.Name.Space, t.Name.Local)
			}
			depth++
			if t.Name.Local == "rect" && attr(t, "class") == "bar" {
				bars++
			}
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 {
		return 0, errors.New("unbalanced elements")
	}
	return bars, nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// tableLooksRight checks the printed text of a quick run: a table header
// per timed scenario and a row per tool line timed in it.
func tableLooksRight(text string, rep *report) error {
	timed, rows := 0, map[string]int{}
	for _, s := range rep.Scenarios {
		if s.Status == "timed" {
			timed++
		}
		for _, t := range s.Tools {
			rows[t.Tool]++
		}
	}
	if headers := strings.Count(text, "\n   tool "); headers != timed {
		return fmt.Errorf("the text has %d table headers, want %d", headers, timed)
	}
	for tool, want := range rows {
		if got := strings.Count(text, "\n   "+tool+" "); got < want {
			return fmt.Errorf("the text has %d table rows for %s, want %d", got, tool, want)
		}
	}
	return nil
}
