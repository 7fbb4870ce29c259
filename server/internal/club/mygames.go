package club

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// ownGames is a player's page of their ongoing games (/my-games) and
// the turn reminder that polls it.
type ownGames struct {
	*site.Env
	web        *web.Shell
	members    *members
	turns      turnsCache
	maxClients int // bounds the turns cache
}

// myGamesLimit bounds the ongoing games of an account that "my games" and
// its reminder look at.
const myGamesLimit = 50

// myGame is an ongoing game of the account, as "my games" lists it.
type myGame struct {
	ID, Name, Options string
	Opponents         []string
	YourTurn          bool
	Left              string // time left for the move, when the game has a clock or days per move
	Rated             bool
	updated           time.Time
	rules, options    string // the rules id and the stored options, for the API
}

// myGames lists the ongoing games where user holds a seat: the ones where
// it is his turn first, the longest waiting first.
func (og *ownGames) myGames(ctx context.Context, user, lang string) ([]myGame, error) {
	list, err := og.ongoingOf(ctx, user)
	if err != nil {
		return nil, err
	}
	return og.myGamesOf(ctx, user, lang, list)
}

// ongoingOf lists the ongoing games of an account (without their moves).
func (og *ownGames) ongoingOf(ctx context.Context, user string) ([]store.Game, error) {
	on := false
	return og.Store.ListGames(ctx, store.Filter{User: user, Finished: &on, Limit: myGamesLimit})
}

// myGamesOf is myGames for games already listed.
func (og *ownGames) myGamesOf(ctx context.Context, user, lang string, list []store.Game) ([]myGame, error) {
	var out []myGame
	for _, listed := range list {
		g, err := og.Store.LoadGame(ctx, listed.ID)
		if err != nil {
			return nil, err
		}
		m, err := games.Replay(g)
		if err != nil {
			continue // a game the rules no longer read is not the reminder's business
		}
		row := myGame{ID: g.ID, Name: m.Variant().Game.Name.In(lang), Options: games.OptionsText(g.Options, lang),
			Rated: g.Rated, updated: g.UpdatedAt, rules: g.GameID, options: g.Options}
		mine, left := -1, false
		for i, seat := range g.Seats {
			if seat.User != "" && store.UserKey(seat.User) == store.UserKey(user) {
				if seat.Left != 0 {
					left = true // he left the table: the computer plays that seat (live's leaving.go)
					continue
				}
				if i == m.ToMove() || mine < 0 {
					mine = i
				}
			} else {
				row.Opponents = append(row.Opponents, games.SeatLabel(m.Variant(), i, seat, lang))
			}
		}
		if mine < 0 && left {
			continue // no longer his to play, nor to be reminded of
		}
		row.YourTurn = mine >= 0 && mine == m.ToMove()
		turnStart := g.CreatedAt
		if n := len(g.Moves); n > 0 {
			turnStart = g.Moves[n-1].At
		}
		if g.MoveDays > 0 {
			row.Left = durationText(turnStart.Add(games.MoveTime(g.MoveDays)).Sub(og.Now()), lang)
		}
		out = append(out, row)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].YourTurn != out[j].YourTurn {
			return out[i].YourTurn
		}
		return out[i].updated.Before(out[j].updated)
	})
	return out, nil
}

// durationText is a time left in words: "2 d 23 h", "5 h 03", "4 min".
func durationText(d time.Duration, lang string) string {
	// Rounded up to the minute, as clocks show time: a full day left reads
	// "1 d 0 h", not "0 d 23 h".
	d = max(d, 0)
	d = (d + time.Minute - 1).Truncate(time.Minute)
	days, hours, minutes := int(d/(24*time.Hour)), int(d/time.Hour)%24, int(d/time.Minute)%60
	switch {
	case days > 0:
		return itoa(days) + " " + web.T(lang, "dayshort") + " " + itoa(hours) + " " + web.T(lang, "hourshort")
	case hours > 0:
		return itoa(hours) + " " + web.T(lang, "hourshort") + " " + pad2(minutes)
	}
	return itoa(minutes) + " min"
}

func itoa(n int) string { return strconv.Itoa(n) }

func pad2(n int) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}

type myGamesData struct {
	Games    []myGame
	YourTurn int
}

func (og *ownGames) MyGamesPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if og.members.accountsOff(w, r, lang) {
		return
	}
	u := og.members.CurrentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=/my-games", http.StatusSeeOther)
		return
	}
	games, err := og.myGames(r.Context(), u.Name, lang)
	if err != nil {
		og.web.InternalError(w, r, lang, "my games", err)
		return
	}
	d := myGamesData{Games: games}
	for _, g := range games {
		if g.YourTurn {
			d.YourTurn++
		}
	}
	og.web.Render(w, r, lang, "mygames", web.T(lang, "mygames"), http.StatusOK, d)
}

// turnsCache keeps the reminder's last count per account with what it
// was counted from (the ongoing games and when each was last written):
// every page of a logged-in player asks, and counting reads and replays up
// to myGamesLimit games, which a player asking in a loop must not repeat
// while nothing changed. At most maxClients accounts are kept (beyond, it
// starts again empty).
type turnsCache struct {
	mu     sync.Mutex
	byUser map[string]turnsCount
}

type turnsCount struct {
	from string // the games' ids and update times
	n    int
}

// MyTurns says in how many games it is the account's turn, for the
// reminder in every page's header and title.
func (og *ownGames) MyTurns(w http.ResponseWriter, r *http.Request) {
	u := og.members.CurrentUser(r)
	if u == nil {
		http.Error(w, "log in first", http.StatusUnauthorized)
		return
	}
	list, err := og.ongoingOf(r.Context(), u.Name)
	if err != nil {
		og.InternalError(w, r, "my turns", err)
		return
	}
	var from strings.Builder
	for _, g := range list {
		fmt.Fprintf(&from, "%s %d,", g.ID, g.UpdatedAt.UnixMilli())
	}
	c, key := &og.turns, store.UserKey(u.Name)
	c.mu.Lock()
	last, ok := c.byUser[key]
	c.mu.Unlock()
	n := last.n
	if !ok || last.from != from.String() {
		games, err := og.myGamesOf(r.Context(), u.Name, "en", list)
		if err != nil {
			og.InternalError(w, r, "my turns", err)
			return
		}
		n = 0
		for _, g := range games {
			if g.YourTurn {
				n++
			}
		}
		c.mu.Lock()
		if c.byUser == nil || len(c.byUser) >= og.maxClients {
			c.byUser = map[string]turnsCount{}
		}
		c.byUser[key] = turnsCount{from: from.String(), n: n}
		c.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]int{"yourTurn": n})
}
