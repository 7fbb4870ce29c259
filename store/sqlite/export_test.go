package sqlite

import (
	"context"
	"database/sql"

	"github.com/plateau-games/plateau/store/internal/groupcommit"
	"github.com/plateau-games/plateau/store/internal/model"
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
