package storetest

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// ReviewStore is what the reviews suite needs: games and their reviews.
type ReviewStore interface {
	store.Store
	store.Reviews
}

// RunReviews runs the conformance suite of store.Reviews, each test as a
// subtest of t, on an empty store from newStore.
func RunReviews(t *testing.T, newStore func(t *testing.T) ReviewStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s ReviewStore)
	}{
		{"PutGet", testReviewPutGet},
		{"Refused", testReviewRefused},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// sameJSON says whether two JSON texts hold the same value (a backend may
// store JSON in its own form: PostgreSQL's jsonb orders the keys).
func sameJSON(t *testing.T, got, want []byte) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("stored review is not JSON: %v: %q", err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(g, w)
}

func testReviewPutGet(t *testing.T, s ReviewStore) {
	mustCreate(t, s, hintGame("r1"))
	mustAppend(t, s, "r1", store.Move{Ply: 0, Notation: "2b1-b3", Seat: 0, At: base.Add(time.Second), ClockMillis: -1})
	if err := s.FinishGame(ctx(t), "r1", "0-1", "resignation"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetReview(ctx(t), "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("GetReview before any: %v, want ErrNotFound", err)
	}
	js := []byte(`{"game":"pogo","agent":"hard","plies":[{"ply":1,"move":"2b1-b3","class":"best","loss":0.125}],"complete":true}`)
	put := &store.Review{Game: "r1", Agent: "hard", Budget: "500ms", JSON: js, CreatedAt: base.Add(time.Minute)}
	if err := s.PutReview(ctx(t), put); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetReview(ctx(t), "r1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != "r1" || got.Agent != "hard" || got.Budget != "500ms" || !sameJSON(t, got.JSON, js) {
		t.Errorf("GetReview = %+v (%s)", got, got.JSON)
	}
	checkTime(t, "CreatedAt", got.CreatedAt, base.Add(time.Minute))
	// A second one replaces the first; a zero time is now.
	before := time.Now().Add(-time.Second)
	js2 := []byte(`{"game":"pogo","agent":"perfect","exact":true,"complete":true}`)
	if err := s.PutReview(ctx(t), &store.Review{Game: "r1", Agent: "perfect", JSON: js2}); err != nil {
		t.Fatal(err)
	}
	got, err = s.GetReview(ctx(t), "r1")
	if err != nil || got.Agent != "perfect" || got.Budget != "" || !sameJSON(t, got.JSON, js2) {
		t.Fatalf("after the second PutReview: %+v, %v", got, err)
	}
	if got.CreatedAt.Before(before) || got.CreatedAt.Location() != time.UTC {
		t.Errorf("CreatedAt defaulted to %v, want now in UTC", got.CreatedAt)
	}
	// Another game has none.
	mustCreate(t, s, hintGame("r2"))
	if _, err := s.GetReview(ctx(t), "r2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetReview of a game without one: %v, want ErrNotFound", err)
	}
}

func testReviewRefused(t *testing.T, s ReviewStore) {
	js := []byte(`{"complete":true}`)
	if err := s.PutReview(ctx(t), &store.Review{Game: "none", Agent: "hard", JSON: js}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("review of no game: %v, want ErrNotFound", err)
	}
	mustCreate(t, s, hintGame("on"))
	if err := s.PutReview(ctx(t), &store.Review{Game: "on", Agent: "hard", JSON: js}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("review of a game on: %v, want ErrConflict", err)
	}
	if err := s.FinishGame(ctx(t), "on", "1-0", "resignation"); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*store.Review{
		{Game: "on", Agent: "hard"},
		{Game: "on", Agent: "hard", JSON: []byte(`"` + strings.Repeat("x", store.MaxReviewBytes) + `"`)},
		{Agent: "hard", JSON: js},
	} {
		if err := s.PutReview(ctx(t), r); err == nil {
			t.Errorf("PutReview(%q, %d bytes) accepted", r.Game, len(r.JSON))
		}
	}
	if _, err := s.GetReview(ctx(t), "on"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after refusals: %v, want ErrNotFound", err)
	}
}
