package club

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// The bots' part of the tables: GET /api/tables lists the open tables with
// the seats the caller may take, and POST /api/tables/{id}/seats/{seat}/take
// sits there (seat from 0), as a browser's form does. A bot is offered a
// table's seat by its host (a seat reserved for the bot's name); plateau
// bot takes open seats only when told to.

// APITableSeat is one seat of a table in the API.
type APITableSeat struct {
	Kind     string `json:"kind"` // open, reserved, taken, computer
	User     string `json:"user,omitempty"`
	Reserved string `json:"reserved,omitempty"`
	Agent    string `json:"agent,omitempty"`
}

// APITable is an open table as the API gives it.
type APITable struct {
	ID          string         `json:"id"`
	Host        string         `json:"host"`
	Game        string         `json:"game"`
	Options     string         `json:"options"`
	Players     int            `json:"players"`
	Rated       bool           `json:"rated"`
	ClockMs     int64          `json:"clockMs"`
	IncrementMs int64          `json:"incrementMs"`
	MoveDays    int            `json:"moveDays,omitempty"`
	Seats       []APITableSeat `json:"seats"`
	YourSeats   []int          `json:"yourSeats"` // the seats the caller may take (none once he sits)
	Offered     []int          `json:"offered"`   // of those, the ones reserved for the caller
	Seated      int            `json:"seated"`    // the caller's seat, -1 if none
}

// APITables is GET /api/tables.
func (b *botAPI) APITables(w http.ResponseWriter, r *http.Request) {
	u := b.apiUser(w, r)
	if u == nil {
		return
	}
	if b.tables.store == nil {
		apiError(w, http.StatusNotFound, "no_tables", "this server keeps no tables")
		return
	}
	list, err := b.tables.store.OpenTables(r.Context(), b.Now(), maxListedTables)
	if err != nil {
		b.InternalError(w, r, "api tables", err)
		return
	}
	out := []APITable{}
	for _, t := range list {
		at := APITable{ID: t.ID, Host: t.Host, Game: t.GameID, Options: t.Options, Players: len(t.Seats), Rated: t.Rated,
			ClockMs: t.ClockMillis, IncrementMs: t.IncrementMillis, MoveDays: t.MoveDays, YourSeats: []int{}, Offered: []int{}, Seated: t.SeatOf(u.Name)}
		for i, s := range t.Seats {
			at.Seats = append(at.Seats, APITableSeat{Kind: s.Kind(), User: s.User, Reserved: s.Reserved, Agent: s.Agent})
			if whyNotSeat(&t, i, u.Name) == "" {
				at.YourSeats = append(at.YourSeats, i)
				if s.Reserved != "" {
					at.Offered = append(at.Offered, i)
				}
			}
		}
		out = append(out, at)
	}
	apiJSON(w, map[string]any{"you": u.Name, "tables": out})
}

// APITakeSeat is POST /api/tables/{id}/seats/{seat}/take.
func (b *botAPI) APITakeSeat(w http.ResponseWriter, r *http.Request) {
	u := b.apiUser(w, r)
	if u == nil {
		return
	}
	if b.tables.store == nil {
		apiError(w, http.StatusNotFound, "no_tables", "this server keeps no tables")
		return
	}
	ctx := r.Context()
	id := r.PathValue("id")
	if !games.ValidID(id) {
		apiError(w, http.StatusNotFound, "not_found", "no such table")
		return
	}
	t, err := b.tables.store.LoadTable(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "not_found", "no such table")
		return
	}
	if err != nil {
		b.InternalError(w, r, "api load table", err)
		return
	}
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil || seat < 0 || seat >= len(t.Seats) {
		apiError(w, http.StatusBadRequest, "bad_seat", "the seat is a number from 0 to "+strconv.Itoa(len(t.Seats)-1))
		return
	}
	if code := whyNotSeat(t, seat, u.Name); code != "" {
		apiError(w, http.StatusConflict, code, tableMessage(code, "en"))
		return
	}
	nt, err := b.tables.store.TakeSeat(ctx, t.ID, seat, u.Name, b.Now(), b.tables.startGame(b.tables.botsAt(ctx, t, u)))
	switch {
	case errors.Is(err, store.ErrConflict):
		apiError(w, http.StatusConflict, "taken", tableMessage("taken", "en"))
	case errors.Is(err, store.ErrNotFound):
		apiError(w, http.StatusNotFound, "not_found", "no such table")
	case err != nil:
		b.InternalError(w, r, "api take seat", err)
	default:
		b.Log.Info("seat taken", "table", t.ID, "seat", seat, "user", u.Name, "api", true)
		b.lobby.LobbyChanged()
		apiJSON(w, map[string]any{"table": nt.ID, "status": nt.Status, "game": nt.Game})
	}
}
