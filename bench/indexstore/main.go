// Command indexstore compares urg's index file with other ways to keep
// the same posting lists: the same layout with roaring bitmaps in place
// of varint gaps, and go.etcd.io/bbolt with either as its values. It
// reads every list of an existing index, writes each store from the lists
// in memory (timed), and then times opening each store and evaluating a
// few queries on it, each run in a process of its own (whose peak RSS
// it reports), warm and, as root, cold.
//
//	cd bench/indexstore && go run . /work/corpus/linux-source-6.1/.urg/index
//
// It is a module of its own so that urg's module needs neither bbolt nor
// roaring; it is run by hand, on Linux (it reads /proc, and drops the
// page cache through it for the cold runs). The stores are written to
// -dir.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"urg/index"
	"urg/index/trigram"
)

// variant is one way to answer a query: a store's file and an evaluator.
type variant struct {
	name string
	file string // the store's file, in -dir but for urg's
	open func(path string, nfiles int) (func(*trigram.Query) (set, error), func() error, error)
}

// storeFiles are the stores written from the lists, by file name.
var storeFiles = []struct {
	file  string
	write func(path string, l *lists) (int64, error)
}{
	{"flat-varint", func(p string, l *lists) (int64, error) { return writeFlat(p, l, appendVarint) }},
	{"flat-roaring", func(p string, l *lists) (int64, error) { return writeFlat(p, l, appendRoaring) }},
	{"bbolt-varint", func(p string, l *lists) (int64, error) { return writeBolt(p, l, appendVarint, true) }},
	{"bbolt-roaring", func(p string, l *lists) (int64, error) { return writeBolt(p, l, appendRoaring, false) }},
}

// dense opens a store whose queries go through the evaluator of dense sets.
func dense(open func(string, int) (store, error)) func(string, int) (func(*trigram.Query) (set, error), func() error, error) {
	return func(path string, nfiles int) (func(*trigram.Query) (set, error), func() error, error) {
		st, err := open(path, nfiles)
		if err != nil {
			return nil, nil, err
		}
		return func(q *trigram.Query) (set, error) { return evaluate(st, nfiles, q) }, st.close, nil
	}
}

// ops opens a store of roaring lists whose queries use roaring's own
// operations; the result is made a dense set, untimed, to be compared.
func ops(open func(string, int) (bitmapStore, error)) func(string, int) (func(*trigram.Query) (set, error), func() error, error) {
	return func(path string, nfiles int) (func(*trigram.Query) (set, error), func() error, error) {
		st, err := open(path, nfiles)
		if err != nil {
			return nil, nil, err
		}
		return func(q *trigram.Query) (set, error) {
			bm, err := evaluateBitmaps(st, nfiles, q)
			if err != nil {
				return nil, err
			}
			s := newSet(nfiles, false)
			stop := time.Now()
			bm.WriteDenseTo(s)
			untimed += time.Since(stop)
			return s, nil
		}, st.close, nil
	}
}

// untimed is the time a query spent on work that is no part of it.
var untimed time.Duration

func flatOpener(isRoaring bool) func(string, int) (*flatStore, error) {
	return func(p string, n int) (*flatStore, error) { return openFlat(p, isRoaring, n) }
}

// boltOpener opens a bbolt store; touch pages in its tables' blob, which
// bbolt leaves in its map until read, as a search that looks every file
// of the tree up reads them.
func boltOpener(isRoaring, touch bool) func(string, int) (*boltStore, error) {
	return func(p string, n int) (*boltStore, error) {
		s, err := openBolt(p, isRoaring, n)
		if err == nil && touch {
			var sum byte
			for i := 0; i < len(s.tables); i += 4096 {
				sum += s.tables[i]
			}
			sink = sum
		}
		return s, err
	}
}

// sink keeps the pages' bytes read.
var sink byte

// asStore and asBitmaps wrap an opener of a concrete store.
func asStore[S store](open func(string, int) (S, error)) func(string, int) (store, error) {
	return func(p string, n int) (store, error) { return open(p, n) }
}

func asBitmaps[S bitmapStore](open func(string, int) (S, error)) func(string, int) (bitmapStore, error) {
	return func(p string, n int) (bitmapStore, error) { return open(p, n) }
}

