package model

import (
	"context"
	"fmt"
	"time"
)

// Table is a game waiting for its players in the lobby, as on Board Game
// Arena: a variant of two to four players (teams are chosen by the seat),
// its clock, rated or casual, and one seat per player of the variant. Each
// seat is open (anyone may take it), reserved (only the named player may),
// taken (a player sits there) or a computer. The table's game starts, in
// the transaction that fills its last seat, when every seat is taken or a
// computer; until then a player may leave his seat, and the host may fill
// an empty seat with a computer or close the table. Open tables expire.
type Table struct {
	ID              string // public id, like a game's
	Host            string // the user who made it; he sits at one of its seats
	GameID          string // rules id
	Options         string // the resolved variant's options
	Rated           bool
	ClockMillis     int64       // time per player, 0 = no clock
	IncrementMillis int64       // added after each move
	MoveDays        int         // correspondence: days per move, 0 = none
	LeaverAgent     string      // the computer level that plays on a leaver's seat ("" : the server's default, easy)
	Seats           []TableSeat // one per player of the variant, seat 0 first
	Status          string      // TableOpen, TableStarted, TableClosed or TableExpired
	Game            string      // the game made when it started ("" before)
	CreatedAt       time.Time
	ExpiresAt       time.Time
	UpdatedAt       time.Time // the last change (a seat taken or left, started, closed)
}

// TableSeat is one seat of a table.
//
//	open:     Reserved "", User "", Agent ""
//	reserved: Reserved names the only user who may take it, User ""
//	taken:    User is the player sitting there (Reserved stays, if any)
//	computer: Agent is its level ("easy", "medium", "hard"...)
type TableSeat struct {
	Reserved string // the only user who may take it; "" = anyone
	User     string // who sits there; "" = nobody yet
	Agent    string // a computer's level; "" = a person's seat
}

// Kind names the seat's state: "open", "reserved", "taken" or "computer".
func (s TableSeat) Kind() string {
	switch {
	case s.Agent != "":
		return SeatComputer
	case s.User != "":
		return SeatTaken
	case s.Reserved != "":
		return SeatReserved
	}
	return SeatOpen
}

// Filled says whether the seat needs nobody else: taken or a computer.
func (s TableSeat) Filled() bool { return s.Agent != "" || s.User != "" }

// Full says whether every seat of the table is filled.
func (t *Table) Full() bool {
	for _, s := range t.Seats {
		if !s.Filled() {
			return false
		}
	}
	return len(t.Seats) > 0
}

// SeatOf returns the seat user sits at, or -1.
func (t *Table) SeatOf(user string) int {
	k := UserKey(user)
	for i, s := range t.Seats {
		if s.User != "" && UserKey(s.User) == k {
			return i
		}
	}
	return -1
}

// The kinds of a table's seat (TableSeat.Kind).
const (
	SeatOpen     = "open"
	SeatReserved = "reserved"
	SeatTaken    = "taken"
	SeatComputer = "computer"
)

// The states of a table.
const (
	TableOpen    = "open"
	TableStarted = "started"
	TableClosed  = "closed"
	TableExpired = "expired"
)

// The bounds of tables: seats per table, open tables one account hosts,
// open tables one account sits at (his own included: nobody blocks the
// lobby by sitting everywhere), and the length of a computer level's name.
const (
	MaxTableSeats   = 4
	MaxOpenTables   = 5
	MaxSeatedTables = 10
	MaxAgentLength  = 64
)

