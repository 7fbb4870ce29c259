package catalog

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

type archiveData struct {
	Games []games.ArchiveRow
	Next  int
	// A record that could not be read, back in the form with the reason.
	Record, Error string
}

// Archive is GET /archive: the finished games, newest first, 50 a page,
// and the form to view or analyse a record.
func (ct *Catalog) Archive(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
	offset = max(offset, 0)
	finished := true
	const perPage = 50
	list, err := ct.Store.ListGames(r.Context(), store.Filter{Finished: &finished, Limit: perPage, Offset: offset})
	if err != nil {
		ct.Web.InternalError(w, r, lang, "list games", err)
		return
	}
	d := archiveData{Games: games.ArchiveRows(list, lang)}
	if len(list) == perPage {
		d.Next = offset + perPage
	}
	ct.Web.Render(w, r, lang, "archive", web.T(lang, "archive"), http.StatusOK, d)
}

type viewData struct {
	Name, Options, Text, Result, Reason string
	Outcome                             string // in words
	Moves                               []string
	Players                             []string
	Picture                             template.HTML
}

// ViewRecord shows an uploaded record with move navigation. Nothing is
// stored: the page keeps the record text and asks /archive/svg for each
// position.
func (ct *Catalog) ViewRecord(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	rec, text, err := games.ReadRecord(w, r)
	if err != nil {
		ct.BadRecord(w, r, lang, text, err)
		return
	}
	m, err := rec.Replay()
	if err != nil {
		ct.BadRecord(w, r, lang, text, err)
		return
	}
	d := viewData{Name: m.Variant().Game.Name.In(lang), Options: games.OptionsText(rec.Options.String(), lang), Text: text,
		Result: rec.Result.String(), Reason: rec.Result.Reason, Moves: m.Notations(),
		Picture: ct.Web.Picture(m.State(), lang)}
	var seats []store.Seat
	for _, name := range rec.Players {
		seats = append(seats, store.Seat{Name: name})
	}
	d.Outcome = games.OutcomeSentence(m.Variant(), seats, rec.Result.String(), rec.Result.Reason, lang)
	for _, name := range rec.Players {
		d.Players = append(d.Players, web.CleanText(name, web.MaxNameRunes))
	}
	// The hints each seat had, from the record's Hints tag.
	for seat, plies := range rec.Hints {
		if len(plies) == 0 {
			continue
		}
		for len(d.Players) <= seat {
			d.Players = append(d.Players, m.Variant().SeatName(len(d.Players), lang))
		}
		d.Players[seat] += " — " + games.HintsText(plies, lang)
	}
	ct.Web.Render(w, r, lang, "view", web.T(lang, "uploadedtitle"), http.StatusOK, d)
}

// RecordSVG is POST /archive/svg: a position of an uploaded record
// (?ply=) as SVG.
func (ct *Catalog) RecordSVG(w http.ResponseWriter, r *http.Request) {
	rec, _, err := games.ReadRecord(w, r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	m, err := rec.Replay()
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	games.WriteSVG(w, r, m, ct.Web.Renderer(), ct.InternalError)
}

// BadRecord answers an upload that could not be read with the archive
// page again: the reason above the form, and the text kept in it to be
// corrected, rather than a bare error page that loses what was pasted.
func (ct *Catalog) BadRecord(w http.ResponseWriter, r *http.Request, lang, text string, err error) {
	finished := true
	list, lerr := ct.Store.ListGames(r.Context(), store.Filter{Finished: &finished, Limit: 50})
	if lerr != nil {
		ct.Web.InternalError(w, r, lang, "list games", lerr)
		return
	}
	d := archiveData{Games: games.ArchiveRows(list, lang), Record: text,
		Error: fmt.Sprintf(web.T(lang, "uploaderror"), strings.TrimSuffix(game.ErrorText(err, lang), "."))}
	if len(list) == 50 {
		d.Next = 50
	}
	ct.Web.Render(w, r, lang, "archive", web.T(lang, "archive"), http.StatusBadRequest, d)
}
