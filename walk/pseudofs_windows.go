package walk

// pseudoFS is false on Windows: it has no procfs, and its file systems,
// local and remote, give a regular file's true size, so that a short read
// ends it and a file of a MiB or more may be mapped. (A user-mode file
// system, WinFsp or Dokan, could lie as FUSE can on Linux; they are not
// told apart.)
func pseudoFS(string) bool { return false }
