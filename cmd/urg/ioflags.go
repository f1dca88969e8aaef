package main

// The flags of how files are read: through a command (--pre), in an
// encoding or compressed, and by which I/O engine, with how many
// threads, maps and reads in flight.

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"urg/internal/size"
	"urg/sched"
	"urg/transcode"
	"urg/walk"
	"urg/worker"
)

// preUnit is --pre, --no-pre and --pre-glob.
func preUnit() flagUnit { return flagUnit{"pre", definePreFlags, (*options).setPre} }

func definePreFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.StringVar(&o.preCommand, "pre", "", "search the standard output of `COMMAND` PATH, run with the file on its standard input, in place of each file (not standard input); an empty COMMAND runs none (rg --pre)")
	fs.VarPF(resetString{&o.preCommand, ""}, "no-pre", "", "undo an earlier --pre").NoOptDefVal = "true"
	fs.StringArrayVar(&o.preGlobs, "pre-glob", nil, "run --pre's COMMAND only for files whose path matches `GLOB` (as -g's); of several, any (rg --pre-glob)")
}

// setPre is --pre and --pre-glob.
func (o *options) setPre(_ *pflag.FlagSet, _ *rawFlags) error {
	if o.preCommand != "" {
		o.pre = &worker.Pre{Command: o.preCommand}
		if len(o.preGlobs) > 0 {
			globs, err := walk.ParseGlobs(o.preGlobs, nil, o.env.cwd)
			if err != nil {
				return plainError{err}
			}
			o.pre.Globs = globs
		}
	}
	return nil
}

// encodingUnit is --encoding, --no-encoding and --search-zip: what a
// file's bytes are decoded from.
func encodingUnit() flagUnit {
	return flagUnit{"encoding", defineEncodingFlags, (*options).setEncoding}
}

func defineEncodingFlags(fs *pflag.FlagSet, o *options, _ *rawFlags) {
	fs.StringVar(&o.encodingName, "encoding", "", "read files in `ENCODING` (a WHATWG label: utf-16le, latin1, sjis...), transcoded to UTF-8; auto heeds a UTF-8 or UTF-16 byte order mark, which overrides any other, and none reads bytes as they are (default: files that start with a UTF-16 mark are read as UTF-16, the rest as they are) (rg --encoding; -E is grep's here)")
	fs.VarPF(resetString{&o.encodingName, "auto"}, "no-encoding", "", "--encoding=auto, undoing an earlier --encoding (rg --no-encoding)").NoOptDefVal = "true"
	fs.BoolVar(&o.searchZip, "search-zip", false, "search inside gzip, bzip2, xz, lzma, zstd, lz4 and compress (.Z) files, recognised by their first bytes, as rg -z does (not standard input)")
}

// setEncoding is --encoding.
func (o *options) setEncoding(_ *pflag.FlagSet, _ *rawFlags) error {
	o.encoding = transcode.Default()
	if o.encodingName != "" {
		var err error
		if o.encoding, err = transcode.Parse(o.encodingName); err != nil {
			return err
		}
	}
	return nil
}

// ioUnit is -j, --io, --mmap-chunk, --low-memory, --cache and
// --queue-depth.
func ioUnit() flagUnit { return flagUnit{"io", defineIOFlags, (*options).setIO} }

func defineIOFlags(fs *pflag.FlagSet, o *options, r *rawFlags) {
	fs.IntVarP(&o.threads, "threads", "j", 0, "search `NUM` files at once (default: the number of cores)")
	fs.StringVar(&o.io, "io", "auto", "how files are read (`ENGINE`): auto (files the caches hold read at once without blocking, the rest through io_uring where the kernel gives it, else pread; files of 1 MiB or more mapped), uring, pread (never a map), mmap (every file mapped) or direct (files of 1 MiB or more read around the page cache by io_uring; auto does so for a file not cached that is larger than half the memory, or of 1 GiB or more with a costly pattern)")
	fs.StringVar(&r.mapChunk, "mmap-chunk", "256M", "map large files `SIZE` bytes at a time (suffixes K, M, G)")
	fs.BoolVar(&o.lowMemory, "low-memory", false, "halve the map chunk, for short address spaces")
	fs.StringVar(&o.cacheName, "cache", "auto", "what the search leaves in the page cache (`POLICY`): keep (read through it, as grep and rg do), drop (leave no new pages: RWF_DONTCACHE reads where the file system takes them, else POSIX_FADV_DONTNEED once a file is read; no maps) or auto (keep until an eighth of the available memory has been read, then drop)")
	fs.IntVar(&o.queueDepth, "queue-depth", sched.DefaultQueueDepth, "files each io_uring ring keeps in flight (`NUM`); lower it on shared or network storage (on a spinning disk the default is 4, with one reader)")
}

// setIO is --io, --cache, --mmap-chunk, --queue-depth and -j.
func (o *options) setIO(fs *pflag.FlagSet, r *rawFlags) error {
	o.tuned = fs.Changed("threads") || fs.Changed("queue-depth")
	var ok bool
	if o.engine, ok = sched.ParseEngine(o.io); !ok {
		return fmt.Errorf("invalid argument %q for --io (want auto, uring, pread, mmap or direct)", o.io)
	}
	if o.cache, ok = sched.ParseCache(o.cacheName); !ok {
		return fmt.Errorf("invalid argument %q for --cache (want auto, keep or drop)", o.cacheName)
	}
	chunk, err := size.Parse(r.mapChunk)
	if err != nil || chunk < 4<<10 || chunk > 1<<40 {
		return fmt.Errorf("invalid argument %q for --mmap-chunk (want a size from 4K to 1T, such as 64M)", r.mapChunk)
	}
	o.mapChunk = int(chunk)
	if o.queueDepth < 1 || o.queueDepth > 4096 {
		return errors.New("--queue-depth must be between 1 and 4096")
	}
	if o.threads < 0 {
		return errors.New("--threads must be a positive number")
	}
	return nil
}
