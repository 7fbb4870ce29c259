package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// statser is what both SQL backends offer besides store.Store: the
// counters of their group commit.
type statser interface {
	GroupCommitStats() store.GroupCommitStats
}

// BenchmarkAppendMoveParallel measures durable moves per second when many
// games are played at once, as on a busy server: one goroutine per game
// appends its moves one after the other (each waits for its move to be
// committed before sending the next, as a player waits for the ack), and
// the store's group commit shares transactions among the games. It
// reports moves/s and, for stores that count them, the mean moves per
// committed batch. A backend runs it with
//
//	func BenchmarkAppendMoveParallel(b *testing.B) {
//		storetest.BenchmarkAppendMoveParallel(b, newStore)
//	}
//
// and, since every move is durable, a few seconds of -benchtime suffice:
//
//	go test -run '^$' -bench AppendMoveParallel -benchtime 3s ./store/sqlite/
func BenchmarkAppendMoveParallel(b *testing.B, newStore func(tb testing.TB) store.Store) {
	for _, games := range []int{1, 64, 256} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			s := newStore(b)
			bg := context.Background()
			for g := range games {
				if err := s.CreateGame(bg, minimal(fmt.Sprintf("bench%04d", g))); err != nil {
					b.Fatal(err)
				}
			}
			var before store.GroupCommitStats
			st, counts := s.(statser)
			if counts {
				before = st.GroupCommitStats()
			}
			var handed atomic.Int64
			var failed atomic.Value
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for g := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := fmt.Sprintf("bench%04d", g)
					for ply := 0; handed.Add(1) <= int64(b.N); ply++ {
						m := store.Move{Ply: ply, Notation: fmt.Sprintf("m%d", ply), Seat: ply % 2, ClockMillis: -1}
						if err := s.AppendMove(bg, id, m); err != nil {
							failed.Store(fmt.Errorf("%s ply %d: %w", id, ply, err))
							return
						}
					}
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			if err, _ := failed.Load().(error); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "moves/s")
			if counts {
				after := st.GroupCommitStats()
				if n := after.Batches - before.Batches; n > 0 {
					b.ReportMetric(float64(after.Moves-before.Moves)/float64(n), "moves/batch")
				}
			}
		})
	}
}
