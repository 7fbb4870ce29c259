package club

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"
)

// The API of programs playing as accounts (bots): JSON, authenticated by
// a bot token (Authorization: Bearer TOKEN) or a session cookie. A bot
// lists the challenges it may accept, accepts one, lists its ongoing games
// and plays them over the game's WebSocket like a browser (the token holds
// its seats). docs/server.md has the protocol; plateau bot is a client.

// botAPI is the bots' API (/api): the challenges a program may accept and
// its games, for a bot account's token or a logged-in browser.
type botAPI struct {
	*site.Env
	members  *members
	lobby    *lobby
	tables   *tables
	ownGames *ownGames
}

// APIChallenge is a challenge as the API gives it.
type APIChallenge struct {
	ID          string `json:"id"`
	Creator     string `json:"creator"`
	Target      string `json:"target,omitempty"`
	Game        string `json:"game"`    // rules id
	Options     string `json:"options"` // the resolved variant's options
	Rated       bool   `json:"rated"`
	ClockMs     int64  `json:"clockMs"`
	IncrementMs int64  `json:"incrementMs"`
	MoveDays    int    `json:"moveDays,omitempty"`
	Seat        int    `json:"creatorSeat"` // -1: drawn at acceptance
}

// APIGame is an ongoing game of the account.
type APIGame struct {
	ID       string `json:"id"`
	Game     string `json:"game"`
	Options  string `json:"options"`
	YourTurn bool   `json:"yourTurn"`
}

// apiError answers a JSON error with its status.
func apiError(w http.ResponseWriter, code int, kind, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": kind, "message": msg})
}

func apiJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

// apiUser is the account of an API request, or nil after answering 401.
func (b *botAPI) apiUser(w http.ResponseWriter, r *http.Request) *store.User {
	if b.lobby.challenges == nil {
		apiError(w, http.StatusNotFound, "no_accounts", "this server keeps no accounts")
		return nil
	}
	u := b.members.CurrentUser(r)
	if u == nil {
		b.Refuse(r, "bad_token")
		w.Header().Set("WWW-Authenticate", `Bearer realm="plateau"`)
		apiError(w, http.StatusUnauthorized, "unauthorized", "send a bot token (Authorization: Bearer TOKEN) or log in")
	}
	return u
}

// APIChallenges is GET /api/challenges: the open challenges a bot may accept.
func (b *botAPI) APIChallenges(w http.ResponseWriter, r *http.Request) {
	u := b.apiUser(w, r)
	if u == nil {
		return
	}
	list, err := b.lobby.challenges.OpenChallenges(r.Context(), u.Name, b.Now(), 200)
	if err != nil {
		b.InternalError(w, r, "api challenges", err)
		return
	}
	out := []APIChallenge{}
	for _, c := range list {
		out = append(out, APIChallenge{ID: c.ID, Creator: c.Creator, Target: c.Target, Game: c.GameID, Options: c.Options,
			Rated: c.Rated, ClockMs: c.ClockMillis, IncrementMs: c.IncrementMillis, MoveDays: c.MoveDays, Seat: c.Seat})
	}
	apiJSON(w, map[string]any{"you": u.Name, "challenges": out})
}

// APIAccept is POST /api/challenges/{id}/accept: the bot takes a challenge.
func (b *botAPI) APIAccept(w http.ResponseWriter, r *http.Request) {
	u := b.apiUser(w, r)
	if u == nil {
		return
	}
	ctx := r.Context()
	c, err := b.lobby.challenges.LoadChallenge(ctx, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "not_found", "no such challenge")
		return
	}
	if err != nil {
		b.InternalError(w, r, "api load challenge", err)
		return
	}
	g, err := b.lobby.challengeGame(c, u)
	if err != nil {
		b.InternalError(w, r, "api challenge game", err)
		return
	}
	switch err := b.lobby.challenges.AcceptChallenge(ctx, c.ID, u.Name, b.Now(), g); {
	case errors.Is(err, store.ErrConflict):
		apiError(w, http.StatusConflict, "taken", "the challenge is not open to you any more (taken, cancelled, expired, or yours)")
	case errors.Is(err, store.ErrNotFound):
		apiError(w, http.StatusNotFound, "not_found", "no such challenge")
	case err != nil:
		b.InternalError(w, r, "api accept", err)
	default:
		b.Log.Info("challenge accepted", "id", c.ID, "user", u.Name, "game", g.ID, "api", true)
		b.lobby.LobbyChanged()
		apiJSON(w, APIGame{ID: g.ID, Game: g.GameID, Options: g.Options})
	}
}

// APIGames is GET /api/games: the bot's games in progress, its turn first.
func (b *botAPI) APIGames(w http.ResponseWriter, r *http.Request) {
	u := b.apiUser(w, r)
	if u == nil {
		return
	}
	games, err := b.ownGames.myGames(r.Context(), u.Name, "en")
	if err != nil {
		b.InternalError(w, r, "api games", err)
		return
	}
	out := []APIGame{}
	for _, g := range games {
		out = append(out, APIGame{ID: g.ID, Game: g.rules, Options: g.options, YourTurn: g.YourTurn})
	}
	apiJSON(w, map[string]any{"games": out})
}
