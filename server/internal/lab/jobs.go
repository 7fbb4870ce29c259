package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/plateau-games/plateau/analysis"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"
)

// gameArgs is the job of one game of a run: River inserts one per game
// with the run (in its transaction), and any server plays it.
type gameArgs struct {
	Run     string `json:"run"`
	Reading int    `json:"reading"`
	Game    int    `json:"game"`
}

func (gameArgs) Kind() string { return "lab_game" }

// InsertOpts: games come after reports (River's priority 1 is the first;
// games are 2), so a run whose last game is in is reported at once, not
// behind the other runs' games.
func (gameArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueName, MaxAttempts: maxAttempts, Priority: 2}
}

// reportArgs is the job that computes a run's report once its last game
// is stored; unique by its run, so a game played twice (its first server
// died after storing it) does not report twice.
type reportArgs struct {
	Run string `json:"run"`
}

func (reportArgs) Kind() string { return "lab_report" }
func (reportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueName, MaxAttempts: maxAttempts, Priority: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// GameWindow is how many games of one run wait in the queue at most: a
// new run queues its first GameWindow games, and each game stored queues
// the run's next one, behind what the other runs queued meanwhile. River's
// queue is first in, first out, so runs running at once take turns game
// by game: a small run started behind a run of 400 games waits for at
// most GameWindow of them, not for all (TestRunsTakeTurns). It is more
// than the workers of a few servers, so that one run alone keeps them
// all busy.
const GameWindow = 16

// gameAt is the job of a run's game number i, in the order of the queue:
// game by game across the readings, so that the progress bars move
// together and a run cut short still compares its readings.
func gameAt(run *store.LabRun, i int) gameArgs {
	return gameArgs{Run: run.ID, Reading: i % len(run.Readings), Game: i / len(run.Readings)}
}

// enqueueGames is the store.LabEnqueue of a new run: its first games'
// jobs (GameWindow).
func (l *Lab) enqueueGames(run *store.LabRun) store.LabEnqueue {
	return func(ctx context.Context, tx any) error {
		n := min(run.Total(), GameWindow)
		params := make([]river.InsertManyParams, 0, n)
		for i := range n {
			params = append(params, river.InsertManyParams{Args: gameAt(run, i)})
		}
		return l.q.insertMany(ctx, tx, params)
	}
}

// afterGame is the store.LabStored of a game's result: the run's next
// game when this one was stored (each count of games stored is told once,
// so each game is queued once), and the report when every game is in.
func (l *Lab) afterGame(run *store.LabRun) store.LabStored {
	return func(ctx context.Context, tx any, put store.LabPut) error {
		if next := GameWindow - 1 + put.Done; put.Stored && next < put.Total {
			if err := l.q.insert(ctx, tx, gameAt(run, next)); err != nil {
				return err
			}
		}
		if put.Done >= put.Total {
			return l.q.insert(ctx, tx, reportArgs{Run: run.ID})
		}
		return nil
	}
}

// config is the analysis of reading r of run: the same for every server,
// so that a game is the same wherever it is played.
func (l *Lab) config(run *store.LabRun, r int) (analysis.Config, error) {
	if r < 0 || r >= len(run.Readings) {
		return analysis.Config{}, fmt.Errorf("run %s has no reading %d", run.ID, r)
	}
	opts, err := game.ParseOptions(run.Readings[r].Options)
	if err != nil {
		return analysis.Config{}, err
	}
	v, err := game.NewVariant(run.Game, opts)
	if err != nil {
		return analysis.Config{}, err
	}
	return analysis.Config{Variant: v, Label: readingLetter(r), Agent: levelAgent(run.Level), Games: run.Games,
		Seed: run.Seed, Openings: run.Openings, Parallel: 1, Slot: l.slot}, nil
}

// slot waits for a background slot of the searches' pool for one move: a
// lab game plays on what the opponents of live games leave, and its
// moves take their turn with the hints and analyses. A full line is
// waited out.
func (l *Lab) slot(ctx context.Context) (func(), error) {
	if l.searches == nil {
		return func() {}, nil
	}
	for {
		release, err := l.searches.Acquire(ctx, pool.Background, "lab")
		if errors.Is(err, pool.ErrQueueFull) || errors.Is(err, pool.ErrOwnerBusy) {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(pool.Retry):
				continue
			}
		}
		return release, err
	}
}

type gameWorker struct {
	river.WorkerDefaults[gameArgs]
	l *Lab
}

// Work plays one game and stores its result under (run, reading, game):
// a game played again after its server died counts once. Storing it
// queues the run's next game, and the last one the report, in the same
// transaction.
func (w *gameWorker) Work(ctx context.Context, job *river.Job[gameArgs]) error {
	err := w.work(ctx, job)
	return w.l.lastAttempt(job.JobRow, job.Args.Run, err)
}

