package club

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// A table's pages: GET /tables/{id} (everyone may look; a player sitting
// there follows to the game when it starts), its seats alone for the
// page's script, and what became of it.

// loadTable loads the table of the request's path, or answers: a page
// that says it does not exist, or an error.
func (tb *tables) loadTable(w http.ResponseWriter, r *http.Request, lang string) *store.Table {
	id := r.PathValue("id")
	if !games.ValidID(id) {
		tb.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "table:notfound"))
		return nil
	}
	t, err := tb.store.LoadTable(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		tb.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "table:notfound"))
		return nil
	case err != nil:
		tb.web.InternalError(w, r, lang, "load table", err)
		return nil
	}
	return t
}

// tablePage is the data of a table's page.
type tablePage struct {
	User    string
	Table   tableRow
	Error   string
	Refresh int
}

func (tb *tables) tablePage(r *http.Request, t *store.Table, lang string) tablePage {
	d := tablePage{Refresh: int(lobbyRefresh.Milliseconds())}
	if u := tb.members.CurrentUser(r); u != nil {
		d.User = u.Name
	}
	d.Table = tb.tableRow(r.Context(), t, d.User, lang, tb.ratings.ratingBook())
	return d
}

// Table is GET /tables/{id}: the table's page, for everyone (a link to it
// can be sent around); a player sitting there is taken to the game when
// it starts.
func (tb *tables) Table(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tb.tableOff(w, r, lang) {
		return
	}
	t := tb.loadTable(w, r, lang)
	if t == nil {
		return
	}
	d := tb.tablePage(r, t, lang)
	d.Error = tableMessage(r.URL.Query().Get("error"), lang)
	title := fmt.Sprintf(web.T(lang, "table:title"), d.Table.Game)
	tb.web.Render(w, r, lang, "table", title, http.StatusOK, d)
}

// TablePart is GET /tables/{id}/part: the table's seats alone, which its
// page fetches when the lobby changes.
func (tb *tables) TablePart(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tb.tableOff(w, r, lang) {
		return
	}
	t := tb.loadTable(w, r, lang)
	if t == nil {
		return
	}
	d := tb.tablePage(r, t, lang)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := tb.web.Fragment(w, "table", "tablebody", web.Page{Lang: lang, User: d.User, Data: d}); err != nil {
		tb.Log.Warn("table part", "error", err)
	}
}

// TableStatus is GET /tables/{id}/status: what became of a table (open,
// started, closed, expired), and the game's id for the players sitting
// there.
func (tb *tables) TableStatus(w http.ResponseWriter, r *http.Request) {
	if tb.store == nil || !games.ValidID(r.PathValue("id")) {
		http.NotFound(w, r)
		return
	}
	t, err := tb.store.LoadTable(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		tb.InternalError(w, r, "table status", err)
		return
	}
	out := map[string]string{"status": t.Status}
	if u := tb.members.CurrentUser(r); u != nil && t.Game != "" && t.SeatOf(u.Name) >= 0 {
		out["game"] = t.Game
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}