// CheckTable says what is wrong with a new table, or nil: 2 to
// MaxTableSeats seats; the host sitting at exactly one; nobody sitting or
// reserved twice; a seat either a person's or a computer's.
func CheckTable(t *Table) error {
	if t == nil {
		return fmt.Errorf("store: nil table")
	}
	switch {
	case t.ID == "" || len(t.ID) > 64:
		return fmt.Errorf("store: table id %q: 1 to 64 characters", t.ID)
	case t.GameID == "":
		return fmt.Errorf("store: table %s without a rules id", t.ID)
	case len(t.Seats) < 2 || len(t.Seats) > MaxTableSeats:
		return fmt.Errorf("store: table %s: %d seats, accepted: 2 to %d", t.ID, len(t.Seats), MaxTableSeats)
	case t.MoveDays < 0 || t.MoveDays > MaxMoveDays:
		return fmt.Errorf("store: table %s: %d days per move, accepted: 0 to %d", t.ID, t.MoveDays, MaxMoveDays)
	case t.ClockMillis < 0 || t.IncrementMillis < 0:
		return fmt.Errorf("store: table %s: negative clock or increment", t.ID)
	case len(t.LeaverAgent) > MaxAgentLength:
		return fmt.Errorf("store: table %s: leaver's level over %d bytes", t.ID, MaxAgentLength)
	case t.SeatOf(t.Host) < 0:
		return fmt.Errorf("store: table %s: the host %s sits at none of its seats", t.ID, t.Host)
	}
	seen := map[string]bool{}
	for i, s := range t.Seats {
		if len(s.Agent) > MaxAgentLength {
			return fmt.Errorf("store: table %s seat %d: level over %d bytes", t.ID, i+1, MaxAgentLength)
		}
		if s.Agent != "" && (s.User != "" || s.Reserved != "") {
			return fmt.Errorf("store: table %s seat %d: a computer's seat names no player", t.ID, i+1)
		}
		if s.User != "" && s.Reserved != "" && UserKey(s.User) != UserKey(s.Reserved) {
			return fmt.Errorf("store: table %s seat %d: reserved for %s, taken by %s", t.ID, i+1, s.Reserved, s.User)
		}
		names := map[string]string{}
		for _, name := range []string{s.User, s.Reserved} {
			if name != "" {
				names[UserKey(name)] = name
			}
		}
		for k, name := range names {
			if seen[k] {
				return fmt.Errorf("store: table %s: %s at two seats", t.ID, name)
			}
			seen[k] = true
		}
	}
	return nil
}

// StartTable makes the game of a table whose seats are all filled: it is
// called inside the transaction that fills the last seat, with the table
// as it is then, and the game it returns is stored as CreateGame stores it
// in that transaction. An error from it stores nothing and is returned.
type StartTable func(t *Table) (*Game, error)

// Tables keeps the lobby's tables. Both SQL backends implement it
// (store/storetest.RunTables is its conformance suite). Every write that
// changes a table sets its UpdatedAt; every refusal leaves the table as it
// was. Several servers share the tables through the store: a seat taken on
// one is taken for all, and of users racing for one seat exactly one gets
// it.
type Tables interface {
	// CreateTable stores an open table (CheckTable). The host must be an
	// enabled user, and every reserved or seated user a user
	// (ErrNotFound); a host with MaxOpenTables open tables gets
	// ErrConflict. A zero CreatedAt becomes now; Status becomes open. A
	// table whose seats are all filled at creation (the host and
	// computers) starts at once: start makes its game.
	CreateTable(ctx context.Context, t *Table, start StartTable) error
	// LoadTable returns one table in any state; ErrNotFound.
	LoadTable(ctx context.Context, id string) (*Table, error)
	// OpenTables returns the tables open at now, oldest first, at most
	// limit (0: DefaultLimit). Every open table is listed (a reserved seat
	// is shown, not hidden).
	OpenTables(ctx context.Context, now time.Time, limit int) ([]Table, error)
	// TakeSeat seats user at the table's seat (0-based). ErrConflict, and
	// nothing changed, unless the table is open and not expired at now, the
	// seat is open or reserved for user, and user sits at no other seat of
	// the table, nor at MaxSeatedTables other open tables; ErrNotFound for
	// no such table or user (or a disabled one). When the table is then full, start makes its game in the same
	// transaction and the table is started (Game set).
	TakeSeat(ctx context.Context, id string, seat int, user string, now time.Time, start StartTable) (*Table, error)
	// StandUp takes user off his seat of an open table (a reserved seat
	// stays reserved for him). The host cannot leave: he closes the table
	// (ErrConflict); ErrConflict too when user sits at no seat or the
	// table is not open.
	StandUp(ctx context.Context, id, user string) (*Table, error)
	// SetComputer puts a computer of level agent at an empty seat (open or
	// reserved), or with agent "" opens a computer's seat again; only the
	// host may (ErrConflict for anyone else, for a taken seat, or a table
	// that is not open). A table then full starts as in TakeSeat.
	SetComputer(ctx context.Context, id, host string, seat int, agent string, now time.Time, start StartTable) (*Table, error)
	// CloseTable closes an open table; only its host may (ErrConflict for
	// anyone else, or when it is not open).
	CloseTable(ctx context.Context, id, host string) error
	// ExpireTables marks the open tables expired at now and says how
	// many.
	ExpireTables(ctx context.Context, now time.Time) (int, error)
}
