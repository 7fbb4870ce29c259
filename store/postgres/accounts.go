package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Accounts = (*Store)(nil)

const userColumns = `name, password, role, bot, disabled, created_at, updated_at, owner`

// userColumnsOf is userColumns of the table alias a.
func userColumnsOf(a string) string {
	return a + ".name, " + a + ".password, " + a + ".role, " + a + ".bot, " + a + ".disabled, " + a + ".created_at, " + a + ".updated_at, " + a + ".owner"
}

func scanUser(row pgx.Row, u *model.User) error {
	if err := row.Scan(&u.Name, &u.PasswordHash, &u.Role, &u.Bot, &u.Disabled, &u.CreatedAt, &u.UpdatedAt, &u.Owner); err != nil {
		return err
	}
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	return nil
}

// CreateUser implements store.Accounts.
func (s *Store) CreateUser(ctx context.Context, u *model.User) error {
	if err := sqlcommon.PrepareUser(u); err != nil {
		return err
	}
	err := s.write(ctx, func(tx pgx.Tx) error {
		if err := ownerName(ctx, tx, u); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO users (name_key, `+userColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			model.UserKey(u.Name), u.Name, u.PasswordHash, u.Role, u.Bot, u.Disabled, u.CreatedAt, u.UpdatedAt, u.Owner)
		return err
	})
	if errors.Is(err, model.ErrConflict) {
		return fmt.Errorf("%w: the user name %s is taken", model.ErrConflict, u.Name)
	}
	return err
}

// LoadUser implements store.Accounts.
func (s *Store) LoadUser(ctx context.Context, name string) (*model.User, error) {
	u := new(model.User)
	err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE name_key = $1`, model.UserKey(name)), u)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, name)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	return u, nil
}

// UpdateUser implements store.Accounts.
func (s *Store) UpdateUser(ctx context.Context, u *model.User) error {
	if err := sqlcommon.PrepareUser(u); err != nil {
		return err
	}
	now := sqlcommon.Now()
	err := s.write(ctx, func(tx pgx.Tx) error {
		if err := ownerName(ctx, tx, u); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE users SET password = $1, role = $2, bot = $3, disabled = $4, updated_at = $5, owner = $6 WHERE name_key = $7`,
			u.PasswordHash, u.Role, u.Bot, u.Disabled, now, u.Owner, model.UserKey(u.Name))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: no user %s", model.ErrNotFound, u.Name)
		}
		if u.Disabled {
			if _, err = tx.Exec(ctx, `DELETE FROM sessions WHERE user_key = $1`, model.UserKey(u.Name)); err != nil {
				return err
			}
			err = s.countRevocation(ctx, tx, u.Name)
		}
		return err
	})
	if err == nil {
		u.UpdatedAt = now
	}
	return err
}

// ListUsers implements store.Accounts.
func (s *Store) ListUsers(ctx context.Context, limit, offset int) ([]model.User, error) {
	limit, offset, err := sqlcommon.UserPage(limit, offset)
	if err != nil {
		return nil, err
	}
	rows, _ := s.pool.Query(ctx, `SELECT `+userColumns+` FROM users ORDER BY name_key LIMIT $1 OFFSET $2`, limit, offset)
	users, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.User, error) {
		var u model.User
		err := scanUser(row, &u)
		return u, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if len(users) == 0 {
		users = nil // as the SQLite backend
	}
	return users, nil
}

// CreateSession implements store.Accounts. The user's row is locked, so a
// concurrent disabling either comes first (no session) or deletes it.
func (s *Store) CreateSession(ctx context.Context, sess *model.Session) error {
	if err := sqlcommon.PrepareSession(sess); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		var disabled bool
		err := tx.QueryRow(ctx, `SELECT disabled FROM users WHERE name_key = $1 FOR UPDATE`, model.UserKey(sess.User)).Scan(&disabled)
		if errors.Is(err, pgx.ErrNoRows) || err == nil && disabled {
			return fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, sess.User)
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_key, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
			sess.TokenHash, model.UserKey(sess.User), sess.CreatedAt, sess.ExpiresAt)
		return err
	})
}

// LoadSession implements store.Accounts: one query, so the session and its
// user are one snapshot.
func (s *Store) LoadSession(ctx context.Context, tokenHash string, now time.Time) (*model.Session, *model.User, error) {
	var sess model.Session
	u := new(model.User)
	err := s.pool.QueryRow(ctx, `SELECT s.token_hash, s.created_at, s.expires_at,
			u.name, u.password, u.role, u.bot, u.disabled, u.created_at, u.updated_at, u.owner
		FROM sessions s JOIN users u ON u.name_key = s.user_key
		WHERE s.token_hash = $1 AND s.expires_at > $2 AND NOT u.disabled`,
		tokenHash, sqlcommon.Time(now)).Scan(&sess.TokenHash, &sess.CreatedAt, &sess.ExpiresAt,
		&u.Name, &u.PasswordHash, &u.Role, &u.Bot, &u.Disabled, &u.CreatedAt, &u.UpdatedAt, &u.Owner)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: no such session, or it has expired", model.ErrNotFound)
	}
	if err != nil {
		return nil, nil, s.wrap(err)
	}
	sess.User = u.Name
	sess.CreatedAt, sess.ExpiresAt = sess.CreatedAt.UTC(), sess.ExpiresAt.UTC()
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	return &sess, u, nil
}

// DeleteSession implements store.Accounts.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.deleteSessions(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return err
}

// DeleteSessions implements store.Accounts.
func (s *Store) DeleteSessions(ctx context.Context, name string) (int, error) {
	var n int64
	err := s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_key = $1`, model.UserKey(name))
		if err != nil {
			return err
		}
		n = tag.RowsAffected()
		return s.countRevocation(ctx, tx, name)
	})
	return int(n), err
}

// DeleteExpiredSessions implements store.Accounts.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error) {
	return s.deleteSessions(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, sqlcommon.Time(now))
}

func (s *Store) deleteSessions(ctx context.Context, query string, arg any) (int, error) {
	var n int64
	err := s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, query, arg)
		n = tag.RowsAffected()
		return err
	})
	return int(n), err
}

// ownerName checks inside tx that a bot's owner is an account and sets
// u.Owner to its name as the account has it.
func ownerName(ctx context.Context, tx pgx.Tx, u *model.User) error {
	if u.Owner == "" {
		return nil
	}
	err := tx.QueryRow(ctx, `SELECT name FROM users WHERE name_key = $1`, model.UserKey(u.Owner)).Scan(&u.Owner)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: no user %s to own %s", model.ErrNotFound, u.Owner, u.Name)
	}
	return err
}
