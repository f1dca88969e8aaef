package main

import (
	"errors"
	"syscall"

	"golang.org/x/sys/windows"
)

// posixWording is what grep built for Windows says of the commonest
// Windows errors: its C runtime turns them into errno values (the
// mapping of MSVCRT's _dosmaperr) and prints those in POSIX's words,
// where the system's own are sentences of another shape ("The system
// cannot find the file specified.").
func posixWording(err error) (string, bool) {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return "", false
	}
	switch errno {
	case windows.ERROR_FILE_NOT_FOUND, windows.ERROR_PATH_NOT_FOUND, windows.ERROR_INVALID_DRIVE,
		windows.ERROR_BAD_NETPATH, windows.ERROR_BAD_NET_NAME, windows.ERROR_FILENAME_EXCED_RANGE:
		return "No such file or directory", true
	case windows.ERROR_ACCESS_DENIED, windows.ERROR_SHARING_VIOLATION, windows.ERROR_LOCK_VIOLATION,
		windows.ERROR_NETWORK_ACCESS_DENIED:
		return "Permission denied", true
	case windows.ERROR_TOO_MANY_OPEN_FILES:
		return "Too many open files", true
	case windows.ERROR_NOT_ENOUGH_MEMORY, windows.ERROR_OUTOFMEMORY:
		return "Cannot allocate memory", true
	case windows.ERROR_INVALID_NAME:
		return "Invalid argument", true
	}
	return "", false
}
