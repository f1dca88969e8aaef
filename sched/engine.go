package sched

import "fmt"

// Engine is how a run reads its files (--io).
type Engine uint8

// The engines.
const (
	// EngineAuto is io_uring where the kernel gives it, else pread; files
	// of mapMin bytes or more are mapped, and a large file that is not
	// cached may be read around the page cache (see aroundCache).
	EngineAuto Engine = iota
	// EngineUring is auto, failing where the kernel refuses io_uring.
	EngineUring
	// EnginePread is the portable reader, never a map.
	EnginePread
	// EngineMmap maps every regular file.
	EngineMmap
	// EngineDirect is auto, with every regular file of directMin bytes
	// or more read around the page cache (O_DIRECT) by io_uring.
	EngineDirect
)

var engineNames = [...]string{EngineAuto: "auto", EngineUring: "uring", EnginePread: "pread", EngineMmap: "mmap", EngineDirect: "direct"}

// String is the engine's name, as --io takes it.
func (e Engine) String() string {
	if int(e) < len(engineNames) {
		return engineNames[e]
	}
	return fmt.Sprintf("Engine(%d)", e)
}

// ParseEngine reads an engine's name, as --io takes it; false when it
// names none.
func ParseEngine(name string) (Engine, bool) {
	for e, n := range engineNames {
		if n == name {
			return Engine(e), true
		}
	}
	return 0, false
}

// ring says whether the engine reads through io_uring.
func (e Engine) ring() bool { return e == EngineAuto || e == EngineUring || e == EngineDirect }

// mapFrom is the size from which the engine maps a regular file; 0 means
// it never does.
func (e Engine) mapFrom() int64 {
	switch e {
	case EnginePread:
		return 0
	case EngineMmap:
		return 1
	}
	return mapMin
}
