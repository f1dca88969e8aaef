//go:build releasecheck

package osfile

// releaseCheck (-tags releasecheck, make releasecheck) makes every map
// release at each 2 MiB and, on unix, makes released pages unreadable:
// a search that reads what it released then faults on Linux as it would
// on Windows, where the views behind the search are unmapped, and
// Protect reports the file as shrunk.
const releaseCheck = true
