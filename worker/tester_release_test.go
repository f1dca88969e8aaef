//go:build !faults

package worker

// engineKnobCases are none in a release build: sched's test knobs (a
// grown or refused ring) are set from outside sched only in a build with
// -tags faults, whose run of worker's tests has them.
func engineKnobCases() []engineCase { return nil }
