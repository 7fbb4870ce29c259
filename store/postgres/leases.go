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
// racing for a free lease cannot both win. The lease's row as it was
// before (old) says when an expired holder last renewed it.
func (s *Store) AcquireLease(ctx context.Context, game, holder string, ttl time.Duration) (bool, time.Duration, error) {
	if err := checkTTL(ttl); err != nil {
		return false, 0, err
	}
	var got string
	var lapsed float64
	err := s.pool.QueryRow(ctx, `WITH old AS (SELECT holder, renewed, expires FROM leases WHERE game = $1)
		INSERT INTO leases (game, holder, expires, renewed) VALUES ($1, $2, now() + make_interval(secs => $3), now())
		ON CONFLICT (game) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires, renewed = EXCLUDED.renewed
		WHERE leases.expires < now() OR leases.holder = EXCLUDED.holder
		RETURNING holder, COALESCE((SELECT EXTRACT(EPOCH FROM now() - old.renewed)::float8 FROM old
			WHERE old.holder <> $2 AND old.expires < now()), 0)`, game, holder, ttl.Seconds()).Scan(&got, &lapsed)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, s.wrap(err)
	}
	if got != holder {
		return false, 0, nil
	}
	return true, time.Duration(max(lapsed, 0) * float64(time.Second)), nil
}

// RenewLeases implements store.Leases.
func (s *Store) RenewLeases(ctx context.Context, holder string, games []string, ttl time.Duration) ([]string, error) {
	if err := checkTTL(ttl); err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, nil
	}
	rows, _ := s.pool.Query(ctx, `UPDATE leases SET expires = now() + make_interval(secs => $3), renewed = now()
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
