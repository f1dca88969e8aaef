//go:build !windows

package printer

// defaultHyperlink is ripgrep's default format here: RFC 8089's, with
// the host.
const defaultHyperlink = "file://{host}{path}"
