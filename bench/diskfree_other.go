//go:build !linux

package main

// diskFree cannot tell here; the big file's write fails loudly instead.
func diskFree(dir string) int64 { return -1 }
