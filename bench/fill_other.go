//go:build !linux

package main

import "os"

// fillFile brings f into the page cache by reading it.
func fillFile(f *os.File, _ int64) error { return fillByRead(f) }
