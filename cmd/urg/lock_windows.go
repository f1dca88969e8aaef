package main

// lockIndex takes no lock on Windows: two updates at once each write a
// whole index and rename it into place, so the later wins and neither
// corrupts the other; the lock elsewhere only spares the work twice.
func lockIndex(string) (unlock func(), err error) { return func() {}, nil }
