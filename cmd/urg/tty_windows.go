package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// isTerminal reports whether f is a console: pipes, files and NUL have no
// console mode to get.
func isTerminal(f *os.File) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}

// enableColor turns on the console's virtual-terminal processing for f,
// without which it prints colour's escapes as text; ok is false where f is
// no console or the console cannot (before Windows 10). restore gives the
// console its mode back, as the shell that runs next expects to find it.
func enableColor(f *os.File) (restore func(), ok bool) {
	h := windows.Handle(f.Fd())
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return func() {}, false
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return func() {}, true
	}
	if windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) != nil {
		return func() {}, false
	}
	return func() { windows.SetConsoleMode(h, mode) }, true
}
