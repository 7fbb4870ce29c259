// Package sqlcommon holds what the SQL backends of package store share: the
// checks and defaults applied before a write, the time conversions, and the
// reading of embedded migration files. Keeping them in one place is what
// makes the backends behave alike beyond what the conformance suite tests.
package sqlcommon

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// Time is t as stored: UTC, truncated to the millisecond, which every backend
// can keep exactly (SQLite as an integer, PostgreSQL's timestamptz has
// microseconds), so that what is read back equals what was written.
func Time(t time.Time) time.Time {
	return t.UTC().Truncate(time.Millisecond)
}

// Millis is t in milliseconds since the Unix epoch.
func Millis(t time.Time) int64 { return t.UnixMilli() }

// CeilMillis is t in milliseconds since the Unix epoch, rounded up: a
// stored time (whole milliseconds) is before t exactly when it is before
// CeilMillis(t).
func CeilMillis(t time.Time) int64 {
	ms := t.UnixMilli()
	if t.Sub(time.UnixMilli(ms)) > 0 {
		ms++
	}
	return ms
}

// FromMillis is the inverse of Millis, in UTC.
func FromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// Now is the current time as stored.
func Now() time.Time { return Time(time.Now()) }

// PrepareGame checks g before CreateGame and fills in, in g itself, the
// defaults the Store contract promises, so that the caller sees exactly what
// was stored.
func PrepareGame(g *model.Game) error {
	if g == nil {
		return errors.New("store: nil game")
	}
	if g.ID == "" {
		return errors.New("store: game without an id")
	}
	if g.GameID == "" {
		return fmt.Errorf("store: game %s without a rules id (GameID)", g.ID)
	}
	if g.MoveDays < 0 || g.MoveDays > model.MaxMoveDays {
		return fmt.Errorf("store: game %s: %d days per move, accepted: 0 to %d", g.ID, g.MoveDays, model.MaxMoveDays)
	}
	if g.ClockMillis < 0 || g.IncrementMillis < 0 {
		return fmt.Errorf("store: game %s: negative clock or increment", g.ID)
	}
	if g.Result == "" {
		g.Result = model.Ongoing
	}
	if g.CreatedAt.IsZero() {
		g.CreatedAt = time.Now()
	}
	g.CreatedAt = Time(g.CreatedAt)
	if g.UpdatedAt.IsZero() {
		g.UpdatedAt = g.CreatedAt
	}
	g.UpdatedAt = Time(g.UpdatedAt)
	for i := range g.Moves {
		m := &g.Moves[i]
		if m.Ply != i {
			return fmt.Errorf("store: game %s: move %d has ply %d", g.ID, i, m.Ply)
		}
		if m.At.IsZero() {
			m.At = g.CreatedAt
		}
		m.At = Time(m.At)
	}
	if len(g.Hints) > model.MaxHints {
		return fmt.Errorf("store: game %s: %d hints, at most %d", g.ID, len(g.Hints), model.MaxHints)
	}
	for i := range g.Hints {
		h := &g.Hints[i]
		if err := CheckHint(g.ID, *h, len(g.Seats)); err != nil {
			return err
		}
		if h.At.IsZero() {
			h.At = g.CreatedAt
		}
		h.At = Time(h.At)
	}
	return nil
}

// CheckHint refuses a hint no game can have: a seat outside its seats
// (seats of them), a negative ply.
func CheckHint(id string, h model.Hint, seats int) error {
	if h.Seat < 0 || h.Seat >= seats {
		return fmt.Errorf("store: game %s has %d seats: no hint for seat %d", id, seats, h.Seat)
	}
	if h.Ply < 0 {
		return fmt.Errorf("store: game %s: a hint at ply %d", id, h.Ply)
	}
	return nil
}

// HintFits is the verdict on adding a hint to a game, given what is stored
// inside the write transaction that holds the game: found, its result,
// its number of moves, seats and hints. nil means the hint can be written.
func HintFits(id string, h model.Hint, found bool, result string, moves, seats, hints int) error {
	if err := Ongoing(id, result, !found, nil); err != nil {
		return err
	}
	if err := CheckHint(id, h, seats); err != nil {
		return err
	}
	if h.Ply != moves {
		return fmt.Errorf("%w: a hint at ply %d, game %s has %d moves", model.ErrConflict, h.Ply, id, moves)
	}
	if hints >= model.MaxHints {
		return fmt.Errorf("%w: game %s holds %d hints already", model.ErrConflict, id, hints)
	}
	return nil
}

// PrepareMove sets a zero m.At to now and truncates it as stored.
func PrepareMove(m *model.Move) {
	if m.At.IsZero() {
		m.At = time.Now()
	}
	m.At = Time(m.At)
}

// CheckResult refuses the results FinishGame cannot record: a finished game
// needs a result other than the ongoing "*".
func CheckResult(result string) error {
	if result == "" || result == model.Ongoing {
		return fmt.Errorf("store: cannot finish a game with result %q", result)
	}
	return nil
}

// Ongoing turns the reading of a game's result inside a write transaction
// into the writer's verdict: not found (noRows: the driver found no row),
// the read's own error, a conflict when the game is finished, or nil.
func Ongoing(id, result string, noRows bool, err error) error {
	switch {
	case noRows:
		return fmt.Errorf("%w: %s", model.ErrNotFound, id)
	case err != nil:
		return err
	case result != model.Ongoing:
		return fmt.Errorf("%w: game %s is finished (%s)", model.ErrConflict, id, result)
	}
	return nil
}

