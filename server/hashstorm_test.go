package server

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/store"
)

// TestSignupStorm is the measurement of docs/server.md ("Password
// hashes"): 200 signups at once from 200 addresses, then 200 logins to 200
// accounts, on a server with the default bounds, while /healthz is asked
// every 20 ms and the memory is sampled. It prints the figures; it asserts only counts
// (never more hashes at once than the bound, every answer a success or a
// "busy") and the memory ceiling, not speeds. It runs only when asked:
//
//	PLATEAU_MEASURE=1 go test ./server -run TestSignupStorm -count=1 -v
func TestSignupStorm(t *testing.T) {
	if os.Getenv("PLATEAU_MEASURE") == "" {
		t.Skip("a measurement: set PLATEAU_MEASURE=1")
	}
	// PLATEAU_MEASURE_HASHES sets --max-hashes (default: the default).
	maxHashes, _ := strconv.Atoi(os.Getenv("PLATEAU_MEASURE_HASHES"))
	s, ts, st := accountServer(t, Config{TrustedProxies: localProxy, MaxHashes: maxHashes})
	// The accounts of the logins, made beforehand (one hash for all).
	hash, _ := accounts.HashPassword("a good password")
	for i := range 200 {
		if err := st.CreateUser(t.Context(), &store.User{Name: fmt.Sprintf("login%d", i), PasswordHash: hash}); err != nil {
			t.Fatal(err)
		}
	}
	const n = 200
	client := &http.Client{CheckRedirect: noRedirect.CheckRedirect, Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: n}}

	// The health check alone first: what the machine gives without the
	// storm (the store's check is a durable write).
	var quiet []time.Duration
	for range 25 {
		began := time.Now()
		resp, err := client.Get(ts.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		quiet = append(quiet, time.Since(began))
		time.Sleep(20 * time.Millisecond)
	}
	slices.Sort(quiet)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var lat []time.Duration
	var peakRSS, peakSys atomic.Int64
	wg.Add(2)
	go func() { // /healthz every 20 ms
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			began := time.Now()
			resp, err := client.Get(ts.URL + "/healthz")
			if err != nil {
				t.Errorf("healthz: %v", err)
				return
			}
			resp.Body.Close()
			lat = append(lat, time.Since(began))
		}
	}()
	go func() { // memory every 10 ms
		defer wg.Done()
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
			if rss := rssBytes(); rss > peakRSS.Load() {
				peakRSS.Store(rss)
			}
			runtime.ReadMemStats(&ms)
			if int64(ms.Sys) > peakSys.Load() {
				peakSys.Store(int64(ms.Sys))
			}
		}
	}()

	storm := func(path string, form func(i int) url.Values) map[int]int {
		codes := map[int]int{}
		var mu sync.Mutex
		var all sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			all.Add(1)
			go func() {
				defer all.Done()
				req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form(i).Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", i/65536, i/256%256, i%256+1))
				<-start
				resp, err := client.Do(req)
				code := 0
				if err == nil {
					resp.Body.Close()
					code = resp.StatusCode
				}
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}()
		}
		close(start)
		all.Wait()
		return codes
	}
	began := time.Now()
	signups := storm("/signup", func(i int) url.Values { return signupForm(fmt.Sprintf("storm%d", i), "a good password") })
	signupTime := time.Since(began)
	began = time.Now()
	logins := storm("/login", func(i int) url.Values {
		return url.Values{"name": {fmt.Sprintf("login%d", i)}, "password": {"a good password"}}
	})
	loginTime := time.Since(began)
	close(stop)
	wg.Wait()

	slices.Sort(lat)
	p := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
	t.Logf("bound: %d hashes at once, %d waiting at most %v; %d CPUs", cap(s.club.Hashes().Slots), s.club.Hashes().Queue, s.club.Hashes().Wait, runtime.NumCPU())
	t.Logf("200 signups in %v: %v (303 created, 503 busy)", signupTime.Round(time.Millisecond), signups)
	t.Logf("200 logins in %v: %v (303 logged in, 503 busy)", loginTime.Round(time.Millisecond), logins)
	t.Logf("/healthz before the storms: median %v, max %v; load average %s", quiet[len(quiet)/2], quiet[len(quiet)-1], loadAverage())
	t.Logf("/healthz during the storms: %d answers, median %v, p99 %v, max %v", len(lat), p(0.5), p(0.99), lat[len(lat)-1])
	t.Logf("memory: peak RSS %d MiB (test process, client included), peak Go runtime Sys %d MiB; most hashes at once %d",
		peakRSS.Load()>>20, peakSys.Load()>>20, s.club.Hashes().Peak.Load())
	if s.club.Hashes().Peak.Load() > int64(cap(s.club.Hashes().Slots)) {
		t.Errorf("%d hashes ran at once, over the bound of %d", s.club.Hashes().Peak.Load(), cap(s.club.Hashes().Slots))
	}
	for what, codes := range map[string]map[int]int{"signup": signups, "login": logins} {
		if codes[http.StatusSeeOther]+codes[http.StatusServiceUnavailable] != n || codes[http.StatusSeeOther] == 0 {
			t.Errorf("%s answers other than success or busy: %v", what, codes)
		}
	}
	if rss := peakRSS.Load(); rss > 300<<20 {
		t.Errorf("peak RSS %d MiB, over 300 MiB", rss>>20)
	}
}

func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.Join(strings.Fields(string(b))[:min(3, len(strings.Fields(string(b))))], " ")
}

// rssBytes is the resident memory of this process (Linux), or 0.
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
