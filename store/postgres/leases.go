package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
)

var _ model.Leases = (*Store)(nil)

func checkTTL(ttl time.Duration) error {
	if ttl < time.Second || ttl > time.Hour {
		return fmt.Errorf("store: lease of %v: from a second to an hour", ttl)
	}
	return nil
}

// AcquireLease implements store.Leases: one statement, so two servers
// racing for a free lease cannot both win.
func (s *Store) AcquireLease(ctx context.Context, game, holder string, ttl time.Duration) (bool, error) {
	if err := checkTTL(ttl); err != nil {
		return false, err
	}
	var got string
	err := s.pool.QueryRow(ctx, `INSERT INTO leases (game, holder, expires) VALUES ($1, $2, now() + make_interval(secs => $3))
		ON CONFLICT (game) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires
		WHERE leases.expires < now() OR leases.holder = EXCLUDED.holder
		RETURNING holder`, game, holder, ttl.Seconds()).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, s.wrap(err)
	}
	return got == holder, nil
}

// RenewLeases implements store.Leases.
func (s *Store) RenewLeases(ctx context.Context, holder string, games []string, ttl time.Duration) ([]string, error) {
	if err := checkTTL(ttl); err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, nil
	}
	rows, _ := s.pool.Query(ctx, `UPDATE leases SET expires = now() + make_interval(secs => $3)
		WHERE holder = $1 AND game = ANY($2) RETURNING game`, holder, games, ttl.Seconds())
	kept, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, s.wrap(err)
	}
	held := make(map[string]bool, len(kept))
	for _, g := range kept {
		held[g] = true
	}
	var lost []string
	for _, g := range games {
		if !held[g] {
			lost = append(lost, g)
		}
	}
	return lost, nil
}

// ReleaseLease implements store.Leases.
func (s *Store) ReleaseLease(ctx context.Context, game, holder string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM leases WHERE game = $1 AND holder = $2`, game, holder)
	return s.wrap(err)
}
