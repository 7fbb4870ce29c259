package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressLineEvery is how often a long run says how far it is when its
// standard error is not a terminal (a log, CI).
var progressLineEvery = 30 * time.Second

// newProgress reports games done: a bar with an estimate of the time left
// on a terminal (or when bar is set), else a line every 30 seconds
// ("arena: 12/40 games, 3m10s, about 7m left"). finish ends it.
func newProgress(w io.Writer, what string, bar bool) (report func(done, total int), finish func()) {
	return newProgressIn(w, what, bar, "en")
}

// newProgressIn is newProgress with its lines in lang.
func newProgressIn(w io.Writer, what string, bar bool, lang string) (report func(done, total int), finish func()) {
	if bar || writerIsTerminal(w) {
		b := progressbar.NewOptions(1,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(what),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
		)
		var mu sync.Mutex
		return func(done, total int) {
			mu.Lock()
			defer mu.Unlock()
			b.ChangeMax(total)
			b.Set(done)
		}, func() { b.Finish() }
	}
	begin := time.Now()
	var mu sync.Mutex
	last := begin
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		if now.Sub(last) < progressLineEvery || done >= total {
			return
		}
		last = now
		elapsed := now.Sub(begin)
		left := time.Duration(float64(elapsed) / float64(max(done, 1)) * float64(total-done))
		fmt.Fprintln(w, tr(lang, msgProgressLine, what, done, total, elapsed.Round(time.Second), left.Round(time.Second)))
	}, func() {}
}
