// Package lab is the designers' lab on the site (/lab): a logged-in
// player picks a game, the readings of its rules to compare, the number
// of games and the computer level, and the servers play the games as
// background jobs of River's queue in the site's database (queue.go,
// jobs.go), on the slots the computer opponents of live games leave
// (package pool); the report (package analysis: balance, decisiveness,
// duration, drama, the ranking and the plots) is stored once every game
// is in, and shown to anyone with the link (pages.go).
package lab

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/riverqueue/river"

	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Defaults of the operator's settings (plateau serve --lab-*).
const (
	// DefaultWorkers is how many lab games one server plays at once.
	DefaultWorkers = 1
	// DefaultRunsPerAccount is how many runs one account may have running.
	DefaultRunsPerAccount = 1
	// DefaultRunsPerDay is how many runs one account may start in 24
	// hours: each keeps its results and report.
	DefaultRunsPerDay = 20
	// DefaultMaxGames bounds the games of one run, all readings together.
	DefaultMaxGames = 400
	// DefaultMaxReadings bounds the readings of one run.
	DefaultMaxReadings = 16
	// DefaultRescueAfter is how long a game may be running before the
	// queue counts its server dead and gives the game to another (River's
	// RescueStuckJobsAfter); a game running longer is stopped then.
	DefaultRescueAfter = 30 * time.Minute
)

// queueName is River's queue of the lab's jobs.
const queueName = "lab"

// Config is the operator's settings.
type Config struct {
	// Store is the store as opened (not wrapped): the queue works on its
	// connections. A store without them (tests' memory stores) has no lab.
	Store store.Store
	// Workers is how many lab games this server plays at once; 0 means
	// DefaultWorkers, negative none (it only queues runs for the others).
	Workers int
	// RunsPerAccount is how many runs one account may have running; 0
	// means DefaultRunsPerAccount, negative no bound.
	RunsPerAccount int
	// RunsPerDay is how many runs one account may start in 24 hours; 0
	// means DefaultRunsPerDay, negative no bound.
	RunsPerDay int
	// MaxGames bounds the games of one run (readings × games); 0 means
	// DefaultMaxGames, at most store.MaxLabGames.
	MaxGames int
	// MaxReadings bounds the readings of one run; 0 means
	// DefaultMaxReadings, at most store.MaxLabReadings.
	MaxReadings int
	// RescueAfter is River's RescueStuckJobsAfter (and the longest a game
	// may run); 0 means DefaultRescueAfter.
	RescueAfter time.Duration
	// ID names this server in the queue ("" lets River choose).
	ID string
}

func (c Config) withDefaults() Config {
	if c.Workers == 0 {
		c.Workers = DefaultWorkers
	}
	if c.RunsPerAccount == 0 {
		c.RunsPerAccount = DefaultRunsPerAccount
	}
	if c.RunsPerDay == 0 {
		c.RunsPerDay = DefaultRunsPerDay
	}
	if c.MaxGames <= 0 {
		c.MaxGames = DefaultMaxGames
	}
	c.MaxGames = min(c.MaxGames, store.MaxLabGames)
	if c.MaxReadings <= 0 {
		c.MaxReadings = DefaultMaxReadings
	}
	c.MaxReadings = min(c.MaxReadings, store.MaxLabReadings)
	if c.RescueAfter <= 0 {
		c.RescueAfter = DefaultRescueAfter
	}
	return c
}

// Services are what the lab gets from the rest of the site.
type Services struct {
	Web *web.Shell
	// Searches is the computer searches' pool: every move of a lab game
	// takes a background slot, after the opponents of live games.
	Searches *pool.Pool
	// CurrentUser is the account logged in for a request (the club's).
	CurrentUser func(r *http.Request) *store.User
}

// Lab is the feature.
type Lab struct {
	*site.Env
	cfg         Config
	web         *web.Shell
	labs        store.Labs // nil: no lab on this store
	q           queue
	searches    *pool.Pool
	currentUser func(r *http.Request) *store.User
}

// New builds the lab and its queue (River's tables are migrated here);
// Start starts the queue's workers. On a store without a queue the lab
// pages say it is off.
func New(env *site.Env, cfg Config, s Services) (*Lab, error) {
	cfg = cfg.withDefaults()
	l := &Lab{Env: env, cfg: cfg, web: s.Web, searches: s.Searches, currentUser: s.CurrentUser}
	labs, ok := cfg.Store.(store.Labs)
	if !ok {
		return l, nil
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &gameWorker{l: l})
	river.AddWorker(workers, &reportWorker{l: l})
	rc := &river.Config{
		ID:                   cfg.ID,
		Logger:               slog.New(quietHandler{env.Log.Handler()}),
		Workers:              workers,
		JobTimeout:           cfg.RescueAfter,
		RescueStuckJobsAfter: cfg.RescueAfter,
		MaxAttempts:          maxAttempts,
		// Finished jobs are kept a day (the run keeps its results).
		CompletedJobRetentionPeriod: 24 * time.Hour,
	}
	if cfg.Workers > 0 {
		rc.Queues = map[string]river.QueueConfig{queueName: {MaxWorkers: cfg.Workers}}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	q, err := openQueue(ctx, cfg.Store, rc)
	if errors.Is(err, ErrNoQueue) {
		return l, nil
	}
	if err != nil {
		return nil, err
	}
	l.labs, l.q = labs, q
	return l, nil
}

// maxAttempts is how often a game is tried: a server dying in the middle
// costs an attempt, an error of the game itself fails the run at once.
const maxAttempts = 25

// On says the lab works on this store.
func (l *Lab) On() bool { return l.q != nil }

// Start starts the queue's workers (and, on the queue's leader, River's
// maintenance: the rescue of the jobs of dead servers).
func (l *Lab) Start() error {
	if l.q == nil || l.cfg.Workers <= 0 {
		return nil // without workers the client only inserts jobs
	}
	return l.q.start(l.Ctx)
}

// Stop stops the queue: no new game starts, and the games being played
// are stopped and put back in the queue, for this server after a restart
// or another one now.
func (l *Lab) Stop(ctx context.Context) error {
	if l.q == nil || l.cfg.Workers <= 0 {
		return nil
	}
	return l.q.stop(ctx)
}