var variants = []variant{
	{"urg (index.Open, Candidates)", "", func(path string, _ int) (func(*trigram.Query) (set, error), func() error, error) {
		ix, err := index.Open(path)
		if err != nil {
			return nil, nil, err
		}
		return func(q *trigram.Query) (set, error) {
			s, err := ix.Candidates(q)
			return set(s), err
		}, ix.Close, nil
	}},
	{"flat, varint", "flat-varint", dense(asStore(flatOpener(false)))},
	{"flat, roaring", "flat-roaring", dense(asStore(flatOpener(true)))},
	{"flat, roaring ops", "flat-roaring", ops(asBitmaps(flatOpener(true)))},
	{"bbolt, varint", "bbolt-varint", dense(asStore(boltOpener(false, false)))},
	{"bbolt, varint, tables paged in", "bbolt-varint", dense(asStore(boltOpener(false, true)))},
	{"bbolt, roaring", "bbolt-roaring", dense(asStore(boltOpener(true, false)))},
	{"bbolt, roaring ops", "bbolt-roaring", ops(asBitmaps(boltOpener(true, false)))},
}

// queryNames are the queries, by the pattern whose trigrams they ask for.
var queryNames = []string{"PM_RESUME", "_SUSPEND", "-i pm_resume", "1,000 identifiers"}

func query(n int, dir string) (*trigram.Query, error) {
	switch n {
	case 0:
		return trigram.Of("PM_RESUME"), nil
	case 1:
		return trigram.Of("_SUSPEND"), nil
	case 2:
		return trigram.Of(trigram.Folded("pm_resume")), nil
	}
	b, err := os.ReadFile(filepath.Join(dir, "words"))
	if err != nil {
		return nil, err
	}
	q := &trigram.Query{Op: trigram.Or}
	for _, w := range strings.Fields(string(b)) {
		q.Sub = append(q.Sub, trigram.Of(w))
	}
	return q, nil
}

// words picks n identifiers of the headers under tree/include/linux
// (words of capitals, digits and underscores, of eight bytes or more,
// starting with a capital), the same each time.
func words(tree string, n int) ([]string, error) {
	re := regexp.MustCompile(`\b[A-Z][A-Z0-9_]{7,}\b`)
	seen := map[string]bool{}
	err := filepath.WalkDir(filepath.Join(tree, "include/linux"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, w := range re.FindAll(b, -1) {
			seen[string(w)] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	all := make([]string, 0, len(seen))
	for w := range seen {
		all = append(all, w)
	}
	slices.Sort(all)
	rand.New(rand.NewPCG(58, 3)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(n, len(all))], nil
}

func main() {
	dir := flag.String("dir", filepath.Join(os.TempDir(), "indexstore"), "where the stores are written")
	rounds := flag.Int("rounds", 15, "warm rounds of the queries")
	writeRounds := flag.Int("write-rounds", 3, "rounds of the stores' writes")
	cold := flag.Int("cold", 3, "cold rounds of the first and last queries (as root; 0: none)")
	child := flag.String("child", "", "run one query: variant,query (what the parent runs)")
	writer := flag.Bool("write", false, "read the lists and write the stores only (what the parent runs)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: indexstore [flags] DIR/.urg/index\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	var err error
	switch {
	case *child != "":
		err = runChild(*child, *dir, flag.Arg(0))
	case *writer:
		err = write(flag.Arg(0), *dir, *writeRounds)
	default:
		err = run(flag.Arg(0), *dir, *rounds, *writeRounds, *cold)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "indexstore:", err)
		os.Exit(1)
	}
}

// runChild opens one store, evaluates one query, and prints the open's
// and the query's nanoseconds, the files found and a hash of the set.
func runChild(spec, dir, urgIndex string) error {
	vi, qi, ok := strings.Cut(spec, ",")
	v, err1 := strconv.Atoi(vi)
	qn, err2 := strconv.Atoi(qi)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("-child %q", spec)
	}
	b, err := os.ReadFile(filepath.Join(dir, "nfiles"))
	if err != nil {
		return err
	}
	nfiles, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return err
	}
	q, err := query(qn, dir)
	if err != nil {
		return err
	}
	path := urgIndex
	if variants[v].file != "" {
		path = filepath.Join(dir, variants[v].file)
	}
	t0 := time.Now()
	eval, closer, err := variants[v].open(path, nfiles)
	if err != nil {
		return err
	}
	t1 := time.Now()
	s, err := eval(q)
	t2 := time.Now()
	if err != nil {
		return err
	}
	closer()
	n, h := 0, uint64(14695981039346656037)
	for _, w := range s {
		n += bits.OnesCount64(w)
		h = (h ^ w) * 1099511628211
	}
	fmt.Println(t1.Sub(t0).Nanoseconds(), (t2.Sub(t1) - untimed).Nanoseconds(), n, h)
	return nil
}

// result is one child's run.
type result struct {
	open, query time.Duration
	found       int
	hash        uint64
	rssKiB      int64
}

func runOnce(v, q int, dir, urgIndex string) (result, error) {
	exe, err := os.Executable()
	if err != nil {
		return result{}, err
	}
	cmd := exec.Command(exe, "-dir", dir, "-child", fmt.Sprintf("%d,%d", v, q), urgIndex)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return result{}, fmt.Errorf("%s, %s: %v", variants[v].name, queryNames[q], err)
	}
	var r result
	var open, qt int64
	if _, err := fmt.Sscan(string(out), &open, &qt, &r.found, &r.hash); err != nil {
		return result{}, fmt.Errorf("%s, %s: %q: %v", variants[v].name, queryNames[q], out, err)
	}
	r.open, r.query = time.Duration(open), time.Duration(qt)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rssKiB = int64(ru.Maxrss)
	}
	return r, nil
}

