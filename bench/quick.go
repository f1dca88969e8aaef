package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// quickWords is the vocabulary of the quick corpus. Every line is ASCII
// and no file holds a NUL or a byte-order mark, so that every peer can do
// the same work on it: ag only names binary files, and ugrep decodes
// UTF-16 (see tools.go).
var quickWords = strings.Fields(`the of and to in is for on that with as by it
	from at be this are or an was not but have which file read buffer ring
	queue depth slot open close search match line byte offset error return
	func type struct int string nil err if else range go defer select case`)

// makeQuickCorpus writes the small tree the -quick smoke run searches
// (about 2 MB in some 250 files), unless dir exists. It is made from a
// fixed seed, so every machine searches the same bytes, and it has what
// trips a peer that is not told to do grep -r's work: hidden directories,
// a .gitignore, a directory 30 deep, a 5,000-byte line and a file with
// 12,000 matching lines.
func makeQuickCorpus(dir string, log io.Writer) (bool, error) {
	if _, err := os.Stat(dir); err == nil {
		return false, nil
	}
	fmt.Fprintf(log, "generating the quick corpus in %s\n", dir)
	tmp := dir + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return false, err
	}
	rng := rand.New(rand.NewPCG(4, 2))
	write := func(rel string, data []byte) error {
		p := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	}
	files := map[string][]byte{
		".gitignore":              []byte("vendor/\nnode_modules/\n*.log\n"),
		".hidden/notes.txt":       quickText(rng, 200),
		"vendor/lib/vendored.go":  quickText(rng, 300),
		"node_modules/m/index.js": quickText(rng, 300),
		"build.log":               quickText(rng, 100),
		"long/line.txt":           []byte(strings.Repeat("x", 5000) + " func LongError(x) // Copyright\n"),
		"many/copyright.txt":      bytes.Repeat([]byte("Copyright 2024 The Authors\n"), 12000),
	}
	deep := "deep"
	for i := range 30 {
		deep = filepath.Join(deep, fmt.Sprintf("d%d", i))
	}
	files[filepath.Join(deep, "bottom.go")] = []byte("func DeepError(depth int) // copyright\n")
	for p := range 20 {
		for f := range 12 {
			files[fmt.Sprintf("src/pkg%02d/file%02d.go", p, f)] = quickText(rng, 60+rng.IntN(200))
		}
	}
	for d := range 6 {
		files[fmt.Sprintf("docs/doc%d.md", d)] = quickText(rng, 400)
	}
	for _, rel := range sortedKeys(files) {
		if err := write(rel, files[rel]); err != nil {
			return false, err
		}
	}
	return true, os.Rename(tmp, dir)
}

// quickText makes n lines of words, some of them lines the scenarios'
// patterns select.
func quickText(rng *rand.Rand, n int) []byte {
	var b bytes.Buffer
	for range n {
		switch rng.IntN(40) {
		case 0:
			fmt.Fprintf(&b, "func %sError(x int) error {\n", upperFirst(quickWords[rng.IntN(len(quickWords))]))
		case 1:
			fmt.Fprintf(&b, "\treturn %sError(err)\n", quickWords[rng.IntN(len(quickWords))])
		case 2:
			b.WriteString([]string{"// Copyright 2024 The Authors\n", "COPYRIGHT NOTICE\n", "see copyright.txt\n"}[rng.IntN(3)])
		default:
			words := 3 + rng.IntN(12)
			for w := range words {
				if w > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(quickWords[rng.IntN(len(quickWords))])
			}
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

func upperFirst(s string) string {
	return strings.ToUpper(s[:1]) + s[1:]
}
