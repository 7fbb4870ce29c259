package cli

import (
	"strings"
	"testing"
	"time"
)

// Away from a terminal, a long run says how far it is now and then.
func TestProgressLines(t *testing.T) {
	defer func(d time.Duration) { progressLineEvery = d }(progressLineEvery)
	progressLineEvery = 0
	var b strings.Builder
	report, finish := newProgress(&b, "arena", false)
	time.Sleep(time.Millisecond)
	report(10, 40)
	report(40, 40) // the end says nothing: the results follow
	finish()
	out := b.String()
	if !strings.HasPrefix(out, "arena: 10/40 games, ") || !strings.Contains(out, "left") || strings.Count(out, "\n") != 1 {
		t.Errorf("progress: %q", out)
	}
}
