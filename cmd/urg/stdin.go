package main

import "os"

// stdinReadable is ripgrep's rule for when urg, given no path, searches
// standard input instead of the current directory: when it is a file, a
// pipe or a socket. A terminal, and a character device such as /dev/null
// (what cron, CI runners and `ssh -n` hand a command), mean "search here".
func stdinReadable(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	m := fi.Mode()
	return m.IsRegular() || m&(os.ModeNamedPipe|os.ModeSocket) != 0
}
