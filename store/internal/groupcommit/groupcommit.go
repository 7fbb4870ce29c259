// Package groupcommit coalesces the concurrent move writes of a store into
// shared transactions (group commit): one commit, hence one flush of the
// log to disk, for many moves. It knows nothing of SQL: a backend gives it
// a Runner that applies a batch of moves in one transaction, each move
// checked on its own, and commits.
//
// The contract it keeps for callers (see model.Store.AppendMove): Do
// returns nil only once the batch holding the move is committed, and any
// error means the move is not stored. A caller whose context ends while
// its move is still queued withdraws it and gets ctx.Err(); once a writer
// has taken the move into a batch, Do waits for the batch's outcome, which
// the writer bounds with its own timeout.
package groupcommit

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// Op is one move waiting for, or in, a batch.
type Op struct {
	Game   string     // the game's id
	Move   model.Move // At already set (sqlcommon.PrepareMove)
	Final  bool       // AppendFinalMove: finish the game with Result and Reason
	Result string
	Reason string

	// Err is the runner's verdict on this move alone: nil if it was
	// applied in the batch's transaction, else why not (ErrConflict,
	// ErrNotFound, a write error). The move is stored only if Err is nil
	// and the batch commits.
	Err error

	state atomic.Int32 // queued, taken or withdrawn
	done  chan struct{}
}

const (
	queued int32 = iota
	taken
	withdrawn
)

// NewOp returns an op ready for Do.
func NewOp(game string, m model.Move) *Op {
	return &Op{Game: game, Move: m, done: make(chan struct{})}
}

// NewFinalOp returns an op that appends m and finishes the game.
func NewFinalOp(game string, m model.Move, result, reason string) *Op {
	op := NewOp(game, m)
	op.Final, op.Result, op.Reason = true, result, reason
	return op
}

// Runner applies ops, in order, in one transaction and commits it. It sets
// each op's Err (nil: applied) so that a move that does not fit fails alone
// while the others go on, and returns nil only if the transaction
// committed. A non-nil return means the transaction did not commit, or that
// its outcome could not be established: every op of the batch then fails.
// ctx bounds the batch (the writer's own timeout, not any caller's).
//
// A Runner must leave its connection clean when it returns or panics
// (defer the rollback): a panic is recovered, and the writer goes on with
// the next batch.
type Runner func(ctx context.Context, ops []*Op) error

// Config is model.GroupCommit with its defaults applied.
type Config struct {
	MaxBatch  int
	QueueSize int
	Timeout   time.Duration
	Writers   int
}

// WithDefaults fills in the zero fields of gc. Negative values are
// refused.
func WithDefaults(gc model.GroupCommit) (Config, error) {
	if gc.MaxBatch < 0 || gc.QueueSize < 0 || gc.Timeout < 0 || gc.Writers < 0 {
		return Config{}, fmt.Errorf("store: negative group commit setting %+v", gc)
	}
	c := Config{MaxBatch: gc.MaxBatch, QueueSize: gc.QueueSize, Timeout: gc.Timeout, Writers: gc.Writers}
	if c.MaxBatch == 0 {
		c.MaxBatch = model.DefaultMaxBatch
	}
	if c.QueueSize == 0 {
		c.QueueSize = model.DefaultQueueSize
	}
	if c.Timeout == 0 {
		c.Timeout = model.DefaultCommitTimeout
	}
	if c.Writers == 0 {
		c.Writers = model.DefaultWriters
	}
	return c, nil
}

// Committer runs the writers of one store.
type Committer struct {
	cfg    Config
	run    Runner
	queues []chan *Op
	logf   func(format string, args ...any)

	mu     sync.RWMutex // held for reading by Do while it queues; Close takes it
	closed bool
	stop   chan struct{}
	wg     sync.WaitGroup

	batches, moves, committed, failed, panics atomic.Uint64
	maxBatch                                  atomic.Int64
}

// New starts cfg.Writers writers that apply batches with run. logf, if not
// nil, reports recovered panics.
func New(cfg Config, run Runner, logf func(format string, args ...any)) *Committer {
	if cfg.Writers < 1 {
		cfg.Writers = 1
	}
	if cfg.MaxBatch < 1 {
		cfg.MaxBatch = 1
	}
	per := (cfg.QueueSize + cfg.Writers - 1) / cfg.Writers
	if per < 1 {
		per = 1
	}
	c := &Committer{cfg: cfg, run: run, logf: logf, stop: make(chan struct{})}
	for range cfg.Writers {
		q := make(chan *Op, per)
		c.queues = append(c.queues, q)
		c.wg.Add(1)
		go c.writer(q)
	}
	return c
}

// queue is the writer of a game: always the same one, so that the moves
// of one game are applied in the order they came, and two writers never
// wait for each other's lock on one game.
func (c *Committer) queue(game string) chan *Op {
	if len(c.queues) == 1 {
		return c.queues[0]
	}
	h := fnv.New32a()
	h.Write([]byte(game))
	return c.queues[h.Sum32()%uint32(len(c.queues))]
}

