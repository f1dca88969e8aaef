package main

import (
	"bufio"
	"cmp"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// machine is what the JSON file records about where it ran.
type machine struct {
	Hostname string `json:"hostname"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
	CPUs     int    `json:"cpus"`
	CPUModel string `json:"cpu_model"`
	// CPUFlags are the vector extensions the matcher's scans choose
	// between, of those the CPU reports; CPUCaches one core's cache
	// sizes. A ratio measured on one microarchitecture is that one's.
	CPUFlags  string `json:"cpu_flags"`
	CPUCaches string `json:"cpu_caches"`
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
	m.CPUFlags = vectorFlags(procField("/proc/cpuinfo", "flags") + " " + procField("/proc/cpuinfo", "Features"))
	m.CPUCaches = cacheSizes("/sys/devices/system/cpu/cpu0/cache")
	if m.CPUCaches == "" {
		// No cache directory in sysfs (some virtual machines): the one
		// size /proc/cpuinfo gives, whichever level it is there.
		m.CPUCaches = "cache size " + cmp.Or(procField("/proc/cpuinfo", "cache size"), "unknown")
	}
	if kb, err := strconv.ParseInt(strings.TrimSuffix(procField("/proc/meminfo", "MemTotal"), " kB"), 10, 64); err == nil {
		m.MemoryKiB = kb
	}
	return m
}

// String is the machine as a bench's header names it.
func (m machine) String() string {
	return fmt.Sprintf("cpu: %s, %d cores; %s; %s; %s/%s, Linux %s", m.CPUModel, m.CPUs, m.CPUFlags, m.CPUCaches, m.OS, m.Arch, m.Kernel)
}

// vectorFlags keeps of a CPU's flags the ones the matcher's scans and
// Go's own bytes package choose between.
func vectorFlags(all string) string {
	var kept []string
	for _, f := range strings.Fields(all) {
		switch f {
		case "sse4_2", "avx", "avx2", "bmi2", "avx512f", "avx512bw", "avx512vl", "asimd", "sve":
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return "no vector flags read"
	}
	return strings.Join(kept, " ")
}

// cacheSizes lists one core's caches from sysfs (dir is cpu0's cache
// directory), as "L1d 48K, L2 1024K, …"; "" where sysfs has none.
func cacheSizes(dir string) string {
	var out []string
	for i := 0; ; i++ {
		d := fmt.Sprintf("%s/index%d", dir, i)
		size := readTrimmed(d + "/size")
		if size == "" {
			break
		}
		kind := ""
		switch readTrimmed(d + "/type") {
		case "Data":
			kind = "d"
		case "Instruction":
			kind = "i"
		}
		out = append(out, "L"+readTrimmed(d+"/level")+kind+" "+size)
	}
	return strings.Join(out, ", ")
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
