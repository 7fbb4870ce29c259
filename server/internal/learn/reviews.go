package learn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/review"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"
)

// Analysis. A finished game's moves are judged by the server (package
// review): for each position before a move, the best move and the value
// of the move played, found by a search of Config.ReviewBudget (or the
// exact values of the POGO solution when the server has it). The review
// runs in the background, one position at a time on the pool of computer
// searches: each position is background work of the scheduler
// (package pool), counted against the person who asked, so that reviews
// run only on what the computer opponents leave and take one person's
// share, and at most Config.MaxReviews reviews run at once. A game has
// one review at a time (a second request joins the one running); once
// done it is stored (store.Reviews) and shown from the store ever after.
// An uploaded record is judged the same way while the request waits, and
// nothing is stored.

// DefaultReviewBudget is the search time per position of a game's
// review (--review-budget); DefaultMaxReviews how many reviews run at once
// (--max-reviews).
const (
	DefaultReviewBudget = 300 * time.Millisecond
	DefaultMaxReviews   = 2
)

// reviewSeed seeds the judging searches: a review is the same whoever
// asks first.
const reviewSeed = 1

var (
	errNoAnalysis  = errors.New("this server does not analyse games")
	errReviewsBusy = errors.New("the server is analysing other games; try again in a minute")
	errUnfinished  = errors.New("only finished games can be analysed")
)

// Reviews are the reviews running on a server, each position a search
// on the pool.
type Reviews struct {
	budget  time.Duration
	max     int
	enabled bool // the budget is positive and the store keeps reviews
	keep    store.Reviews
	Agent   string // the judge (review.Options.Agent); "" for the POGO solution or the hard level

	mu      sync.Mutex
	running map[string]*reviewRun // by game id
	failed  map[string]string     // the last failure by game id, until asked again
	archive int                   // reviews of uploaded records running

	Computed atomic.Int64 // reviews computed (tests)
	Searches atomic.Int64 // positions judged (tests)
	active   atomic.Int64 // positions being judged
	Peak     atomic.Int64 // the most positions judged at once (tests)

	env  *site.Env
	pool *pool.Pool // the searches: a review's positions are background work
}

// reviewRun is a review running: its progress.
type reviewRun struct {
	mu          sync.Mutex
	done, total int
}

func (r *reviewRun) progress() (done, total int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done, r.total
}

// NewReviews are the reviews of a server: budget a position (0 for
// DefaultReviewBudget, negative for none) held to the search time
// ceiling, at most max at once (0 for DefaultMaxReviews), stored in st
// when it keeps reviews (store.Reviews).
func NewReviews(budget time.Duration, max int, ceiling time.Duration, st store.Store) *Reviews {
	rr := &Reviews{budget: budget, max: max, running: map[string]*reviewRun{}, failed: map[string]string{}}
	if rr.budget == 0 {
		rr.budget = DefaultReviewBudget
	}
	if rr.max <= 0 {
		rr.max = DefaultMaxReviews
	}
	if rr.budget < 0 {
		rr.budget = 0
		return rr
	}
	rr.budget = min(rr.budget, ceiling)
	rr.keep, rr.enabled = st.(store.Reviews)
	return rr
}

// budgetText is how a review's budget is stored.
func (rr *Reviews) budgetText() string { return rr.budget.String() }

