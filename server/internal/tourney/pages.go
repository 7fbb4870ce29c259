package tourney

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// bg is the context of a background step.
func (tn *Tourney) bg() (context.Context, context.CancelFunc) {
	return context.WithTimeout(tn.Ctx, storeWait)
}

// listRow is a tournament in the list.
type listRow struct {
	ID, Name, Director, Kind, Game, Clock, Starts, Length string
	Players                                               int
	Rated, Bots, Computers                                bool
}

// variantChoice is a two-player variant of the form.
type variantChoice struct{ Value, Label string }

// listData is the list page's.
type listData struct {
	Sections           []listSection
	Choices            []variantChoice
	Now                string
	MaxRounds, MaxName int
}

// listSection is one part of the list: running, upcoming or finished.
type listSection struct {
	ID, Key string
	Rows    []listRow
}

// maxListed bounds each part of the list.
const maxListed = 100

// List is GET /tournaments: upcoming, running and finished tournaments,
// and the form of a new one.
func (tn *Tourney) List(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) {
		return
	}
	// The form proposes a start in an hour: with automatic pairing, the
	// sweep starts a tournament once its time has come.
	d := listData{Now: tn.Now().UTC().Add(time.Hour).Truncate(time.Minute).Format("2006-01-02T15:04"), MaxRounds: store.MaxTournamentRounds, MaxName: store.MaxTournamentName}
	for _, part := range []struct{ status, key string }{
		{store.TournamentRunning, "tn:running"}, {store.TournamentUpcoming, "tn:upcoming"}, {store.TournamentFinished, "tn:finishedlist"}} {
		list, err := tn.st.ListTournaments(r.Context(), part.status, maxListed)
		if err != nil {
			tn.web.InternalError(w, r, lang, "list tournaments", err)
			return
		}
		sec := listSection{ID: "tn-" + part.status, Key: part.key}
		for i := range list {
			sec.Rows = append(sec.Rows, tn.row(&list[i], lang))
		}
		d.Sections = append(d.Sections, sec)
	}
	d.Choices = variantChoices(lang)
	tn.web.Render(w, r, lang, "tournaments", web.T(lang, "tn:title"), http.StatusOK, d)
}

// row shows t in a list.
func (tn *Tourney) row(t *store.Tournament, lang string) listRow {
	row := listRow{ID: t.ID, Name: t.Name, Director: t.Director, Kind: web.T(lang, "tn:kind:"+t.Kind), Game: t.GameID,
		Clock: clockText(t.ClockMillis, t.IncrementMillis, t.MoveDays, lang), Players: t.Entries, Rated: t.Rated, Bots: t.Bots, Computers: t.Computers,
		Starts: t.StartsAt.UTC().Format("2006-01-02 15:04") + " UTC"}
	if g, err := game.Lookup(t.GameID); err == nil {
		row.Game = g.Name.In(lang)
	}
	if o := games.OptionsText(t.Options, lang); o != "" {
		row.Game += " — " + o
	}
	switch t.Kind {
	case store.TournamentArena:
		row.Length = web.CountWords(lang, int(t.DurationMillis/60000), "n:tn:minutes")
	case store.TournamentSwiss:
		row.Length = web.CountWords(lang, t.Rounds, "n:tn:rounds")
	default:
		if t.Rounds > 0 {
			row.Length = web.CountWords(lang, t.Rounds, "n:tn:rounds")
		}
	}
	return row
}

// clockText is a clock in words: "5+3", or days per move.
func clockText(clock, inc int64, days int, lang string) string {
	if days > 0 {
		return web.CountWords(lang, days, "n:daysamove")
	}
	if clock == 0 {
		return web.T(lang, "tn:noclock")
	}
	return strconv.FormatFloat(float64(clock)/60000, 'f', -1, 64) + "+" + strconv.FormatFloat(float64(inc)/1000, 'f', -1, 64)
}

// variantChoices are the variants of two players, and of three and four
// for tournaments at tables (said so in their names).
func variantChoices(lang string) []variantChoice {
	var out []variantChoice
	for _, vc := range games.VariantChoices(lang, func(v *game.Variant) bool { return v.Players >= 2 && v.Players <= 4 }) {
		label := vc.Label
		if vc.Variant.Players > 2 {
			label += " — " + web.T(lang, "tn:tablesonly")
		}
		out = append(out, variantChoice{Value: vc.Value, Label: label})
	}
	return out
}

// boardRow is one board of a round as the page shows it.
type boardRow struct {
	Round, Board         int
	White, Black         string
	Game, Result         string
	Others               []string
	Bye, Mine, Corrected bool
	Table                bool   // three or four players: the result is the ranks
	Ranks                string // a table's result in words: "1st bruno, dave · 2nd alice, carol"
	Pending              bool
}

