//go:build !windows

package main

// posixWording is the system's own wording here: the C library's.
func posixWording(error) (string, bool) { return "", false }
