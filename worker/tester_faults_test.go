//go:build faults

package worker

import (
	"errors"

	"urg/sched"
)

// engineKnobCases are the engine cases that need sched's test knobs (a
// grown or refused ring), which only a build with -tags faults can set
// from outside sched.
func engineKnobCases() []engineCase {
	refused := errors.New("io_uring refused (test)")
	return []engineCase{
		{"uring-grown", func(c *Config) { c.IO.Engine = sched.EngineUring; c.IO.SetTesting(sched.Testing{GrowAtOnce: true}) }, nil},
		{"ring-refused", func(c *Config) {
			c.IO.Engine = sched.EngineAuto
			c.IO.SetTesting(sched.Testing{RingRefused: refused})
		}, func(s *Stats) bool { return s.RingRefused != nil }},
	}
}
