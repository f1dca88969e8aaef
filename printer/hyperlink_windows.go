package printer

// defaultHyperlink is ripgrep's default format on Windows: RFC 8089's,
// without a host.
const defaultHyperlink = "file://{path}"