// roundRows is one round's boards.
type roundRows struct {
	Round  int
	Boards []boardRow
}

// entrantRow is one player of the list of players.
type entrantRow struct {
	User      string
	Rating    int
	Withdrawn bool
	Name      string // as the page shows User (a computer's in words)
	Computer  bool   // a computer player, which the director may take out
}

// pageData is a tournament's page.
type pageData struct {
	listRow
	Status, Info                           string
	IsDirector, Entered, LoggedIn, CanJoin bool
	CanStart, CanPair, CanFinish           bool
	Closed                                 bool
	Invited                                []string
	NextRound, Paired                      int
	Entrants                               []entrantRow
	Rounds                                 []roundRows // latest first
	MyGames                                []boardRow  // the viewer's games on now
	Standings                              []standingRow
	TieBreaks                              []string
	Cross                                  []crossRow
	RoundNumbers                           []int
	Arena, Tables                          bool
	EndsAt                                 string
	Results                                []string
	TRF                                    bool
	CrossHint                              string // the crosstable's legend, its seats named as the game names them
	CanAddComputer                         bool   // the director may enter computer players now
	Levels                                 []levelChoice
}

// pageOf is what the page of t shows to u (nil: a visitor).
func (tn *Tourney) pageOf(t *store.Tournament, u *store.User, lang string) pageData {
	d := pageData{listRow: tn.row(t, lang), Status: t.Status, Closed: t.Closed, Invited: t.Invited,
		Paired: t.Paired, NextRound: t.Paired + 1, Arena: t.Kind == store.TournamentArena, Tables: t.Kind == store.TournamentTables, Results: store.TournamentResults}
	me := ""
	if u != nil {
		me = u.Name
		d.LoggedIn = true
		d.IsDirector = directs(u, t)
	}
	levels := agents(t)
	name := func(n string) string { return displayName(n, levels, lang) }
	for _, e := range t.Entrants {
		d.Entrants = append(d.Entrants, entrantRow{User: e.User, Rating: e.Rating, Withdrawn: e.Withdrawn,
			Name: name(e.User), Computer: store.IsComputerEntrant(e.User)})
		if me != "" && store.UserKey(e.User) == store.UserKey(me) && !e.Withdrawn {
			d.Entered = true
		}
	}
	open := t.Status == store.TournamentUpcoming || t.Status == store.TournamentRunning && t.Kind == store.TournamentArena
	d.CanJoin = open && d.LoggedIn && !d.Entered && (!t.Closed || invitedIn(t, me)) && u != nil && (!u.Bot || t.Bots)
	d.CanStart = d.IsDirector && t.Status == store.TournamentUpcoming && t.Entries >= 2
	d.CanPair = d.IsDirector && t.Status == store.TournamentRunning && t.Kind != store.TournamentArena &&
		t.Paired < t.Rounds && roundDone(t, t.Paired)
	d.CanFinish = d.IsDirector && t.Status == store.TournamentRunning
	d.CanAddComputer = d.IsDirector && t.Computers && open
	if d.CanAddComputer {
		d.Levels = levelChoices(lang)
	}
	if d.Arena && !t.StartedAt.IsZero() {
		d.EndsAt = t.StartedAt.Add(time.Duration(t.DurationMillis) * time.Millisecond).UTC().Format("2006-01-02 15:04 UTC")
	}
	byRound := map[int][]boardRow{}
	for _, p := range t.Pairings {
		var others []string
		for _, o := range p.Others {
			others = append(others, name(o))
		}
		b := boardRow{Round: p.Round, Board: p.Board, White: name(p.White), Black: name(p.Black), Others: others, Game: p.Game, Result: p.Result,
			Bye: p.Black == "", Corrected: p.Corrected, Pending: p.Result == "", Table: len(p.Others) > 0}
		if b.Bye {
			b.Result = "+"
		}
		if b.Table && !b.Pending {
			var seats []string
			for _, s := range p.Seats() {
				seats = append(seats, name(s))
			}
			b.Ranks = ranksInWords(p.Result, seats, lang)
		}
		for _, name := range p.Seats() {
			b.Mine = b.Mine || me != "" && store.UserKey(name) == store.UserKey(me)
		}
		if b.Mine && b.Pending && b.Game != "" {
			d.MyGames = append(d.MyGames, b)
		}
		byRound[p.Round] = append(byRound[p.Round], b)
	}
	for r := t.Paired; r >= 1; r-- {
		if d.Arena && len(d.Rounds) == 1 {
			// An arena's pairings are not rounds: its games in one
			// table, the latest first.
			d.Rounds[0].Boards = append(d.Rounds[0].Boards, byRound[r]...)
			continue
		}
		d.Rounds = append(d.Rounds, roundRows{Round: r, Boards: byRound[r]})
	}
	d.Standings, d.TieBreaks = standings(t)
	for i, col := range d.TieBreaks {
		// The abbreviations of the tie-breaks are FIDE's in both
		// languages, but for the count of first places.
		if col == "1st" {
			d.TieBreaks[i] = web.T(lang, "tn:firstscol")
		}
	}
	for i := range d.Standings {
		d.Standings[i].Name = name(d.Standings[i].Player)
		d.Standings[i].Computer = store.IsComputerEntrant(d.Standings[i].Player)
	}
	d.Cross = crosstable(t, d.Standings, lang)
	for i := range d.Cross {
		d.Cross[i].Player = name(d.Cross[i].Player)
	}
	if d.Cross != nil {
		marks, names := seatMarks(t, lang)
		d.CrossHint = fmt.Sprintf(web.T(lang, "tn:crosshint"), marks[0], names[0], marks[1], names[1])
	}
	for r := 1; r <= t.Paired && !d.Arena; r++ {
		d.RoundNumbers = append(d.RoundNumbers, r)
	}
	// The report is for two-player rounds: not an arena's, nor tables'.
	d.TRF = !d.Arena && !d.Tables && t.Paired > 0 && roundDone(t, t.Paired)
	switch t.Status {
	case store.TournamentUpcoming:
		d.Info = fmt.Sprintf(web.T(lang, "tn:startsat"), d.Starts)
	case store.TournamentRunning:
		if d.Arena {
			d.Info = fmt.Sprintf(web.T(lang, "tn:arenaends"), d.EndsAt)
		} else {
			d.Info = fmt.Sprintf(web.T(lang, "tn:roundof"), t.Paired, t.Rounds)
		}
	default:
		d.Info = web.T(lang, "tn:finished")
	}
	return d
}

