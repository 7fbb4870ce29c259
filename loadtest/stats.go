package loadtest

import (
	"math/bits"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// histogram counts latencies in microseconds in logarithmic buckets, as
// HDR histograms do: values below 128 µs exactly, then 64 buckets per power
// of two (a bucket is at most 1.6% wide). Recording is lock-free; memory is
// fixed (18 KiB) whatever the number of samples.
type histogram struct {
	counts [histBuckets]atomic.Uint64
	n      atomic.Uint64
	sum    atomic.Uint64
	max    atomic.Uint64
}

const (
	histSub = 64 // buckets per power of two
	// histBuckets covers up to 2^40 µs (12 days); larger values go in the
	// last bucket.
	histBuckets = histSub*(40-6) + 2*histSub
)

func bucketOf(us uint64) int {
	if us < 2*histSub {
		return int(us)
	}
	e := bits.Len64(us) - 7 // us>>e is in [64, 128)
	i := histSub*e + int(us>>uint(e))
	return min(i, histBuckets-1)
}

// bucketRange is the lowest and highest value of bucket i.
func bucketRange(i int) (lo, hi uint64) {
	if i < 2*histSub {
		return uint64(i), uint64(i)
	}
	e := i/histSub - 1
	m := uint64(i - histSub*e)
	return m << uint(e), (m+1)<<uint(e) - 1
}

func (h *histogram) record(d time.Duration) {
	us := uint64(max(d, 0) / time.Microsecond)
	h.counts[bucketOf(us)].Add(1)
	h.n.Add(1)
	h.sum.Add(us)
	for {
		old := h.max.Load()
		if us <= old || h.max.CompareAndSwap(old, us) {
			return
		}
	}
}

// Latency is a summary of a latency histogram, in milliseconds.
type Latency struct {
	Count uint64  `json:"count"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	Max   float64 `json:"max_ms"`
}

func (h *histogram) summary() Latency {
	n := h.n.Load()
	if n == 0 {
		return Latency{}
	}
	var counts [histBuckets]uint64
	var total uint64
	for i := range counts {
		counts[i] = h.counts[i].Load()
		total += counts[i]
	}
	maxUS := h.max.Load()
	q := func(p float64) float64 {
		target := uint64(p*float64(total) + 0.999999)
		target = max(target, 1)
		var cum uint64
		for i, c := range counts {
			cum += c
			if cum >= target {
				lo, hi := bucketRange(i)
				return float64(min((lo+hi)/2, maxUS)) / 1000
			}
		}
		return float64(maxUS) / 1000
	}
	return Latency{Count: total, Mean: float64(h.sum.Load()) / float64(n) / 1000,
		P50: q(0.50), P90: q(0.90), P99: q(0.99), Max: float64(maxUS) / 1000}
}

// stats is what one step records. Counts cover the whole step (ramp,
// warm-up and measurement); latencies and moves only the measurement
// window, while measuring is set.
type stats struct {
	measuring atomic.Bool

	ack, opponent, spectator, computer histogram

	moves         atomic.Int64 // acknowledged moves of the load generator's players, in the window
	computerMoves atomic.Int64 // moves of computer seats seen, in the window
	started       atomic.Int64 // games created
	finished      atomic.Int64 // games that ended (and were replaced)
	resigned      atomic.Int64 // of which by --max-plies

	mu       sync.Mutex
	rejects  map[string]int
	errors   map[string]int
	infos    map[string]int
	http     map[string]int
	connFail map[string]int
	closes   map[string]int
}

func newStats() *stats {
	return &stats{rejects: map[string]int{}, errors: map[string]int{}, infos: map[string]int{},
		http: map[string]int{}, connFail: map[string]int{}, closes: map[string]int{}}
}

func (s *stats) count(m map[string]int, key string) {
	s.mu.Lock()
	m[key]++
	s.mu.Unlock()
}

func (s *stats) latency(h *histogram, d time.Duration) {
	if s.measuring.Load() {
		h.record(d)
	}
}

func copyCounts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// sortedKeys is m's keys, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
