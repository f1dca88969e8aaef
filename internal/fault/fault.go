//go:build !faults

// Package fault marks the places in the engines where the fault suite
// makes things go wrong on purpose: a file vanishing between the walk and
// the open, an io_uring completion failing with EAGAIN, a short read.
//
// The points are methods of an Injector, which the command makes once
// from the rules it is given (cmd/urg reads them from URG_FAULTS) and
// passes down. Built as usual, an Injector is empty and every call is
// inlined away. Built with -tags faults, the rules are live (see
// faults.go); the fault suite (cmd/urg/fault_test.go) builds urg that way.
package fault

// Enabled says whether the fault points are live in this binary.
const Enabled = false

// Injector holds the faults to inject; in this build there are none.
type Injector struct{}

// New returns the Injector of the rules in spec; in this build, nil.
func New(spec string) *Injector { return nil }

// At is the fault point named point, reached for the file at path.
func (*Injector) At(point, path string) {}

// Result is the result of an io_uring operation at point for path, as
// the kernel gave it or as a fault replaces it.
func (*Injector) Result(point, path string, res int32) int32 { return res }

// Is reports whether the fault point named point holds for path (a
// property of the file that a fault pretends, not an action).
func (*Injector) Is(point, path string) bool { return false }