// reviewSlot takes a slot of the pool of searches for one position of a
// review asked by owner, waiting in line; a full line (everyone's, or the
// owner's) is waited out, not an error: the review goes on when there is
// room.
func (rr *Reviews) reviewSlot(ctx context.Context, owner string) (func(), error) {
	for {
		release, err := rr.pool.Acquire(ctx, pool.Background, owner)
		if errors.Is(err, pool.ErrQueueFull) || errors.Is(err, pool.ErrOwnerBusy) {
			select {
			case <-time.After(pool.Retry):
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if err != nil {
			return nil, err
		}
		rr.Searches.Add(1)
		n := rr.active.Add(1)
		for p := rr.Peak.Load(); n > p && !rr.Peak.CompareAndSwap(p, n); p = rr.Peak.Load() {
		}
		return func() {
			rr.active.Add(-1)
			release()
		}, nil
	}
}

// reviewOptions are the options of the server's reviews asked by owner.
func (rr *Reviews) reviewOptions(progress func(done, total int), owner string) review.Options {
	acquire := func(ctx context.Context) (func(), error) { return rr.reviewSlot(ctx, owner) }
	return review.Options{Agent: rr.Agent, Time: rr.budget, Seed: reviewSeed, Progress: progress, Acquire: acquire}
}

// storedReview is game id's stored review, nil when it has none.
func (rr *Reviews) storedReview(ctx context.Context, id string) (*store.Review, *review.Review, error) {
	rs := rr.keep
	if rs == nil {
		return nil, nil, nil
	}
	st, err := rs.GetReview(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var rv review.Review
	if err := json.Unmarshal(st.JSON, &rv); err != nil {
		return nil, nil, fmt.Errorf("stored review of %s: %w", id, err)
	}
	return st, &rv, nil
}

// startReview starts the review of game id (finished, match m) for owner
// (whom its searches count against), or joins the one running.
func (rr *Reviews) startReview(id string, m *game.Match, owner string) (*reviewRun, error) {
	if !rr.enabled {
		return nil, errNoAnalysis
	}
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if run := rr.running[id]; run != nil {
		return run, nil
	}
	if len(rr.running)+rr.archive >= rr.max {
		return nil, errReviewsBusy
	}
	run := &reviewRun{total: len(m.Moves())}
	if !m.Outcome().Ended() {
		run.total++ // an end the position does not show (a resignation): its value too
	}
	rr.running[id] = run
	delete(rr.failed, id)
	rr.env.GoSafe("review", func() {
		err := rr.runReview(id, m, run, owner)
		rr.mu.Lock()
		defer rr.mu.Unlock()
		delete(rr.running, id)
		if err != nil && rr.env.Ctx.Err() == nil {
			rr.env.LogError("review", err, "game", id)
			if len(rr.failed) > 1000 {
				clear(rr.failed)
			}
			rr.failed[id] = err.Error()
		}
	})
	return run, nil
}

func (rr *Reviews) runReview(id string, m *game.Match, run *reviewRun, owner string) error {
	rv, err := review.Game(rr.env.Ctx, m, rr.reviewOptions(func(done, total int) {
		run.mu.Lock()
		run.done, run.total = done, total
		run.mu.Unlock()
	}, owner))
	if err != nil {
		return err
	}
	if !rv.Complete {
		return errors.New("the review was stopped")
	}
	b, err := json.Marshal(rv)
	if err != nil {
		return err
	}
	err = rr.keep.PutReview(rr.env.Ctx, &store.Review{Game: id, Agent: rv.Agent, Budget: rr.budgetText(), JSON: b})
	if err == nil {
		rr.Computed.Add(1)
	}
	return err
}

// analysisState is the state of a game's review: "done" (stored),
// "running", "failed" (the last try; it may be asked again), "none".
type analysisState struct {
	State  string          `json:"state"`
	Done   int             `json:"done"`
	Total  int             `json:"total"`
	Error  string          `json:"error,omitempty"`
	Agent  string          `json:"agent,omitempty"`
	Budget string          `json:"budget,omitempty"`
	Review json.RawMessage `json:"review,omitempty"`
}

// reviewState is the state of game id's review and the review when done.
func (rr *Reviews) reviewState(ctx context.Context, id string) (analysisState, *review.Review, error) {
	st, rv, err := rr.storedReview(ctx, id)
	if err != nil {
		return analysisState{}, nil, err
	}
	if rv != nil {
		n := len(rv.Plies)
		return analysisState{State: "done", Done: n, Total: n, Agent: st.Agent, Budget: st.Budget, Review: st.JSON}, rv, nil
	}
	rr.mu.Lock()
	run, failed := rr.running[id], rr.failed[id]
	rr.mu.Unlock()
	switch {
	case run != nil:
		done, total := run.progress()
		return analysisState{State: "running", Done: done, Total: total}, nil, nil
	case failed != "":
		return analysisState{State: "failed", Error: failed}, nil, nil
	}
	return analysisState{State: "none"}, nil, nil
}
