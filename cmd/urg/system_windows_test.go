package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"unsafe"

	"golang.org/x/sys/windows"
)

// What the portable tests ask of the system, done the Windows way here
// and the unix way in system_unix_test.go.

// mkfifo makes nothing: Windows has no FIFOs in its file systems, and
// the tests that use one only check that it is left alone.
func mkfifo(t testing.TB, path string) {}

// freeSpace is how many bytes the caller may still put on the volume
// holding dir.
func freeSpace(dir string) (uint64, error) {
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return 0, fmt.Errorf("free space of %s: %w", dir, err)
	}
	var avail, total, free uint64
	if err := windows.GetDiskFreeSpaceEx(p, &avail, &total, &free); err != nil {
		return 0, fmt.Errorf("free space of %s: %w", dir, err)
	}
	return avail, nil
}

// processMemoryCounters is psapi's PROCESS_MEMORY_COUNTERS.
type processMemoryCounters struct {
	cb, pageFaultCount                       uint32
	peakWorkingSetSize, workingSetSize       uintptr
	quotaPeakPagedPool, quotaPagedPool       uintptr
	quotaPeakNonPagedPool, quotaNonPagedPool uintptr
	pagefileUsage, peakPagefileUsage         uintptr
}

// runPeakRSS runs cmd and returns its peak working set in KiB (-1
// unknown) and what Wait returned. Windows gives a finished process's
// usage as times only, so the counters are read through a handle of our
// own, opened before Wait closes os.Process's: it keeps the ended
// process's record, and with it the counters, until it is closed.
func runPeakRSS(cmd *exec.Cmd) (kib int64, err error) {
	if err := cmd.Start(); err != nil {
		return -1, err
	}
	h, herr := windows.OpenProcess(windows.PROCESS_QUERY_INFORMATION|windows.PROCESS_VM_READ, false, uint32(cmd.Process.Pid))
	err = cmd.Wait()
	if herr != nil {
		return -1, err
	}
	defer windows.CloseHandle(h)
	// x/sys/windows has no GetProcessMemoryInfo; kernel32 exports it as
	// K32GetProcessMemoryInfo.
	proc := windows.NewLazySystemDLL("kernel32.dll").NewProc("K32GetProcessMemoryInfo")
	if proc.Find() != nil {
		return -1, err
	}
	pmc := processMemoryCounters{cb: uint32(unsafe.Sizeof(processMemoryCounters{}))}
	if r, _, _ := proc.Call(uintptr(h), uintptr(unsafe.Pointer(&pmc)), uintptr(pmc.cb)); r == 0 {
		return -1, err
	}
	return int64(pmc.peakWorkingSetSize >> 10), err
}

// makeEmptyFiles makes n empty files in dir, the i-th named name(i),
// stopping at the first error.
func makeEmptyFiles(dir string, n int, name func(int) string) error {
	for i := range n {
		f, err := os.OpenFile(filepath.Join(dir, name(i)), os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err // an *os.PathError, which names the file
		}
		f.Close()
	}
	return nil
}
