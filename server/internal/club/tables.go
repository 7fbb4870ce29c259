package club

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The lobby's tables are its games for two to four players, as on Board
// Game Arena: the host chooses the variant, the clock (real time or days
// per move), rated or casual, and each seat: his own, open to anyone,
// reserved for a named player, or a computer. Players take the open seats
// (a team is chosen by the seat); the game starts in the store's
// transaction that fills the last seat, so that of players racing for it,
// on any server, exactly one sits. Until then a player may leave his seat,
// and the host may put a computer at an empty seat or close the table.
// Open tables expire. The store keeps them (store.Tables); every change is
// announced like a challenge's (LobbyChanged), and the lobby and the
// table's page fetch them again.

// DefaultTableLifetime is how long a table of real-time games waits for
// its players; DefaultCorrespondenceTableLifetime one of days per move.
const (
	DefaultTableLifetime               = time.Hour
	DefaultCorrespondenceTableLifetime = 7 * 24 * time.Hour
)

// tableLevels are the computer levels a table's seat may have: the levels
// of the computer players (in three and four, each sees a whole round:
// docs/ai.md), not the operator's engines, whose cost no table host
// should pick for others.
var tableLevels = []string{"easy", "medium", "hard"}

// tables is the lobby's tables: their pages, their part of the lobby and
// of the bots' API, and their expiry.
type tables struct {
	*site.Env
	web     *web.Shell
	cfg     Config
	store   store.Tables // nil: the store keeps no tables
	lobby   *lobby
	members *members
	ratings *ratings
}

func newTables(env *site.Env, cfg Config, lb *lobby, m *members, rg *ratings) *tables {
	tb := &tables{Env: env, cfg: cfg, lobby: lb, members: m, ratings: rg}
	tb.store, _ = cfg.Store.(store.Tables)
	if tb.cfg.TableLifetime == 0 {
		tb.cfg.TableLifetime = DefaultTableLifetime
	}
	if tb.cfg.CorrespondenceTableLifetime == 0 {
		tb.cfg.CorrespondenceTableLifetime = DefaultCorrespondenceTableLifetime
	}
	return tb
}

// tableChoice is one variant a table can be for, with what the form needs
// to draw its seats.
type tableChoice struct {
	Value, Label string
	Players      int
	Seats        string // the seats' names, "|" between them
	Teams        string // each seat's team, "," between them ("" without teams)
	Readings     bool
}

// tableChoices are the variants of every game, of every player count.
func tableChoices(lang string) []tableChoice {
	var out []tableChoice
	for _, vc := range games.VariantChoices(lang, func(v *game.Variant) bool { return v.Players >= 2 && v.Players <= store.MaxTableSeats }) {
		v := vc.Variant
		c := tableChoice{Value: vc.Value, Label: vc.Label, Players: v.Players, Readings: len(v.Readings()) > 0}
		names, teams := make([]string, v.Players), make([]string, v.Players)
		for i := range names {
			names[i] = v.SeatName(i, lang)
			teams[i] = fmt.Sprint(v.Team(i))
		}
		c.Seats = strings.Join(names, "|")
		if games.Sides(v) < v.Players {
			c.Teams = strings.Join(teams, ",")
		}
		out = append(out, c)
	}
	return out
}

// seatRow is a table's seat as pages show it.
type seatRow struct {
	Index             int    // 0-based
	Name              string // the variant's name of the seat ("South", "Red")
	Team              string // "team 1" with teams, else ""
	Kind              string // store.SeatOpen, SeatReserved, SeatTaken or SeatComputer
	User, Reserved    string
	Level             string // a computer's level, in words
	Rating            string // the sitting player's rating in the variant
	Mine, CanTake     bool   // the viewer sits here; the viewer may sit here
	CanSetComputer    bool   // the viewer is the host and the seat is empty
	CanOpen           bool   // the viewer is the host and a computer sits here
	IsHost            bool
	ReservedForViewer bool
}

// tableRow is a table as the lobby and its page show it.
type tableRow struct {
	ID, Host, Game, Variant, Clock, Status, GameLink string
	Rated, Mine, Seated, ForMe, Open                 bool
	Players, Free                                    int
	Seats                                            []seatRow
	Leaver                                           string // the level playing a leaver's seat, for three or four without teams
	Levels                                           []levelChoice
}

type levelChoice struct{ Value, Label string }

// levelChoices are the computer levels in words.
func levelChoices(lang string) []levelChoice {
	out := make([]levelChoice, len(tableLevels))
	for i, l := range tableLevels {
		out[i] = levelChoice{l, levelWords(l, lang)}
	}
	return out
}

// levelWords names a computer level ("easy" → "facile").
func levelWords(level, lang string) string {
	if web.Has("level:" + level) {
		return web.T(lang, "level:"+level)
	}
	return level
}