// Fits is the verdict on appending m to a game, given what is stored
// inside the write transaction that holds the game: found says whether the
// game exists, result is its result, moves its number of moves. nil means
// the move can be written.
func Fits(id string, m model.Move, found bool, result string, moves int) error {
	if err := Ongoing(id, result, !found, nil); err != nil {
		return err
	}
	if m.Ply != moves {
		return fmt.Errorf("%w: move at ply %d, game %s has %d moves", model.ErrConflict, m.Ply, id, moves)
	}
	return nil
}

// CheckPlies refuses a negative TruncateMoves count.
func CheckPlies(plies int) error {
	if plies < 0 {
		return fmt.Errorf("store: cannot keep %d moves", plies)
	}
	return nil
}

// Page returns the LIMIT and OFFSET of a filter, with the default limit.
func Page(f model.Filter) (limit, offset int, err error) {
	if f.Limit < 0 || f.Offset < 0 {
		return 0, 0, fmt.Errorf("store: negative limit or offset (%d, %d)", f.Limit, f.Offset)
	}
	limit = f.Limit
	if limit == 0 {
		limit = model.DefaultLimit
	}
	return limit, f.Offset, nil
}

// Migration is one schema change, read from a file named
// NNNN_description.sql.
type Migration struct {
	Version int
	Name    string // the file name
	SQL     string
}

// Migrations reads the *.sql files at the top of fsys, in version order. The
// versions must run 1, 2, 3... without gaps or duplicates: a missing file
// would otherwise be skipped silently on new databases only.
func Migrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, name := range names {
		num, _, ok := strings.Cut(path.Base(name), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("store: migration %s: name is not NNNN_description.sql", name)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("store: migration %s: expected version %d", m.Name, i+1)
		}
	}
	return ms, nil
}

// TooNew is the error for a database migrated by a newer program: running
// old code on a newer schema could corrupt it, so it is refused.
func TooNew(db string, have, known int) error {
	return fmt.Errorf("store: %s has schema version %d, newer than this program's %d: upgrade plateau", db, have, known)
}

// PrepareUser checks u before CreateUser or UpdateUser and fills in the
// defaults of CreateUser (role, times), as stored.
func PrepareUser(u *model.User) error {
	if u == nil {
		return errors.New("store: nil user")
	}
	if err := model.CheckUserName(u.Name); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if u.Role == "" {
		u.Role = model.RolePlayer
	}
	if u.Role != model.RolePlayer && u.Role != model.RoleOperator {
		return fmt.Errorf("store: user %s: role %q, accepted: %s or %s", u.Name, u.Role, model.RolePlayer, model.RoleOperator)
	}
	if u.Owner != "" && !u.Bot {
		return fmt.Errorf("store: user %s: only a bot has an owner", u.Name)
	}
	if u.Owner != "" && model.UserKey(u.Owner) == model.UserKey(u.Name) {
		return fmt.Errorf("store: user %s cannot own itself", u.Name)
	}
	if len(u.PasswordHash) > model.MaxPasswordHash {
		return fmt.Errorf("store: user %s: password hash of %d bytes, at most %d", u.Name, len(u.PasswordHash), model.MaxPasswordHash)
	}
	if u.CreatedAt.IsZero() {
		u.CreatedAt = time.Now()
	}
	u.CreatedAt = Time(u.CreatedAt)
	if u.UpdatedAt.IsZero() {
		u.UpdatedAt = u.CreatedAt
	}
	u.UpdatedAt = Time(u.UpdatedAt)
	return nil
}

// PrepareSession checks s before CreateSession and sets a zero CreatedAt to
// now, as stored.
func PrepareSession(s *model.Session) error {
	if s == nil {
		return errors.New("store: nil session")
	}
	if len(s.TokenHash) != 64 {
		return fmt.Errorf("store: session token hash of %d characters, accepted: 64 (hex SHA-256)", len(s.TokenHash))
	}
	if s.CreatedAt.IsZero() {
		s.CreatedAt = time.Now()
	}
	s.CreatedAt, s.ExpiresAt = Time(s.CreatedAt), Time(s.ExpiresAt)
	if !s.ExpiresAt.After(s.CreatedAt) {
		return fmt.Errorf("store: session of %s expires (%v) before it begins (%v)", s.User, s.ExpiresAt, s.CreatedAt)
	}
	return nil
}

// UserPage returns the LIMIT and OFFSET of ListUsers, with the default limit.
func UserPage(limit, offset int) (int, int, error) {
	return Page(model.Filter{Limit: limit, Offset: offset})
}

// CheckReview refuses the reviews PutReview cannot store: without a game,
// without JSON, or with too much of it.
func CheckReview(r *model.Review) error {
	switch {
	case r == nil || r.Game == "":
		return errors.New("store: a review needs a game")
	case len(r.JSON) == 0:
		return fmt.Errorf("store: the review of game %s is empty", r.Game)
	case len(r.JSON) > model.MaxReviewBytes:
		return fmt.Errorf("store: the review of game %s has %d bytes, at most %d", r.Game, len(r.JSON), model.MaxReviewBytes)
	}
	return nil
}

// ReviewFits is the verdict on storing a review of a game, given what is
// stored inside the write transaction: found and its result.
func ReviewFits(id string, found bool, result string) error {
	if !found {
		return fmt.Errorf("%w: %s", model.ErrNotFound, id)
	}
	if result == model.Ongoing {
		return fmt.Errorf("%w: game %s is not finished", model.ErrConflict, id)
	}
	return nil
}
