package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
)

var (
	_ model.Revocations = (*Store)(nil)
	_ model.Secrets     = (*Store)(nil)
)

// countRevocation adds one to the count of revocations and notifies the
// listeners ("- event revoke NAME SENT"), inside the transaction that
// withdraws name's credentials: the notification goes out when it
// commits, and not at all if it does not.
func (s *Store) countRevocation(ctx context.Context, tx pgx.Tx, name string) error {
	if _, err := tx.Exec(ctx, `UPDATE revocations SET count = count + 1 WHERE id = 1`); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel,
		fmt.Sprintf("- event %s %d", model.RevokeEvent(name), time.Now().UnixMilli()))
	return err
}

// Revocations implements store.Revocations.
func (s *Store) Revocations(ctx context.Context) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT count FROM revocations WHERE id = 1`).Scan(&n)
	return n, s.wrap(err)
}

// Secret implements store.Secrets.
func (s *Store) Secret(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	if err := model.CheckSecret(name, fresh); err != nil {
		return nil, err
	}
	var out []byte
	err := s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT secret FROM server_secrets WHERE name = $1`, name).Scan(&out)
	})
	return out, err
}
