package osfile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestStartRacy: a file written just before a build's start is racy, and
// no longer once the margin of its file system's clock has passed; a file
// on another file system is judged by the system's clock and CoarseRacy.
func TestStartRacy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	id, err := IdentifyPath(path)
	if err == ErrNoIdentity {
		t.Skip("no identities here")
	}
	if err != nil {
		t.Fatal(err)
	}
	if !StartAt(dir, time.Now()).Racy(id) {
		t.Error("a file written just now is not racy")
	}
	s := StartAt(dir, time.Now())
	if s.dev == 0 {
		t.Skip("the directory's clock could not be read")
	}
	time.Sleep(FineRacy + 20*time.Millisecond)
	s = StartAt(dir, time.Now())
	if s.Margin() == FineRacy && s.Racy(id) {
		t.Errorf("racy after %v on a file system whose clock gives nanoseconds", FineRacy)
	}
	elsewhere := id
	elsewhere.Dev++
	if !s.Racy(elsewhere) {
		t.Error("a file of another file system, written just now, judged by the fine margin")
	}
	old := elsewhere
	old.Mtime, old.Ctime = time.Now().Add(-time.Hour).UnixNano(), time.Now().Add(-time.Hour).UnixNano()
	if s.Racy(old) {
		t.Error("a file of another file system, an hour old, is racy")
	}
}
