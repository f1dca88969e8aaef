//go:build !releasecheck

package osfile

// releaseCheck is off in urg: see releasecheck_on.go.
const releaseCheck = false
