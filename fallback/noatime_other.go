//go:build !linux

package fallback

// noatime is Linux's; elsewhere files are opened without it.
const noatime = 0
