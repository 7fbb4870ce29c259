package web

import (
	"fmt"
	"net/http"
	"time"
)

// Stream bounds of a page's server-sent events (the lobby's, a
// tournament's).
const (
	// StreamLife bounds one stream: the page opens another.
	StreamLife = 10 * time.Minute
	// StreamHeartbeat keeps proxies from closing a quiet stream.
	StreamHeartbeat = 25 * time.Second
)

// EventStream answers a stream of server-sent events: "changed" for each
// value received on changes (the page then fetches what changed), a
// comment every StreamHeartbeat, until the client goes, StreamLife is
// over, or stopping or ended closes (a nil channel never does). The
// caller subscribes changes before and unsubscribes after.
func EventStream(w http.ResponseWriter, r *http.Request, changes, stopping, ended <-chan struct{}) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not hold the events back
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 3000\n\n")
	if rc.Flush() != nil {
		return
	}
	life := time.NewTimer(StreamLife)
	defer life.Stop()
	beat := time.NewTicker(StreamHeartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-stopping:
			return
		case <-ended:
			return
		case <-life.C:
			return
		case <-beat.C:
			fmt.Fprint(w, ": still here\n\n")
		case <-changes:
			fmt.Fprint(w, "data: changed\n\n")
		}
		if rc.Flush() != nil {
			return
		}
	}
}
