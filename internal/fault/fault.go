//go:build !faults

// Package fault marks the places in the engines where the fault suite
// makes things go wrong on purpose: a file vanishing between the walk and
// the open, an io_uring completion failing with EAGAIN, a short read.
//
// Built as usual, every call here is empty and inlined away. Built with
// -tags faults, URG_FAULTS names the faults to inject (see faults.go);
// the fault suite (cmd/urg/fault_test.go) builds urg that way.
package fault

// Enabled says whether the fault points are live in this binary.
const Enabled = false

// At is the fault point named point, reached for the file at path.
func At(point, path string) {}

// Result is the result of an io_uring operation at point for path, as
// the kernel gave it or as a fault replaces it.
func Result(point, path string, res int32) int32 { return res }

// Is reports whether the fault point named point holds for path (a
// property of the file that a fault pretends, not an action).
func Is(point, path string) bool { return false }
