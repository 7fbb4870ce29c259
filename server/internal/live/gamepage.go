package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/engineasset"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

func init() {
	// The strings of the game page's script (its data-msg), besides
	// those of the abort and rematch (abort.go) and the club's.
	web.RegisterJS("chatspectators", "chatremoved", "chatdelete", "dayshort", "hourshort", "chooseMove", "cancel", "tomove", "you", "spectator", "connecting",
		"disconnected", "thinking", "gameover", "draw", "wins", "drawoffered", "undoasked",
		"waiting", "declined", "accept", "decline", "over", "passes", "invitelinks", "watchlink",
		"flipboard", "copy", "copied", "rematch", "playrematch", "historyview", "startview", "backtolive",
		"notlive", "online", "offline", "partner", "newgame", "replay", "lastmove", "sent:draw", "sent:over",
		"hint", "hintsearching", "hintsone", "hintsmany", "hintmoves", "hintmove", "hinted")
}

// gamePageData is the game page; the script gets the rest over WebSocket.
type gamePageData struct {
	ID, GameID, Name, Options string
	Picture                   template.HTML
	Moves                     []string
	Finished                  bool
	Result, Reason            string
	Outcome                   string // the end in words
	Players                   []string
	Messages                  string // JSON, for the script, in a data attribute
	Ratings                   string // JSON: per seat, its account's rating in the variant ("" without)
	Engine                    string // JSON: the addresses of the browser's rules engine (engineasset)

	// Tourney is a tournament's game's line: its tournament and round.
	Tourney *tourneyLink
}

// GamePage is a game's page: the board, the moves, the players; the
// script gets the rest over the WebSocket (ServeWS).
func (lv *Live) GamePage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	g, m, err := lv.games.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		lv.loadFailed(w, r, lang, err)
		return
	}
	d := gamePageData{ID: g.ID, GameID: g.GameID, Name: m.Variant().Game.Name.In(lang), Options: games.OptionsText(g.Options, lang),
		Picture: lv.Web.Picture(m.State(), lang), Moves: m.Notations(), Finished: g.Result != "*",
		Result: g.Result, Reason: g.Reason, Outcome: games.OutcomeWithRanking(g, m, lang)}
	msgs, err := json.Marshal(web.JSMessages(lang))
	if err != nil {
		lv.Web.InternalError(w, r, lang, "game page", err)
		return
	}
	d.Messages = string(msgs)
	d.Engine = engineasset.Load().PageJSON()
	d.Ratings = lv.club.SeatRatingsJSON(r.Context(), g)
	d.Tourney = lv.tourneyOf(r.Context(), g.ID, lang)
	for i, seat := range g.Seats {
		d.Players = append(d.Players, games.SeatLabel(m.Variant(), i, seat, lang))
	}
	lv.Web.Render(w, r, lang, "game", m.Variant().Title(lang), http.StatusOK, d)
}

func (lv *Live) loadFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		lv.Web.Fail(w, r, lang, http.StatusNotFound, "no such game")
		return
	}
	lv.Web.InternalError(w, r, lang, "load game", err)
}

// plainMatch loads the game of the URL for an answer that is not a page
// (a drawing, a record): a plain 404, or an internal error with its
// reference; ok is false when the answer is given.
func (lv *Live) plainMatch(w http.ResponseWriter, r *http.Request) (*store.Game, *game.Match, bool) {
	g, m, err := lv.games.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			http.NotFound(w, r)
			return nil, nil, false
		}
		lv.InternalError(w, r, "load game", err)
		return nil, nil, false
	}
	return g, m, true
}

// GameSVG draws a game's position.
func (lv *Live) GameSVG(w http.ResponseWriter, r *http.Request) {
	_, m, ok := lv.plainMatch(w, r)
	if !ok {
		return
	}
	games.WriteSVG(w, r, m, lv.render, lv.InternalError)
}

// GameRecord downloads a game as a record file.
func (lv *Live) GameRecord(w http.ResponseWriter, r *http.Request) {
	g, m, ok := lv.plainMatch(w, r)
	if !ok {
		return
	}
	rec := lv.gameRecordOf(g, m)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.txt"`, g.GameID, g.ID))
	io.WriteString(w, record.Format(rec))
}

// gameRecordOf writes a stored game as a record: the match gives the moves
// and start, the store who played and how a game ended outside the rules
// (resignation, agreement, time).
func (lv *Live) gameRecordOf(g *store.Game, m *game.Match) *record.Record {
	rec := record.FromMatch(m)
	for _, seat := range g.Seats {
		name := web.CleanText(seat.Name, web.MaxNameRunes)
		if name == "" {
			name = seat.Kind
			if seat.Kind == "computer" {
				name = "computer " + lv.agents.PublicAgent(seat.Agent)
			}
		}
		rec.Players = append(rec.Players, name)
	}
	rec.Date = record.FormatDate(g.CreatedAt)
	rec.Hints = recordHints(g)
	rec.Tags = append(rec.Tags, leaveTags(g, m)...)
	if g.Result != "*" && !rec.Result.Ended() {
		if res, err := record.ParseResult(g.Result); err == nil {
			res.Reason = g.Reason
			rec.Result = res
		}
	}
	return rec
}

// GamePreview draws, small, the position after a move the player hesitates
// over (?ply=N&move=NOTATION: a legal move of the position after N moves),
// with the move marked: the pictures of the dialog that asks which of
// several moves sharing the same clicks is meant.
func (lv *Live) GamePreview(w http.ResponseWriter, r *http.Request) {
	_, m, ok := lv.plainMatch(w, r)
	if !ok {
		return
	}
	ply, err := games.PlyParam(r, len(m.Notations()))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	notation := r.FormValue("move")
	if notation == "" || len(notation) > game.MaxInput {
		http.Error(w, fmt.Sprintf("move: a legal move in notation, at most %d bytes", game.MaxInput), http.StatusBadRequest)
		return
	}
	before, err := games.PositionAt(m, ply)
	if err != nil {
		lv.InternalError(w, r, "replay", err)
		return
	}
	mv, err := before.ParseMove(notation)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	after := before.Clone()
	last := lv.render.Places(before, mv)
	after.Apply(mv)
	svg, err := lv.render.SVG(after, render.Options{Size: 200, NoCoordinates: true, LastMove: last,
		Lang: web.NormLang(r.FormValue("lang")), Flip: r.FormValue("flip") == "1", Status: " "})
	if err != nil {
		lv.InternalError(w, r, "draw", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(svg)
}
