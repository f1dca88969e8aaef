//go:build !releasecheck

package fallback

// releaseCheck is off in urg: see releasecheck_on.go.
const releaseCheck = false
