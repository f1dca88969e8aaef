package main

import (
	"math"
	"slices"
)

// summary is ministat's line for one tool: the spread of its timed runs,
// in seconds.
type summary struct {
	N      int     `json:"n"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	Median float64 `json:"median"`
	Mean   float64 `json:"mean"`
	Stddev float64 `json:"stddev"` // sample standard deviation (n-1)
}

func summarize(s []float64) summary {
	if len(s) == 0 {
		return summary{}
	}
	return summary{
		N:      len(s),
		Min:    slices.Min(s),
		Max:    slices.Max(s),
		Median: median(s),
		Mean:   mean(s),
		Stddev: stddev(s),
	}
}

func median(s []float64) float64 {
	c := slices.Clone(s)
	slices.Sort(c)
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}

func mean(s []float64) float64 {
	sum := 0.0
	for _, v := range s {
		sum += v
	}
	return sum / float64(len(s))
}

func stddev(s []float64) float64 {
	if len(s) < 2 {
		return 0
	}
	m, sum := mean(s), 0.0
	for _, v := range s {
		sum += (v - m) * (v - m)
	}
	return math.Sqrt(sum / float64(len(s)-1))
}