// Do queues op, waits for its batch and returns its outcome: nil only if
// the move was committed; any error means it was not stored.
func (c *Committer) Do(ctx context.Context, op *Op) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.RLock()
	if c.closed {
		c.mu.RUnlock()
		return model.ErrClosed
	}
	select {
	case c.queue(op.Game) <- op:
		c.mu.RUnlock()
	case <-ctx.Done():
		c.mu.RUnlock()
		return ctx.Err() // the queue was full all along: never queued
	}
	select {
	case <-op.done:
		return op.Err
	case <-ctx.Done():
		if op.state.CompareAndSwap(queued, withdrawn) {
			// No writer has it: it never will, and nothing is stored.
			return ctx.Err()
		}
		// A writer took it: its batch is being applied or committed, and
		// only the batch's outcome tells whether the move is stored.
		<-op.done
		return op.Err
	}
}

// writer takes batches from q until Close, then drains what is left.
func (c *Committer) writer(q chan *Op) {
	defer c.wg.Done()
	batch := make([]*Op, 0, c.cfg.MaxBatch)
	for {
		var first *Op
		select {
		case first = <-q:
		case <-c.stop:
			// Close waited for every Do to finish queuing: what is in q
			// now is all there will be.
			for {
				batch = c.gather(q, batch[:0], nil)
				if len(batch) == 0 {
					return
				}
				c.commit(batch)
			}
		}
		batch = c.gather(q, batch[:0], first)
		if len(batch) > 0 {
			c.commit(batch)
		}
	}
}

// gather takes first (if any) and whatever else is queued, without
// waiting, up to MaxBatch ops; withdrawn ops are dropped.
func (c *Committer) gather(q chan *Op, batch []*Op, first *Op) []*Op {
	if first != nil && first.state.CompareAndSwap(queued, taken) {
		batch = append(batch, first)
	}
	for len(batch) < c.cfg.MaxBatch {
		select {
		case op := <-q:
			if op.state.CompareAndSwap(queued, taken) {
				batch = append(batch, op)
			}
		default:
			return batch
		}
	}
	return batch
}

// commit runs one batch and wakes its callers.
func (c *Committer) commit(batch []*Op) {
	c.batches.Add(1)
	c.moves.Add(uint64(len(batch)))
	for {
		m := c.maxBatch.Load()
		if int64(len(batch)) <= m || c.maxBatch.CompareAndSwap(m, int64(len(batch))) {
			break
		}
	}
	err := c.safeRun(batch)
	var stored uint64
	for _, op := range batch {
		if err != nil && op.Err == nil {
			op.Err = err
		}
		if op.Err == nil {
			stored++
		}
	}
	if err != nil {
		c.failed.Add(1)
	}
	c.committed.Add(stored)
	for _, op := range batch {
		close(op.done)
	}
}

// safeRun runs the batch under the writer's own timeout and turns a panic
// into an error for the batch's callers: the process and the writer live
// on.
func (c *Committer) safeRun(batch []*Op) (err error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.Timeout)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			c.panics.Add(1)
			if c.logf != nil {
				c.logf("store: group commit: panic in a batch of %d moves: %v\n%s", len(batch), r, debug.Stack())
			}
			err = fmt.Errorf("store: group commit failed (internal error): %v", r)
		}
	}()
	err = c.run(ctx, batch)
	if err == nil {
		return nil
	}
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
		return fmt.Errorf("store: batch of %d moves not committed within %v: %w", len(batch), c.cfg.Timeout, err)
	}
	return err
}

// Close stops accepting ops, lets the writers commit what is queued, and
// waits for them. Calling it again does nothing.
func (c *Committer) Close() {
	c.mu.Lock() // waits for the Do calls that are queuing
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	c.mu.Unlock()
	close(c.stop)
	c.wg.Wait()
}

// Stats reports what the committer did so far.
func (c *Committer) Stats() model.GroupCommitStats {
	queued := 0
	for _, q := range c.queues {
		queued += len(q)
	}
	return model.GroupCommitStats{
		Batches:   c.batches.Load(),
		Moves:     c.moves.Load(),
		Committed: c.committed.Load(),
		Failed:    c.failed.Load(),
		Panics:    c.panics.Load(),
		MaxBatch:  int(c.maxBatch.Load()),
		Queued:    queued,
	}
}

// Config is the committer's settings, defaults applied.
func (c *Committer) Config() Config { return c.cfg }

// Settle decides, after a commit that returned commitErr, which of the
// applied ops (Err nil) are stored after all: a commit can fail after the
// database made it durable (a connection lost during COMMIT), and the
// contract is that an error means not stored. present reads, outside the
// failed transaction, whether an op's move is stored as written. Settle
// returns nil once every applied op's fate is known (those not stored get
// commitErr as their Err), or an error, for the whole batch, if it could
// not find out.
func Settle(ctx context.Context, ops []*Op, commitErr error, present func(context.Context, *Op) (bool, error)) error {
	for _, op := range ops {
		if op.Err != nil {
			continue
		}
		ok, err := present(ctx, op)
		if err != nil {
			return fmt.Errorf("%w (and whether it was stored could not be checked: %v)", commitErr, err)
		}
		if !ok {
			op.Err = commitErr
		}
	}
	return nil
}
