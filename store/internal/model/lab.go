package model

import (
	"context"
	"fmt"
	"time"
)

// The states of a lab run (LabRun.State).
const (
	LabRunning   = "running"   // games are being played
	LabDone      = "done"      // every game is in and the report is stored
	LabCancelled = "cancelled" // its owner stopped it
	LabFailed    = "failed"    // a game could not be played (LabRun.Error says why)
)

// LabReading is one reading of a lab run: a combination of the varied
// options.
type LabReading struct {
	Label   string `json:"label"`   // the varied options, "throne=empty guard=off"
	Options string `json:"options"` // game.Options text of the whole variant
}

// LabRun is one run of the site's lab: self-play games of every reading of
// a game's rules, played as background jobs by every server.
type LabRun struct {
	ID       string       // public id: URL-safe random string
	Owner    string       // the account that started it
	Game     string       // rules id
	Level    string       // the computer level on every seat ("random", "easy"...)
	Games    int          // games per reading
	Seed     uint64       // decides every game
	Openings int          // random plies at the start of each game
	Readings []LabReading // at least one
	State    string       // LabRunning, LabDone, LabCancelled, LabFailed
	Error    string       // why it failed
	// Done counts the games stored, all readings together (read only).
	Done       int
	CreatedAt  time.Time
	FinishedAt time.Time // zero while running
}

// Total is the number of games of the run.
func (r *LabRun) Total() int { return r.Games * len(r.Readings) }

// LabResult is one game of a lab run: its result (analysis.GameResult as
// JSON), under its reading and game index.
type LabResult struct {
	Run     string
	Reading int // index into LabRun.Readings
	Game    int // from 0 to LabRun.Games-1
	JSON    []byte
}

// LabFilter selects lab runs: Owner "" for everybody's; the newest first.
type LabFilter struct {
	Owner string
	Limit int // 0: DefaultLimit, at most MaxLabList
}

// Bounds of what a lab run may hold.
const (
	MaxLabReadings    = 256     // readings of one run (as analysis.MaxReadings)
	MaxLabGames       = 100000  // games of one run, all readings
	MaxLabResultBytes = 1 << 20 // one game's result
	MaxLabReportBytes = 32 << 20
	MaxLabList        = 200
	maxLabText        = 4096 // ids, labels, options, levels, errors
)

// LabQuota bounds the runs of one owner: running at once, and started
// in 24 hours (0 or less: no bound).
type LabQuota struct {
	Running int
	PerDay  int
}

// The quotas' refusals (both wrap ErrConflict).
var (
	ErrLabRunning = fmt.Errorf("%w: too many lab runs running", ErrConflict)
	ErrLabDaily   = fmt.Errorf("%w: too many lab runs started today", ErrConflict)
)

// LabEnqueue is called inside the transaction of a write with the
// backend's transaction (*sql.Tx for SQLite, pgx.Tx for PostgreSQL), so
// that the jobs a job queue inserts there are committed with the write or
// not at all.
type LabEnqueue func(ctx context.Context, tx any) error

// LabPut is what a PutLabResult did: whether it stored the result, and
// the run's games stored after it out of its total.
type LabPut struct {
	Stored      bool
	Done, Total int
}

// LabStored is called inside PutLabResult's transaction (tx as for
// LabEnqueue) with what it did, so that the jobs that follow a stored
// game (the run's next game, its report) commit with it or not at all.
type LabStored func(ctx context.Context, tx any, put LabPut) error

