package sqlite

import (
	"context"
	"database/sql"

	"github.com/plateau-games/plateau/store/internal/model"
)

var (
	_ model.Revocations = (*Store)(nil)
	_ model.Secrets     = (*Store)(nil)
)

// countRevocation adds one to the count of revocations, inside the
// transaction that withdraws credentials.
func countRevocation(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `UPDATE revocations SET count = count + 1 WHERE id = 1`)
	return err
}

// Revocations implements store.Revocations.
func (s *Store) Revocations(ctx context.Context) (int64, error) {
	var n int64
	err := s.r.QueryRowContext(ctx, `SELECT count FROM revocations WHERE id = 1`).Scan(&n)
	return n, translate(err)
}

// Secret implements store.Secrets.
func (s *Store) Secret(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	if err := model.CheckSecret(name, fresh); err != nil {
		return nil, err
	}
	var out []byte
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT secret FROM server_secrets WHERE name = ?`, name).Scan(&out)
	})
	return out, err
}
