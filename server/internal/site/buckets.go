package site

import (
	"container/list"
	"sync"
	"time"
)

// Buckets are the token buckets of recent keys (client addresses,
// accounts), at most max of them: the least recently seen is forgotten when a new
// one comes (a forgotten client starts again with a full bucket, which is
// what an idle one would have anyway).
type Buckets struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *bucket, most recent first
	byKey map[string]*list.Element
}

type bucket struct {
	key    string
	tokens float64
	last   time.Time
}

// NewBuckets keeps the buckets of at most max keys.
func NewBuckets(max int) *Buckets {
	return &Buckets{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

// Take takes a token from key's bucket, which holds burst tokens and gains
// perMinute a minute. It reports whether there was one, and else how long
// until there is.
func (t *Buckets) Take(key string, now time.Time, perMinute float64, burst int) (bool, time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var e *bucket
	if el, ok := t.byKey[key]; ok {
		t.order.MoveToFront(el)
		e = el.Value.(*bucket)
		e.tokens = min(float64(burst), e.tokens+now.Sub(e.last).Minutes()*perMinute)
	} else {
		for t.order.Len() >= t.max {
			old := t.order.Back()
			t.order.Remove(old)
			delete(t.byKey, old.Value.(*bucket).key)
		}
		e = &bucket{key: key, tokens: float64(burst)}
		t.byKey[key] = t.order.PushFront(e)
	}
	e.last = now
	if e.tokens >= 1 {
		e.tokens--
		return true, 0
	}
	wait := time.Duration((1 - e.tokens) / perMinute * float64(time.Minute))
	return false, wait
}

// Len is how many keys have a bucket.
func (t *Buckets) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.order.Len()
}
