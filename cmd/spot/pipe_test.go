package main

import (
	"errors"
	"os"
	"testing"
)

// TestIsPipe: a write to a pipe whose reader has gone is what isPipe
// knows, on every platform, and another error is not.
func TestIsPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r.Close()
	_, err = w.Write([]byte("x\n"))
	if err == nil || !isPipe(err) {
		t.Errorf("write to a pipe without a reader: %v (%#v), isPipe false", err, err)
	}
	if isPipe(errors.New("disk full")) || isPipe(os.ErrClosed) {
		t.Error("isPipe holds for errors that are not a gone reader")
	}
}
