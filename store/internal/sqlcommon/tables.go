package sqlcommon

import (
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// The lobby's tables: the backends load a table inside their writing
// transaction (its row locked on PostgreSQL), apply one of the changes
// below to it in memory, and write back what changed. Every verdict is
// made here, so that both backends refuse and accept alike.

// PrepareTable checks a new table and fills in its defaults, as stored:
// status open, no game, a zero CreatedAt now, UpdatedAt its CreatedAt,
// times truncated.
func PrepareTable(t *model.Table) error {
	if err := model.CheckTable(t); err != nil {
		return err
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now()
	}
	t.CreatedAt, t.ExpiresAt = Time(t.CreatedAt), Time(t.ExpiresAt)
	if !t.ExpiresAt.After(t.CreatedAt) {
		return fmt.Errorf("store: table %s expires (%v) before it begins (%v)", t.ID, t.ExpiresAt, t.CreatedAt)
	}
	t.UpdatedAt = t.CreatedAt
	t.Status, t.Game = model.TableOpen, ""
	return nil
}

// Touch sets t's UpdatedAt to now, never moving it back: callers' clocks
// (the now of TakeSeat, the server's for StandUp) may disagree a little.
func Touch(t *model.Table, now time.Time) {
	if now = Time(now); now.After(t.UpdatedAt) {
		t.UpdatedAt = now
	}
}

// open refuses a change to a table that is not open, or expired at now (a
// zero now: the expiry is not checked).
func open(t *model.Table, now time.Time) error {
	if t.Status != model.TableOpen {
		return fmt.Errorf("%w: table %s is %s", model.ErrConflict, t.ID, t.Status)
	}
	if !now.IsZero() && !t.ExpiresAt.After(Time(now)) {
		return fmt.Errorf("%w: table %s has expired", model.ErrConflict, t.ID)
	}
	return nil
}

// orNow is now, or the current time for a zero now: a caller that gave no
// time does not skip the expiry.
func orNow(now time.Time) time.Time {
	if now.IsZero() {
		return time.Now()
	}
	return now
}

// seatIndex refuses a seat the table does not have.
func seatIndex(t *model.Table, seat int) error {
	if seat < 0 || seat >= len(t.Seats) {
		return fmt.Errorf("%w: table %s has %d seats, no seat %d", model.ErrConflict, t.ID, len(t.Seats), seat+1)
	}
	return nil
}

// TakeSeat seats user (his name as his account spells it) at t's seat, or
// says why not (ErrConflict), leaving t as it was. A user with a seat
// reserved for him may take that seat only.
func TakeSeat(t *model.Table, seat int, user string, now time.Time) error {
	now = orNow(now)
	if err := open(t, now); err != nil {
		return err
	}
	if err := seatIndex(t, seat); err != nil {
		return err
	}
	if at := t.SeatOf(user); at >= 0 {
		return fmt.Errorf("%w: %s already sits at seat %d of table %s", model.ErrConflict, user, at+1, t.ID)
	}
	// A player with a seat reserved for him takes that one: the host chose
	// it (teams go by seat), and nobody is at two seats (CheckTable).
	for i, o := range t.Seats {
		if i != seat && o.Reserved != "" && model.UserKey(o.Reserved) == model.UserKey(user) {
			return fmt.Errorf("%w: seat %d of table %s is reserved for %s: he takes that one", model.ErrConflict, i+1, t.ID, user)
		}
	}
	s := &t.Seats[seat]
	switch s.Kind() {
	case model.SeatTaken:
		return fmt.Errorf("%w: seat %d of table %s is taken by %s", model.ErrConflict, seat+1, t.ID, s.User)
	case model.SeatComputer:
		return fmt.Errorf("%w: seat %d of table %s is a computer's", model.ErrConflict, seat+1, t.ID)
	case model.SeatReserved:
		if model.UserKey(s.Reserved) != model.UserKey(user) {
			return fmt.Errorf("%w: seat %d of table %s is reserved for another player", model.ErrConflict, seat+1, t.ID)
		}
	}
	s.User = user
	Touch(t, now)
	return nil
}

// StandUp takes user off his seat of t (a reservation stays), or says
// why not (ErrConflict), leaving t as it was.
func StandUp(t *model.Table, user string, now time.Time) error {
	if err := open(t, time.Time{}); err != nil {
		return err
	}
	if model.UserKey(user) == model.UserKey(t.Host) {
		return fmt.Errorf("%w: the host of table %s cannot leave it: he closes it", model.ErrConflict, t.ID)
	}
	at := t.SeatOf(user)
	if at < 0 {
		return fmt.Errorf("%w: %s sits at no seat of table %s", model.ErrConflict, user, t.ID)
	}
	t.Seats[at].User = ""
	Touch(t, now)
	return nil
}

// SetComputer puts a computer of level agent at t's seat (open, reserved,
// or a computer's of another level), or with agent "" opens a computer's
// seat again; host must be t's host. It says why not (ErrConflict, or a
// plain error for a level too long), leaving t as it was.
func SetComputer(t *model.Table, host string, seat int, agent string, now time.Time) error {
	if len(agent) > model.MaxAgentLength {
		return fmt.Errorf("store: table %s: level over %d bytes", t.ID, model.MaxAgentLength)
	}
	if model.UserKey(host) != model.UserKey(t.Host) {
		return fmt.Errorf("%w: only the host of table %s may seat a computer", model.ErrConflict, t.ID)
	}
	now = orNow(now)
	if err := open(t, now); err != nil {
		return err
	}
	if err := seatIndex(t, seat); err != nil {
		return err
	}
	s := &t.Seats[seat]
	switch {
	case s.User != "":
		return fmt.Errorf("%w: seat %d of table %s is taken by %s", model.ErrConflict, seat+1, t.ID, s.User)
	case agent == "" && s.Agent == "":
		return fmt.Errorf("%w: seat %d of table %s is not a computer's", model.ErrConflict, seat+1, t.ID)
	}
	// A computer's seat names no player: a reservation goes.
	*s = model.TableSeat{Agent: agent}
	Touch(t, now)
	return nil
}

// Closable is the verdict on host closing t.
func Closable(t *model.Table, host string) error {
	if model.UserKey(host) != model.UserKey(t.Host) {
		return fmt.Errorf("%w: only the host of table %s may close it", model.ErrConflict, t.ID)
	}
	return open(t, time.Time{})
}

// StartIfFull makes the game of a table whose seats are all filled, with
// start, checked as CreateGame checks a game, and marks t started with it;
// it returns nil for a table not full. The callback gets a copy of t: what
// it does to it changes nothing stored.
func StartIfFull(t *model.Table, start model.StartTable) (*model.Game, error) {
	if !t.Full() {
		return nil, nil
	}
	if start == nil {
		return nil, fmt.Errorf("store: table %s is full and nothing was given to make its game", t.ID)
	}
	c := *t
	c.Seats = append([]model.TableSeat(nil), t.Seats...)
	g, err := start(&c)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, errors.New("store: the start of table " + t.ID + " made no game")
	}
	if err := PrepareGame(g); err != nil {
		return nil, err
	}
	t.Status, t.Game = model.TableStarted, g.ID
	return g, nil
}