// readAll reads a file through the page cache, so that it is warm.
func readAll(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(io.Discard, f)
	return err
}

// dropCaches writes the dirty pages out and drops the page cache.
func dropCaches() error {
	syscall.Sync()
	return os.WriteFile("/proc/sys/vm/drop_caches", []byte("3\n"), 0o200)
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// write reads the lists of the index and writes every store from them,
// timed, and prints their sizes. It runs in a process of its own: the
// queries' processes, started from a process that once held the lists,
// would report its peak RSS as theirs (exec keeps the old peak).
func write(urgIndex, dir string, writeRounds int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	say := func(format string, args ...any) { fmt.Fprintf(out, format, args...); out.Flush() }
	t := time.Now()
	l, err := load(urgIndex)
	if err != nil {
		return err
	}
	say("%d files, %d trigrams, %d postings, read in %.2f s; the tables' blob %d bytes\n\n",
		l.nfiles, len(l.keys), len(l.files), time.Since(t).Seconds(), len(l.tables))
	if err := os.WriteFile(filepath.Join(dir, "nfiles"), []byte(strconv.Itoa(l.nfiles)+"\n"), 0o644); err != nil {
		return err
	}
	ws, err := words(filepath.Dir(filepath.Dir(urgIndex)), 1000)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "words"), []byte(strings.Join(ws, "\n")+"\n"), 0o644); err != nil {
		return err
	}

	// Writes, interleaved.
	writes := make([][]time.Duration, len(storeFiles))
	listBytes := make([]int64, len(storeFiles))
	for r := range writeRounds {
		for j := range storeFiles {
			i := (j + r) % len(storeFiles)
			runtime.GC()
			t := time.Now()
			n, err := storeFiles[i].write(filepath.Join(dir, storeFiles[i].file), l)
			if err != nil {
				return err
			}
			writes[i] = append(writes[i], time.Since(t))
			listBytes[i] = n
		}
	}
	st, err := os.Stat(urgIndex)
	if err != nil {
		return err
	}
	say("## Sizes and writes (%d rounds, interleaved; medians, min–max)\n\n", writeRounds)
	say("| store | file | on disk | lists | write |\n|---|---|---|---|---|\n")
	say("| urg's file | %s | %s | %s | (built by urg) |\n", mb(st.Size()), mb(allocated(st)), mb(l.urgLists))
	for i, s := range storeFiles {
		st, err := os.Stat(filepath.Join(dir, s.file))
		if err != nil {
			return err
		}
		say("| %s | %s | %s | %s | %s |\n", s.file, mb(st.Size()), mb(allocated(st)), mb(listBytes[i]), spread(writes[i]))
	}
	say("\n(lists: the posting lists' bytes alone; bbolt's varint values hold each list's count first)\n\n")
	return nil
}

