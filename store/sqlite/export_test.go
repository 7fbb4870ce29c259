package sqlite

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/plateau-games/plateau/store/internal/groupcommit"
	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

// InsertMove inserts a move without AppendMove's checks, to show that the
// (game, ply) key alone refuses a ply written twice.
func InsertMove(ctx context.Context, s *Store, id string, m model.Move) error {
	return s.write(ctx, func(tx *sql.Tx) error { return insertMove(ctx, tx, id, m) })
}

// WriterPragma reads a pragma on the writing connection.
func WriterPragma(ctx context.Context, s *Store, name string) (string, error) {
	var v string
	err := s.w.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v)
	return v, err
}

// SetWriterQueryOnly makes the writing connection refuse writes, as a
// read-only database would.
func SetWriterQueryOnly(ctx context.Context, s *Store, on bool) error {
	v := "0"
	if on {
		v = "1"
	}
	_, err := s.w.ExecContext(ctx, "PRAGMA query_only = "+v)
	return err
}

// SetBeforeCommit has f called by every batch just before its commit,
// its moves written: to make a batch panic or stall there.
func SetBeforeCommit(s *Store, f func(ops []*groupcommit.Op)) { s.beforeCommit = f }

// FillChat writes n messages to a channel in one transaction, as
// storetest.ChatFiller describes (the tests of the chat's cap).
func FillChat(ctx context.Context, s *Store, game, channel, author string, senders []string, first, n int) error {
	at := sqlcommon.Millis(sqlcommon.Now())
	return s.write(ctx, func(tx *sql.Tx) error {
		st, err := tx.PrepareContext(ctx, `INSERT INTO chat (game, channel, author, user_key, sender, text, at_ms) VALUES (?, ?, ?, '', ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for i := first; i < first+n; i++ {
			if _, err := st.ExecContext(ctx, game, channel, author, senders[i%len(senders)], strconv.Itoa(i), at); err != nil {
				return err
			}
		}
		return nil
	})
}
