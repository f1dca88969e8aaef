package main

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// memoryStatusEx is kernel32's MEMORYSTATUSEX.
type memoryStatusEx struct {
	length, memoryLoad           uint32
	totalPhys, availPhys         uint64
	totalPageFile, availPageFile uint64
	totalVirtual, availVirtual   uint64
	availExtendedVirtual         uint64
}

// memAvailable is the physical memory Windows could give at once (the
// free and standby lists, so the file cache it can reclaim), in bytes; 0
// where it is not known, and the scheduler then takes the machine's
// memory in its place. x/sys/windows has no GlobalMemoryStatusEx: it is
// looked up in kernel32 at each call, which comes once a run, rather than
// kept in a package variable.
func memAvailable() int64 {
	proc := windows.NewLazySystemDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")
	if proc.Find() != nil {
		return 0
	}
	st := memoryStatusEx{length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if r, _, _ := proc.Call(uintptr(unsafe.Pointer(&st))); r == 0 {
		return 0
	}
	return int64(st.availPhys)
}