// tableRow shows t to user ("" for a visitor).
func (tb *tables) tableRow(ctx context.Context, t *store.Table, user, lang string, book *ratingBook) tableRow {
	row := tableRow{ID: t.ID, Host: t.Host, Game: t.GameID, Variant: games.OptionsText(t.Options, lang),
		Clock: clockText(t.ClockMillis, t.IncrementMillis, t.MoveDays, lang), Status: t.Status,
		Rated: t.Rated, Open: t.Status == store.TableOpen, Players: len(t.Seats), Levels: levelChoices(lang)}
	key := store.UserKey(user)
	row.Mine = user != "" && store.UserKey(t.Host) == key
	row.Seated = user != "" && t.SeatOf(user) >= 0
	var v *game.Variant
	if g, err := game.Lookup(t.GameID); err == nil {
		row.Game = g.Name.In(lang)
		if opts, err := game.ParseOptions(t.Options); err == nil {
			v, _ = g.Variant(opts)
		}
	}
	if v != nil && v.Players > 2 && games.Sides(v) == v.Players {
		row.Leaver = levelWords(leaverLevel(t.LeaverAgent), lang)
	}
	if t.Status == store.TableStarted && row.Seated {
		row.GameLink = "/games/" + t.Game
	}
	for i, s := range t.Seats {
		sr := seatRow{Index: i, Kind: s.Kind(), User: s.User, Reserved: s.Reserved, IsHost: s.User != "" && store.UserKey(s.User) == store.UserKey(t.Host)}
		if v != nil {
			sr.Name = v.SeatName(i, lang)
			if games.Sides(v) < v.Players {
				sr.Team = fmt.Sprintf(web.T(lang, "table:team"), v.Team(i)+1)
			}
		} else {
			sr.Name = fmt.Sprintf(web.T(lang, "table:seatn"), i+1)
		}
		if s.Agent != "" {
			sr.Level = levelWords(s.Agent, lang)
		}
		if s.User != "" && book != nil {
			sr.Rating = book.of(ctx, s.User, variantKey(t.GameID, t.Options))
		}
		sr.Mine = user != "" && s.User != "" && store.UserKey(s.User) == key
		sr.ReservedForViewer = user != "" && s.Reserved != "" && store.UserKey(s.Reserved) == key
		if !s.Filled() {
			row.Free++
			sr.CanTake = row.Open && user != "" && whyNotSeat(t, i, user) == ""
			sr.CanSetComputer = row.Open && row.Mine
		}
		if sr.ReservedForViewer && !s.Filled() {
			row.ForMe = true
		}
		sr.CanOpen = row.Open && row.Mine && s.Agent != ""
		row.Seats = append(row.Seats, sr)
	}
	return row
}

// leaverLevel is the level that plays a leaver's seat.
func leaverLevel(agent string) string {
	if agent == "" {
		return "easy"
	}
	return agent
}

// startGame is the game a full table becomes (store.StartTable): the
// players at their seats, the computers at theirs. A computer at the
// table, or a bot account when bots are not rated, makes it casual:
// neither has a rating a result could be weighed against. bots names the
// bot accounts among the players (looked up before the store's
// transaction).
func (tb *tables) startGame(bots map[string]bool) store.StartTable {
	return func(t *store.Table) (*store.Game, error) {
		now := tb.Now().UTC()
		g := &store.Game{ID: games.NewID(), GameID: t.GameID, Options: t.Options, Result: store.Ongoing,
			Casual: !t.Rated, Rated: t.Rated, ClockMillis: t.ClockMillis, IncrementMillis: t.IncrementMillis,
			MoveDays: t.MoveDays, LeaverAgent: t.LeaverAgent, CreatedAt: now, UpdatedAt: now, Seats: make([]store.Seat, len(t.Seats))}
		for i, s := range t.Seats {
			switch {
			case s.Agent != "":
				g.Seats[i] = store.Seat{Kind: "computer", Agent: s.Agent}
				g.Rated, g.Casual = false, true
			case s.User != "":
				g.Seats[i] = store.Seat{Kind: "human", Name: s.User, User: s.User}
				if bots[store.UserKey(s.User)] && !tb.cfg.RateBots {
					g.Rated, g.Casual = false, true
				}
			default:
				return nil, fmt.Errorf("table %s: seat %d is empty", t.ID, i+1)
			}
		}
		return g, nil
	}
}

// botsAt names the bot accounts among the players of t and the newcomer.
func (tb *tables) botsAt(ctx context.Context, t *store.Table, newcomer *store.User) map[string]bool {
	bots := map[string]bool{}
	if newcomer != nil && newcomer.Bot {
		bots[store.UserKey(newcomer.Name)] = true
	}
	acc := tb.members.limits.accountsOfStore
	if acc == nil {
		return bots
	}
	for _, s := range t.Seats {
		if s.User == "" {
			continue
		}
		if u, err := acc.LoadUser(ctx, s.User); err == nil && u.Bot {
			bots[store.UserKey(s.User)] = true
		}
	}
	return bots
}

// checkLevel says whether level is one a table's seat may have.
func checkLevel(level string) bool {
	for _, l := range tableLevels {
		if l == level {
			return true
		}
	}
	return false
}

// ExpireTables marks the expired tables (a maintenance chore).
func (tb *tables) ExpireTables() {
	if tb.store != nil {
		tb.lobby.expire("tables", tb.store.ExpireTables)
	}
}

// maxListedTables bounds the tables the lobby lists.
const maxListedTables = 200

// addOpenTables puts the open tables in the lobby's data, the visitor's
// own first.
func (tb *tables) addOpenTables(ctx context.Context, d *lobbyData, lang string) error {
	if tb.store == nil {
		return nil
	}
	list, err := tb.store.OpenTables(ctx, tb.Now(), maxListedTables)
	if err != nil {
		return err
	}
	book := tb.ratings.ratingBook()
	var mine, others []tableRow
	for i := range list {
		row := tb.tableRow(ctx, &list[i], d.User, lang, book)
		if row.Seated {
			mine = append(mine, row)
			d.MyTables = append(d.MyTables, row.ID)
		} else {
			others = append(others, row)
		}
	}
	d.Tables = append(mine, others...)
	return nil
}
