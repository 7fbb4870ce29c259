package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Accounts = (*Store)(nil)

const userColumns = `name, password, role, bot, disabled, created_ms, updated_ms, owner`

// userColumnsOf is userColumns of the table alias a.
func userColumnsOf(a string) string {
	return a + ".name, " + a + ".password, " + a + ".role, " + a + ".bot, " + a + ".disabled, " + a + ".created_ms, " + a + ".updated_ms, " + a + ".owner"
}

func scanUser(row interface{ Scan(...any) error }, u *model.User) error {
	var created, updated int64
	if err := row.Scan(&u.Name, &u.PasswordHash, &u.Role, &u.Bot, &u.Disabled, &created, &updated, &u.Owner); err != nil {
		return err
	}
	u.CreatedAt, u.UpdatedAt = sqlcommon.FromMillis(created), sqlcommon.FromMillis(updated)
	return nil
}

// CreateUser implements store.Accounts.
func (s *Store) CreateUser(ctx context.Context, u *model.User) error {
	if err := sqlcommon.PrepareUser(u); err != nil {
		return err
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := ownerName(ctx, tx, u); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO users (name_key, `+userColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			model.UserKey(u.Name), u.Name, u.PasswordHash, u.Role, u.Bot, u.Disabled,
			sqlcommon.Millis(u.CreatedAt), sqlcommon.Millis(u.UpdatedAt), u.Owner)
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
	err := scanUser(s.r.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE name_key = ?`, model.UserKey(name)), u)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, name)
	}
	if err != nil {
		return nil, err
	}
	return u, nil
}

// UpdateUser implements store.Accounts.
func (s *Store) UpdateUser(ctx context.Context, u *model.User) error {
	if err := sqlcommon.PrepareUser(u); err != nil {
		return err
	}
	now := sqlcommon.Now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := ownerName(ctx, tx, u); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET password = ?, role = ?, bot = ?, disabled = ?, updated_ms = ?, owner = ? WHERE name_key = ?`,
			u.PasswordHash, u.Role, u.Bot, u.Disabled, sqlcommon.Millis(now), u.Owner, model.UserKey(u.Name))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("%w: no user %s", model.ErrNotFound, u.Name)
		}
		if u.Disabled {
			if _, err = tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_key = ?`, model.UserKey(u.Name)); err != nil {
				return err
			}
			err = countRevocation(ctx, tx)
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
	rows, err := s.r.QueryContext(ctx, `SELECT `+userColumns+` FROM users ORDER BY name_key LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var users []model.User
	for rows.Next() {
		var u model.User
		if err := scanUser(rows, &u); err != nil {
			return nil, err
		}
		users = append(users, u)
	}
	return users, rows.Err()
}

// CreateSession implements store.Accounts.
func (s *Store) CreateSession(ctx context.Context, sess *model.Session) error {
	if err := sqlcommon.PrepareSession(sess); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		var disabled bool
		err := tx.QueryRowContext(ctx, `SELECT disabled FROM users WHERE name_key = ?`, model.UserKey(sess.User)).Scan(&disabled)
		if errors.Is(err, sql.ErrNoRows) || err == nil && disabled {
			return fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, sess.User)
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_key, created_ms, expires_ms) VALUES (?, ?, ?, ?)`,
			sess.TokenHash, model.UserKey(sess.User), sqlcommon.Millis(sess.CreatedAt), sqlcommon.Millis(sess.ExpiresAt))
		return err
	})
}

// LoadSession implements store.Accounts: one query, so the session and its
// user are one snapshot.
func (s *Store) LoadSession(ctx context.Context, tokenHash string, now time.Time) (*model.Session, *model.User, error) {
	var sess model.Session
	var created, expires int64
	u := new(model.User)
	var ucreated, uupdated int64
	err := s.r.QueryRowContext(ctx, `SELECT s.token_hash, s.created_ms, s.expires_ms,
			u.name, u.password, u.role, u.bot, u.disabled, u.created_ms, u.updated_ms, u.owner
		FROM sessions s JOIN users u ON u.name_key = s.user_key
		WHERE s.token_hash = ? AND s.expires_ms > ? AND NOT u.disabled`,
		tokenHash, sqlcommon.Millis(now)).Scan(&sess.TokenHash, &created, &expires,
		&u.Name, &u.PasswordHash, &u.Role, &u.Bot, &u.Disabled, &ucreated, &uupdated, &u.Owner)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: no such session, or it has expired", model.ErrNotFound)
	}
	if err != nil {
		return nil, nil, err
	}
	sess.User = u.Name
	sess.CreatedAt, sess.ExpiresAt = sqlcommon.FromMillis(created), sqlcommon.FromMillis(expires)
	u.CreatedAt, u.UpdatedAt = sqlcommon.FromMillis(ucreated), sqlcommon.FromMillis(uupdated)
	return &sess, u, nil
}

// DeleteSession implements store.Accounts.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
		return err
	})
}

// DeleteSessions implements store.Accounts.
func (s *Store) DeleteSessions(ctx context.Context, name string) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_key = ?`, model.UserKey(name))
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		return countRevocation(ctx, tx)
	})
	return int(n), err
}

// DeleteExpiredSessions implements store.Accounts.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error) {
	return s.deleteSessions(ctx, `DELETE FROM sessions WHERE expires_ms <= ?`, sqlcommon.Millis(now))
}

func (s *Store) deleteSessions(ctx context.Context, query string, arg any) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, arg)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// ownerName checks inside tx that a bot's owner is an account and sets
// u.Owner to its name as the account has it.
func ownerName(ctx context.Context, tx *sql.Tx, u *model.User) error {
	if u.Owner == "" {
		return nil
	}
	err := tx.QueryRowContext(ctx, `SELECT name FROM users WHERE name_key = ?`, model.UserKey(u.Owner)).Scan(&u.Owner)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: no user %s to own %s", model.ErrNotFound, u.Owner, u.Name)
	}
	return err
}