// Labs keeps the lab's runs and their games' results (both SQL backends;
// storetest.RunLabs is the conformance suite).
type Labs interface {
	// CreateLabRun stores run (its ID chosen by the caller, State set to
	// LabRunning, a zero CreatedAt now) and calls enqueue in the same
	// transaction. ErrConflict when the ID exists; ErrLabRunning (an
	// ErrConflict) when the owner has q.Running runs running already,
	// ErrLabDaily (an ErrConflict) when he started q.PerDay runs in the
	// 24 hours before run.CreatedAt (both counted in the transaction; 0 or
	// less: no bound); an error for a run out of bounds.
	CreateLabRun(ctx context.Context, run *LabRun, q LabQuota, enqueue LabEnqueue) error
	// GetLabRun returns a run with its Done count; ErrNotFound.
	GetLabRun(ctx context.Context, id string) (*LabRun, error)
	// ListLabRuns lists runs, the newest first.
	ListLabRuns(ctx context.Context, f LabFilter) ([]LabRun, error)
	// LabProgress counts the games stored of each reading; ErrNotFound.
	LabProgress(ctx context.Context, id string) ([]int, error)
	// PutLabResult stores a game's result once: a second result for the
	// same (run, reading, game) is not stored (stored false), nor one of a
	// run no longer running. For a running run, then (when not nil) is
	// called in the same transaction with whether this call stored and the
	// games stored after it: each count from 1 to the total is seen once
	// with Stored, and a call that finds every game stored sees Done ==
	// Total whether it stored or not. ErrNotFound for no such run; an
	// error for a reading or game out of the run's range.
	PutLabResult(ctx context.Context, r LabResult, then LabStored) (stored bool, err error)
	// LabResults returns a run's results by reading, then game.
	LabResults(ctx context.Context, id string) ([]LabResult, error)
	// FinishLabRun ends a running run as state (LabDone, with its report,
	// or LabFailed, with errText). ErrConflict when it is not running;
	// ErrNotFound.
	FinishLabRun(ctx context.Context, id, state, errText string, report []byte) error
	// CancelLabRun cancels owner's running run id. ErrNotFound when owner
	// has no run id; ErrConflict when it is not running.
	CancelLabRun(ctx context.Context, id, owner string) error
	// GetLabReport returns a finished run's report; ErrNotFound when the
	// run has none.
	GetLabReport(ctx context.Context, id string) ([]byte, error)
}

// CheckLabRun checks a new run against the bounds.
func CheckLabRun(r *LabRun) error {
	switch {
	case r.ID == "" || len(r.ID) > 64:
		return fmt.Errorf("store: lab run: an id of 1 to 64 bytes, got %q", r.ID)
	case r.Owner == "" || len(r.Owner) > maxLabText:
		return fmt.Errorf("store: lab run %s: no owner", r.ID)
	case r.Game == "" || len(r.Game) > 64 || r.Level == "" || len(r.Level) > 64:
		return fmt.Errorf("store: lab run %s: a game and a level are needed", r.ID)
	case len(r.Readings) < 1 || len(r.Readings) > MaxLabReadings:
		return fmt.Errorf("store: lab run %s: %d readings; 1 to %d", r.ID, len(r.Readings), MaxLabReadings)
	case r.Games < 1 || r.Total() > MaxLabGames:
		return fmt.Errorf("store: lab run %s: %d games per reading; at least 1, at most %d in all", r.ID, r.Games, MaxLabGames)
	case r.Openings < 0 || r.Openings > 1000:
		return fmt.Errorf("store: lab run %s: %d opening plies; 0 to 1000", r.ID, r.Openings)
	}
	for _, rd := range r.Readings {
		if len(rd.Label) > maxLabText || len(rd.Options) > maxLabText {
			return fmt.Errorf("store: lab run %s: a reading's text is too long", r.ID)
		}
	}
	return nil
}

// CheckLabResult checks a result against its run (bounds of the indexes).
func CheckLabResult(r LabResult, readings, games int) error {
	switch {
	case r.Reading < 0 || r.Reading >= readings:
		return fmt.Errorf("store: lab run %s has readings 0 to %d, not %d", r.Run, readings-1, r.Reading)
	case r.Game < 0 || r.Game >= games:
		return fmt.Errorf("store: lab run %s has games 0 to %d, not %d", r.Run, games-1, r.Game)
	case len(r.JSON) == 0 || len(r.JSON) > MaxLabResultBytes:
		return fmt.Errorf("store: lab run %s: a result of %d bytes; 1 to %d", r.Run, len(r.JSON), MaxLabResultBytes)
	}
	return nil
}

// LabListLimit is the number of runs f asks for.
func LabListLimit(f LabFilter) int {
	switch {
	case f.Limit <= 0:
		return DefaultLimit
	case f.Limit > MaxLabList:
		return MaxLabList
	}
	return f.Limit
}

// CheckLabFinish checks the end of a run: done with a report, failed with
// a reason.
func CheckLabFinish(id, state, errText string, report []byte) error {
	switch {
	case state == LabDone && (len(report) == 0 || len(report) > MaxLabReportBytes):
		return fmt.Errorf("store: lab run %s: a report of %d bytes; 1 to %d", id, len(report), MaxLabReportBytes)
	case state == LabFailed && (errText == "" || len(errText) > maxLabText):
		return fmt.Errorf("store: lab run %s: a failure needs its reason (at most %d bytes)", id, maxLabText)
	case state != LabDone && state != LabFailed:
		return fmt.Errorf("store: lab run %s: it ends %s or %s, not %q", id, LabDone, LabFailed, state)
	}
	return nil
}