func invitedIn(t *store.Tournament, user string) bool {
	for _, n := range t.Invited {
		if store.UserKey(n) == store.UserKey(user) {
			return true
		}
	}
	return false
}

// Page is GET /tournaments/{id}.
func (tn *Tourney) Page(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) {
		return
	}
	t := tn.loadFor(w, r, lang)
	if t == nil {
		return
	}
	tn.web.Render(w, r, lang, "tournament", t.Name, http.StatusOK, tn.pageOf(t, tn.currentUser(r), lang))
}

// Part is GET /tournaments/{id}/part: the page's body alone, which its
// script fetches when the tournament changes.
func (tn *Tourney) Part(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) {
		return
	}
	t := tn.loadFor(w, r, lang)
	if t == nil {
		return
	}
	u := tn.currentUser(r)
	pg := web.Page{Lang: lang, Data: tn.pageOf(t, u, lang)}
	if u != nil {
		pg.User = u.Name
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := tn.web.Fragment(w, "tournament", "tournamentbody", pg); err != nil {
		tn.LogError("tournament part", err)
	}
}

const (
	// MaxStreams bounds the open streams of tournament pages on one
	// server; beyond, pages fall back on fetching every 15 seconds.
	MaxStreams = 5000
)

// Events is GET /tournaments/{id}/events: a stream of server-sent
// events, one "changed" per change of the tournament (on any server).
func (tn *Tourney) Events(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) {
		return
	}
	id := r.PathValue("id")
	if !games.ValidID(id) {
		http.NotFound(w, r)
		return
	}
	if tn.hub.count() >= MaxStreams {
		tn.Refuse(r, "tournament streams")
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	ch, done := tn.hub.subscribe(id)
	defer done()
	web.EventStream(w, r, ch, tn.Stopping, nil)
}

// ranksInWords is a table's result ("2,1,2,1": each seat's rank) in words,
// the places in order with their players: "1st bruno, dave · 2nd alice,
// carol"; "" when it cannot be read (the page shows it as stored).
func ranksInWords(result string, seats []string, lang string) string {
	seatRanks, err := store.TableRanks(result, len(seats))
	if err != nil {
		return ""
	}
	byRank := map[int][]string{}
	var ranks []int
	for i, r := range seatRanks {
		if byRank[r] == nil {
			ranks = append(ranks, r)
		}
		byRank[r] = append(byRank[r], seats[i])
	}
	sort.Ints(ranks)
	out := make([]string, len(ranks))
	for i, r := range ranks {
		out[i] = games.Ordinal(r, lang) + " " + strings.Join(byRank[r], ", ")
	}
	return strings.Join(out, " · ")
}
