//go:build faults

package walk

import "urg/internal/fault"

// SetFaults gives the walks of o the fault suite's rules f (its not-eof
// point), which only a build with -tags faults can set.
func (o *Options) SetFaults(f *fault.Injector) { o.faults = f }
