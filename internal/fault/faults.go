//go:build faults

package fault

import (
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Enabled says whether the fault points are live in this binary.
const Enabled = true

// The rules (URG_FAULTS, as cmd/urg reads them) are a list separated by
// ';', each POINT:ACTION:MATCH[:EVERY]: at POINT, for a path that holds
// MATCH, do ACTION (every EVERYth time the rule applies; default every
// time).
//
// Points and actions:
//   - open (before a file is opened, by any engine), opened (after):
//     unlink, truncate (to 0 bytes), halve, dir (replace by a directory),
//     grow (append 1 MiB of lines), sleep (100 ms)
//   - mapped (a file is mapped, before it is searched): the same
//   - ring-open, ring-read (an io_uring completion): eagain, eintr,
//     ecanceled (the result becomes that error), short (half the bytes)
//   - nowait-open, nowait-read (the non-blocking open or read of
//     --io=auto succeeded): eagain (the file is taken as one that would
//     wait for the disk, and goes to the ring)
//   - dontcache (a read with RWF_DONTCACHE, by the ring or pread, under
//     --cache=drop): eopnotsupp (the file system refuses the flag)
//   - not-eof (Is): a short read of the file does not mean its end

// Injector holds the rules of a run; a nil Injector injects nothing.
type Injector struct{ rules []*rule }

// New returns the Injector of the rules in spec.
func New(spec string) *Injector { return &Injector{rules: parse(spec)} }

type rule struct {
	point, action, match string
	every                int64
	seen                 atomic.Int64
}

func parse(s string) []*rule {
	var rs []*rule
	for _, spec := range strings.Split(s, ";") {
		f := strings.Split(spec, ":")
		if len(f) < 3 {
			continue
		}
		r := &rule{point: f[0], action: f[1], match: f[2], every: 1}
		if len(f) > 3 {
			if n, err := strconv.ParseInt(f[3], 10, 64); err == nil && n > 0 {
				r.every = n
			}
		}
		rs = append(rs, r)
	}
	return rs
}

// due reports whether the rule applies at point for path this time.
func (r *rule) due(point, path string) bool {
	return r.point == point && strings.Contains(path, r.match) && r.seen.Add(1)%r.every == 0
}

// At is the fault point named point, reached for the file at path.
func (in *Injector) At(point, path string) {
	if in == nil {
		return
	}
	for _, r := range in.rules {
		if !r.due(point, path) {
			continue
		}
		switch r.action {
		case "unlink":
			os.Remove(path)
		case "truncate":
			os.Truncate(path, 0)
		case "halve":
			if fi, err := os.Stat(path); err == nil {
				os.Truncate(path, fi.Size()/2)
			}
		case "dir":
			os.Remove(path)
			os.Mkdir(path, 0o755)
		case "grow":
			if f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0); err == nil {
				f.Write([]byte(strings.Repeat("grown while read\n", (1<<20)/17)))
				f.Close()
			}
		case "sleep":
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// Result is the result of an io_uring operation at point for path, as
// the kernel gave it or as a fault replaces it.
func (in *Injector) Result(point, path string, res int32) int32 {
	if in == nil {
		return res
	}
	for _, r := range in.rules {
		if !r.due(point, path) {
			continue
		}
		switch r.action {
		case "eagain":
			return -int32(syscall.EAGAIN)
		case "eintr":
			return -int32(syscall.EINTR)
		case "ecanceled":
			return -int32(syscall.ECANCELED)
		case "eopnotsupp":
			return -int32(syscall.EOPNOTSUPP)
		case "short":
			if res > 1 {
				return res / 2
			}
		}
	}
	return res
}

// Is reports whether the fault point named point holds for path.
func (in *Injector) Is(point, path string) bool {
	if in == nil {
		return false
	}
	for _, r := range in.rules {
		if r.point == point && strings.Contains(path, r.match) {
			return true
		}
	}
	return false
}
