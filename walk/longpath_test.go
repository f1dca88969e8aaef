package walk

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFilesLongPaths: files deeper than MAX_PATH are found and told
// apart from the output, named relatively and absolutely; on Windows the
// os package and osfile.LongPath each add the \\?\ prefix their calls need.
func TestFilesLongPaths(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, strings.Repeat("a-long-directory-name/", 15)) // 330 bytes below root
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"x.txt", "out.txt"} {
		if err := os.WriteFile(filepath.Join(deep, name), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	id := outputID(t, filepath.Join(deep, "out.txt"))
	rel := strings.Repeat("a-long-directory-name/", 15)
	for _, operand := range []string{"", root} {
		var paths []string
		prefix := rel
		if operand != "" {
			paths, prefix = []string{operand}, joinPath(operand, rel)
		}
		files, errs, _ := walkFiles(t, root, paths, Options{MaxDepth: -1, Output: &id})
		wantErrs := []string{prefix + "out.txt: " + ErrInputIsOutput.Error()}
		if !slices.Equal(files, []string{prefix + "x.txt"}) || !slices.Equal(errs, wantErrs) {
			t.Errorf("operand %q: %q, errors %q; want %q, errors %q", operand, files, errs, prefix+"x.txt", wantErrs)
		}
	}
}