func run(urgIndex, dir string, rounds, writeRounds, coldRounds int) error {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	say := func(format string, args ...any) { fmt.Fprintf(out, format, args...); out.Flush() }
	say("# indexstore: %s, %s, %d cores, load %s, %s\n\n", urgIndex, cpuModel(), runtime.NumCPU(), loadavg(), time.Now().Format(time.DateOnly))
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, "-dir", dir, "-write-rounds", strconv.Itoa(writeRounds), "-write", urgIndex)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("writing the stores: %v", err)
	}

	// Warm queries, every variant interleaved within each query's round.
	files := []string{urgIndex}
	for _, s := range storeFiles {
		files = append(files, filepath.Join(dir, s.file))
	}
	warm := make([][][]result, len(queryNames))
	for q := range warm {
		warm[q] = make([][]result, len(variants))
	}
	for r := range rounds {
		for _, f := range files {
			if err := readAll(f); err != nil {
				return err
			}
		}
		for q := range queryNames {
			for j := range variants {
				v := (j + r) % len(variants)
				res, err := runOnce(v, q, dir, urgIndex)
				if err != nil {
					return err
				}
				warm[q][v] = append(warm[q][v], res)
			}
		}
	}
	if err := check(warm); err != nil {
		return err
	}
	say("## Warm (%d rounds, interleaved; medians, min–max; load now %s)\n\n", rounds, loadavg())
	table(say, warm, []int{0, 1, 2, 3})

	if coldRounds > 0 && os.Geteuid() == 0 {
		cold := make([][][]result, len(queryNames))
		for q := range cold {
			cold[q] = make([][]result, len(variants))
		}
		for r := range coldRounds {
			for _, q := range []int{0, 3} {
				for j := range variants {
					v := (j + r) % len(variants)
					if err := dropCaches(); err != nil {
						return err
					}
					res, err := runOnce(v, q, dir, urgIndex)
					if err != nil {
						return err
					}
					cold[q][v] = append(cold[q][v], res)
				}
			}
		}
		if err := check(cold); err != nil {
			return err
		}
		say("## Cold (caches dropped before each run, %d rounds, interleaved; medians, min–max; load now %s)\n\n", coldRounds, loadavg())
		table(say, cold, []int{0, 3})
	}
	return nil
}

// check says whether every variant found the same files for each query.
func check(res [][][]result) error {
	for q, byVariant := range res {
		var want *result
		for v, runs := range byVariant {
			for i := range runs {
				if want == nil {
					want = &runs[i]
				} else if runs[i].found != want.found || runs[i].hash != want.hash {
					return fmt.Errorf("%s: %s found %d files, %s %d, or other ones", queryNames[q], variants[v].name, runs[i].found, variants[0].name, want.found)
				}
			}
		}
	}
	return nil
}

func table(say func(string, ...any), res [][][]result, queries []int) {
	for _, q := range queries {
		runs := res[q]
		say("### %s (%d files)\n\n| variant | open | query | open + query | peak RSS |\n|---|---|---|---|---|\n", queryNames[q], runs[0][0].found)
		for v, rs := range runs {
			var open, qt, both []time.Duration
			var rss []time.Duration
			for _, r := range rs {
				open, qt, both = append(open, r.open), append(qt, r.query), append(both, r.open+r.query)
				rss = append(rss, time.Duration(r.rssKiB))
			}
			say("| %s | %s | %s | %s | %.1f MiB |\n", variants[v].name, spread(open), spread(qt), spread(both), float64(median(rss))/1024)
		}
		say("\n")
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// spread is a median and the range about it.
func spread(d []time.Duration) string {
	return fmt.Sprintf("%s (%s–%s)", ms(median(d)), ms(slices.Min(d)), ms(slices.Max(d)))
}

func ms(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("%.2f ms", d.Seconds()*1e3)
	}
	return fmt.Sprintf("%.1f ms", d.Seconds()*1e3)
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// allocated is the blocks a file takes on disk.
func allocated(fi os.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Blocks * 512
	}
	return fi.Size()
}
