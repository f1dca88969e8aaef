package osfile

import (
	"math"
	"unsafe"

	"golang.org/x/sys/windows"
)

// populate has no Windows counterpart here (PrefetchVirtualMemory could
// be one); the pages are touched one by one.
func populate([]byte) bool { return false }

// cached is Linux's (cachestat); elsewhere every stretch is touched.
func cached(Handle, int64, int64) bool { return false }

// DropsCache is Linux's: on Windows urg reads every file through the
// cache manager (FILE_FLAG_NO_BUFFERING would keep pages out, but it
// needs every read aligned to the volume's sectors: not built).
const DropsCache = false

// dropCache does nothing on Windows: the cache manager keeps or drops a
// file's pages itself, and no call drops a range of them.
func dropCache(Handle, int64, int64) {}

// memoryStatusEx is MEMORYSTATUSEX, which x/sys/windows does not declare.
type memoryStatusEx struct {
	Length               uint32
	MemoryLoad           uint32
	TotalPhys            uint64
	AvailPhys            uint64
	TotalPageFile        uint64
	AvailPageFile        uint64
	TotalVirtual         uint64
	AvailVirtual         uint64
	AvailExtendedVirtual uint64
}

// Memory is the machine's memory in bytes (GlobalMemoryStatusEx), or the
// largest int64 when unknown (then no file is too large to cache).
func Memory() int64 {
	proc := windows.NewLazySystemDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")
	if proc.Find() != nil {
		return math.MaxInt64
	}
	ms := memoryStatusEx{Length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if r, _, _ := proc.Call(uintptr(unsafe.Pointer(&ms))); r == 0 || ms.TotalPhys == 0 {
		return math.MaxInt64
	}
	return int64(min(ms.TotalPhys, math.MaxInt64))
}
