package main

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// machine is what the JSON file records about where it ran.
type machine struct {
	Hostname  string `json:"hostname"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
	CPUs      int    `json:"cpus"`
	CPUModel  string `json:"cpu_model"`
	Kernel    string `json:"kernel"`
	MemoryKiB int64  `json:"memory_kib"`
	IOUring   string `json:"io_uring_disabled,omitempty"` // the sysctl, where there is one
	GoVersion string `json:"go_version"`                  // of the harness
	Root      bool   `json:"root"`
}

func describeMachine() machine {
	m := machine{
		OS:        runtime.GOOS,
		Arch:      runtime.GOARCH,
		CPUs:      runtime.NumCPU(),
		GoVersion: runtime.Version(),
		Root:      os.Geteuid() == 0,
	}
	m.Hostname, _ = os.Hostname()
	m.Kernel = readTrimmed("/proc/sys/kernel/osrelease")
	m.IOUring = readTrimmed("/proc/sys/kernel/io_uring_disabled")
	m.CPUModel = procField("/proc/cpuinfo", "model name")
	if kb, err := strconv.ParseInt(strings.TrimSuffix(procField("/proc/meminfo", "MemTotal"), " kB"), 10, 64); err == nil {
		m.MemoryKiB = kb
	}
	return m
}

func readTrimmed(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// procField returns the value of the first "key: value" line in a /proc
// file, or "" where there is no such file or line.
func procField(path, key string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
