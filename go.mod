module urg

go 1.26.0

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/dlclark/regexp2 v1.12.0
	github.com/hanwen/go-fuse/v2 v2.12.1
	github.com/klauspost/compress v1.18.0
	github.com/pawelgaczynski/giouring v0.0.0-20230826085535-69588b89acb9
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/spf13/pflag v1.1.0
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/sys v0.50.0
)

require github.com/rivo/uniseg v0.4.7

require golang.org/x/text v0.44.0
