# urg: build, test, run. Every target works on a fresh machine with only Go.
GO      ?= go
# giouring reaches syscall.mmap through go:linkname, which Go 1.23+ refuses
# at link time unless told not to check: every build and test needs this.
export GOFLAGS := -ldflags=-checklinkname=0
# No C: urg and spot use none, and a static binary starts without the
# dynamic loader and the C library's setup, a fifth of a short search's
# page faults. The release archives are built so too.
export CGO_ENABLED := 0
BIN     := bin
GOROOT_SRC := $(shell $(GO) env GOROOT)/src
# A sample search of the Go toolchain's own source for `make run`.
RUN_PATTERN ?= func \w+Error\(

.PHONY: all build run test fuzz vet cross wine releasecheck fmt-check bench clean dist deb

all: build

# The version urg --version prints: git describe, as the release archives
# and the .deb are stamped (dist/main.go), so that one commit has one
# version whichever way it was built; 0.1.0-dev outside a git checkout.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo 0.1.0-dev)
# -ldflags on the command line replaces GOFLAGS' own: the link-name check
# is turned off here again.
STAMP   := -ldflags=-checklinkname=0 -X main.version=$(VERSION)

build:
	$(GO) build '$(STAMP)' -o $(BIN)/urg ./cmd/urg
	$(GO) build '$(STAMP)' -o $(BIN)/spot ./cmd/spot
	$(GO) build -o $(BIN)/urg-bench ./bench

run: build
	@echo "urg --sort=path -n '$(RUN_PATTERN)' $(GOROOT_SRC)  (the first 10 matches)"
	@$(BIN)/urg --sort=path -n '$(RUN_PATTERN)' $(GOROOT_SRC) | head -n 10
	@echo "urg --stats -c '$(RUN_PATTERN)' $(GOROOT_SRC)  (what the search did)"
	@$(BIN)/urg --stats -c '$(RUN_PATTERN)' $(GOROOT_SRC) 2>&1 >/dev/null | grep -E '^  (engine|matcher|files|read as|selected|time|cpu):'

vet:
	$(GO) vet ./...
	$(GO) vet -tags faults ./...

# Release archives, reproducible from a commit: DIST_OUT/urg-VERSION-OS-ARCH.tar.gz
# (.zip for Windows) and SHA256SUMS (see dist/main.go).
DIST_OUT ?= dist/out
DIST_TARGETS ?=
dist:
	$(GO) run ./dist -out $(DIST_OUT) $(if $(DIST_TARGETS),-targets "$(DIST_TARGETS)")

# Debian packages (amd64, arm64) built with dpkg-deb: DIST_OUT/urg_VERSION_ARCH.deb.
deb:
	$(GO) run ./dist -deb -out $(DIST_OUT) -targets "$(or $(DIST_TARGETS),linux/amd64 linux/arm64)"

# The fixed-buffer and map readers are the whole of urg off Linux: every
# package and its tests must vet (which type-checks the tests too) and
# build, urg and spot linked, for each of CROSS; the test binaries are
# linked for CROSS_TESTS, where the wine step runs them (they go to a
# scratch directory and are thrown away; nothing runs here). Linking
# every test binary for every target cost more than the rest of cross
# and checks only what one target's test link does: that the test files
# link, which vet's type-check and the build leave unchecked. Each target
# costs half a minute on a fresh machine, compiling the standard library
# for it: the Windows code is compiled for windows/amd64 and the code for
# CPUs other than amd64 for darwin/arm64, so windows/arm64 (a release
# target, as linux/arm64 is) adds no file to what cross compiles; `make
# cross CROSS=windows/arm64` checks it alone.
CROSS ?= windows/amd64 darwin/arm64 freebsd/amd64
CROSS_TESTS ?= windows/amd64
cross:
	@set -e; out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; \
	for t in $(CROSS); do \
		echo "cross: $$t"; \
		GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) vet ./...; \
		GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) build ./...; \
		case " $(CROSS_TESTS) " in *" $$t "*) \
			GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) test -c -o "$$out/" ./... >/dev/null; \
			rm -rf "$$out"/*;; \
		esac; \
	done

# The Windows test binaries and urg.exe/spot.exe run under Wine 8, where
# wine and MinGW are installed (else it says so and passes): Wine is not
# Windows, but it runs the Windows side of every seam.
wine:
	@bash internal/wine/run

# The search reads nothing a map has released: on Windows the views behind
# it are unmapped, where unix would read the file again. Built with
# -tags releasecheck, every map releases at each 2 MiB and makes released
# pages unreadable, so such a read faults here too (and is reported as a
# file that shrank, which fails the tests).
RELEASECHECK_TESTS := TestLargeFileBoundaries|TestEngineLargeFiles
releasecheck:
	GOFLAGS='$(GOFLAGS) -tags=releasecheck' $(GO) test -count=1 ./osfile ./search ./sched
	GOFLAGS='$(GOFLAGS) -tags=releasecheck' $(GO) test -count=1 -run '$(RELEASECHECK_TESTS)' ./cmd/urg

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt wants to change:"; echo "$$out"; exit 1; fi

# Short fuzz runs in make test: the matcher's fast paths against the plain
# regex (FUZZTIME), and the search's buffer edges, the printer, spot's
# parser and the glob matcher (FUZZTIME_OTHERS each). FUZZTIME=10m FUZZTIME_OTHERS=10m
# make fuzz for long ones.
#
# make test counts executions instead of timing them: a timed run of Go
# 1.26 can fail with "context deadline exceeded" and no failing input
# when its time is up while a worker is busy (golang/go#75804, fixed in
# Go 1.27); it did so here once. FuzzMatcher takes 50,000: on the
# slower machine of 2026-12-02, 80,000 took 164 s, most of it waiting on
# inputs whose joined alternation compiles slowly (an issue 26 leftover),
# which put make test past its 10 minutes.
FUZZTIME ?= 50000x
FUZZTIME_OTHERS ?= 50000x
# Each input that finds new coverage is minimized before fuzzing goes on,
# by default for up to a minute: with CI's empty cache that stalled
# FuzzMatcher for minutes (no executions counted meanwhile). make test
# keeps no corpus, so it minimizes each in at most 200 runs.
FUZZMIN ?= 200x

# The engine's test knobs that its own packages' tests set from outside
# sched (a grown or refused ring), and cmd/urg's reading of the test
# switches, are built only with -tags faults: those tests run once more
# so built. (cmd/urg's suite runs urg so built itself, for the fault
# suite and the switches.)
# go test ./... through testlog: go test's own output, and at least once
# a minute the packages still being tested, so that the long ones (cmd/urg
# runs for minutes) show they are working. Four parallel tests at once,
# not one per core: cmd/urg's long ones mostly wait for the processes
# they start.
test: fmt-check vet cross build
	$(GO) run ./internal/testlog -- -count=1 -parallel 4 ./...
	$(GO) test -count=1 -tags faults ./sched/ ./worker/
	$(GO) test -count=1 -tags faults -run '^TestReadTestEnv$$' ./cmd/urg/
	$(MAKE) --no-print-directory releasecheck
	$(MAKE) --no-print-directory fuzz
	$(MAKE) --no-print-directory wine

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzMatcher$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./match
	$(GO) test -run '^$$' -fuzz '^FuzzSearchEdges$$' -fuzztime $(FUZZTIME_OTHERS) -fuzzminimizetime $(FUZZMIN) ./search
	$(GO) test -run '^$$' -fuzz '^FuzzPrinter$$' -fuzztime $(FUZZTIME_OTHERS) -fuzzminimizetime $(FUZZMIN) ./printer
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME_OTHERS) -fuzzminimizetime $(FUZZMIN) ./find
	$(GO) test -run '^$$' -fuzz '^FuzzMatchGlob$$' -fuzztime $(FUZZTIME_OTHERS) -fuzzminimizetime $(FUZZMIN) ./walk

# urg beside GNU grep, rg, ugrep and ag (those installed) on the go and mix
# corpora (built once under $TMPDIR/urg-bench), warm and cold (cold needs
# root): tables, a JSON file of every run and an SVG chart. Flags go in
# BENCH_ARGS, e.g. BENCH_ARGS=-quick for the smoke run (go run ./bench -h).
bench: build
	$(GO) run ./bench -urg $(BIN)/urg $(BENCH_ARGS)

clean:
	rm -rf $(BIN)