// lastAttempt fails run when the job's last attempt fails: River would
// discard the job, and the run would wait for its game forever.
func (l *Lab) lastAttempt(job *rivertype.JobRow, id string, err error) error {
	var cancel *river.JobCancelError
	if err == nil || job.Attempt < job.MaxAttempts || errors.As(err, &cancel) {
		return err
	}
	ctx, done := context.WithTimeout(context.WithoutCancel(l.Ctx), site.StoreTimeout)
	defer done()
	run, gerr := l.labs.GetLabRun(ctx, id)
	if gerr != nil {
		return err
	}
	return l.fail(run, fmt.Errorf("tried %d times: %w", job.Attempt, err))
}

func (w *gameWorker) work(ctx context.Context, job *river.Job[gameArgs]) error {
	l, a := w.l, job.Args
	run, err := l.labs.GetLabRun(ctx, a.Run)
	if errors.Is(err, store.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if run.State != store.LabRunning {
		return nil // cancelled or failed: nothing more to play
	}
	cfg, err := l.config(run, a.Reading)
	if err != nil {
		return l.fail(run, err)
	}
	if a.Game < 0 || a.Game >= run.Games {
		return l.fail(run, fmt.Errorf("run %s has no game %d", run.ID, a.Game))
	}
	res, err := analysis.PlayOne(ctx, cfg, a.Game)
	if err != nil {
		if ctx.Err() != nil {
			return err // stopped: the game is played again
		}
		return l.fail(run, err)
	}
	js, err := json.Marshal(res)
	if err == nil && len(js) > store.MaxLabResultBytes {
		err = fmt.Errorf("game %d of reading %s: a result of %d bytes, more than the %d a game may keep", a.Game, readingLetter(a.Reading), len(js), store.MaxLabResultBytes)
	}
	if err != nil {
		return l.fail(run, err)
	}
	_, err = l.labs.PutLabResult(ctx, store.LabResult{Run: run.ID, Reading: a.Reading, Game: a.Game, JSON: js}, l.afterGame(run))
	return err
}

// fail ends run as failed with err (a game that cannot be played: every
// server would fail it alike) and cancels the job.
func (l *Lab) fail(run *store.LabRun, err error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(l.Ctx), site.StoreTimeout)
	defer cancel()
	msg := err.Error()
	if len(msg) > 1000 {
		msg = msg[:1000]
	}
	if ferr := l.labs.FinishLabRun(ctx, run.ID, store.LabFailed, msg, nil); ferr != nil && !errors.Is(ferr, store.ErrConflict) {
		return ferr // tried again
	}
	l.Log.Warn("lab run failed", "run", run.ID, "err", err)
	return river.JobCancel(err)
}

type reportWorker struct {
	river.WorkerDefaults[reportArgs]
	l *Lab
}

// Work computes the report of a run whose games are all in, and ends it.
func (w *reportWorker) Work(ctx context.Context, job *river.Job[reportArgs]) error {
	err := w.work(ctx, job)
	return w.l.lastAttempt(job.JobRow, job.Args.Run, err)
}

func (w *reportWorker) work(ctx context.Context, job *river.Job[reportArgs]) error {
	l := w.l
	run, err := l.labs.GetLabRun(ctx, job.Args.Run)
	if errors.Is(err, store.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if run.State != store.LabRunning {
		return nil
	}
	results, err := l.labs.LabResults(ctx, run.ID)
	if err != nil {
		return err
	}
	if len(results) != run.Total() {
		return fmt.Errorf("lab run %s: %d results of %d games", run.ID, len(results), run.Total())
	}
	rep, err := l.buildReport(run, results)
	if err != nil {
		return l.fail(run, err)
	}
	js, err := json.Marshal(rep)
	if err == nil && len(js) > store.MaxLabReportBytes {
		err = fmt.Errorf("a report of %d bytes, more than the %d a run may keep", len(js), store.MaxLabReportBytes)
	}
	if err != nil {
		return l.fail(run, err)
	}
	err = l.labs.FinishLabRun(ctx, run.ID, store.LabDone, "", js)
	if errors.Is(err, store.ErrConflict) {
		return nil // cancelled meanwhile, or reported by another
	}
	return err
}

// readingLetter names reading i in tables and plots: A, B, ..., Z, AA...
// (the page says each in words beside its letter).
func readingLetter(i int) string {
	var b strings.Builder
	for {
		b.WriteByte(byte('A' + i%26))
		i = i/26 - 1
		if i < 0 {
			break
		}
	}
	s := []byte(b.String())
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
	return string(s)
}
