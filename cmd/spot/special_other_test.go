//go:build !unix

package main

import "testing"

// specialFiles adds nothing off Unix: on Windows links need a privilege
// the tests may not have, FIFOs and device nodes do not exist in its file
// systems, and owners are not numbers; TestAgainstFind, the test that
// needs them, is Unix's.
func specialFiles(*testing.T, string) {}
