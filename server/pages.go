package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// pages renders the HTML pages.
type pages struct {
	s   *Server
	web *web.Shell
	md  goldmark.Markdown
}

func newPages(s *Server) (*pages, error) {
	sh, err := web.New(web.Config{
		Renderer: s.render,
		User: func(r *http.Request) string {
			if u := s.currentUser(r); u != nil {
				return u.Name
			}
			return ""
		},
		Login:         s.accounts.accountsOfStore != nil,
		InternalError: s.InternalError,
		LogInternal:   s.LogInternal,
		BadRequest:    func() { s.metrics.refusals.WithLabelValues("bad_request").Inc() },
	})
	if err != nil {
		return nil, err
	}
	p := &pages{s: s, web: sh}
	// Rules pages are the project's own files: raw HTML in them is trusted,
	// and the diagrams are inserted as raw HTML.
	p.md = goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	return p, nil
}

type gameCard struct {
	ID, Name, Summary, Author, Players string
	Picture                            template.HTML
}

func playerCount(g *game.Game) string {
	if g.MinPlayers == g.MaxPlayers {
		return strconv.Itoa(g.MinPlayers)
	}
	return fmt.Sprintf("%d–%d", g.MinPlayers, g.MaxPlayers)
}

func (p *pages) catalogue(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	var cards []gameCard
	for _, g := range game.Games() {
		c := gameCard{ID: g.ID, Name: g.Name.In(lang), Summary: g.Summary.In(lang), Author: g.Author, Players: playerCount(g)}
		if v, err := g.Variant(g.AllVariants()[0]); err == nil {
			c.Picture = p.web.StartPicture(v, lang)
		}
		cards = append(cards, c)
	}
	p.web.Render(w, r, lang, "catalogue", web.T(lang, "games"), http.StatusOK, cards)
}

type rulesData struct {
	ID, Name string
	Pictures []variantPicture
	Body     template.HTML
}

type variantPicture struct {
	Label   string
	Picture template.HTML
}

func (p *pages) rules(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	g, err := game.Lookup(r.PathValue("id"))
	if err != nil {
		p.web.Fail(w, r, lang, http.StatusNotFound, err.Error())
		return
	}
	text, err := docs.Rules(g.ID, lang)
	if err != nil {
		p.web.Fail(w, r, lang, http.StatusNotFound, err.Error())
		return
	}
	var variants []*game.Variant
	d := rulesData{ID: g.ID, Name: g.Name.In(lang)}
	for _, opts := range g.AllVariants() {
		v, err := g.Variant(opts)
		if err != nil {
			continue
		}
		variants = append(variants, v)
		label := games.OptionsText(opts.String(), lang)
		if label == "" {
			label = web.T(lang, "default")
		}
		d.Pictures = append(d.Pictures, variantPicture{Label: label, Picture: p.web.StartPicture(v, lang)})
	}
	var b bytes.Buffer
	if err := p.md.Convert([]byte(p.withDiagrams(text, variants, lang)), &b); err != nil {
		p.web.InternalError(w, r, lang, "rules page", err)
		return
	}
	d.Body = template.HTML(b.String())
	p.web.Render(w, r, lang, "rules", d.Name+" — "+web.T(lang, "rules"), http.StatusOK, d)
}

// withDiagrams adds a drawing after every code block of a rules page that
// is a position text of one of the game's variants (docs.WithDiagrams,
// which 'plateau rules' uses too for its text boards).
func (p *pages) withDiagrams(text string, variants []*game.Variant, lang string) string {
	return docs.WithDiagrams(text, variants, func(s game.State) string {
		return `<figure class="diagram">` + strings.ReplaceAll(string(p.web.Picture(s, lang)), "\n", " ") +
			`<figcaption>` + template.HTMLEscapeString(web.T(lang, "diagram")) + `</figcaption></figure>`
	})
}

// newGameData is the new game form.
type newGameData struct {
	Games    []gameChoice
	Game     *game.Game
	Name     string
	Variants []variantChoice
	Options  []optionField
	Readings []optionField // the other readings of the rules (readings_form.go)
	Seats    []int
	Levels   []agentChoice
	Error    string
}

// agentChoice is a computer player in the level list: the value is the
// public name that the server stores.
type agentChoice struct{ Value, Label string }

type gameChoice struct {
	ID, Name string
	Selected bool
}

type variantChoice struct{ Value, Label string }

type optionField struct {
	Name, Label, Doc, Default string
	Values                    []string
	Choices                   []valueChoice // Values in words, the default selected
	Reading                   bool          // another reading of the rules (readings_form.go)
	Start                     string        // the start option: the usual start's position text
}

type valueChoice struct {
	Value, Label string
	Selected     bool
}

func (p *pages) newGame(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.URL.Query().Get("game")
	if id == "" {
		id = "pogo"
	}
	g, err := game.Lookup(id)
	if err != nil {
		p.web.Fail(w, r, lang, http.StatusNotFound, err.Error())
		return
	}
	p.renderNewGame(w, r, lang, g, http.StatusOK, "")
}

func (p *pages) renderNewGame(w http.ResponseWriter, r *http.Request, lang string, g *game.Game, code int, msg string) {
	d := newGameData{Game: g, Name: g.Name.In(lang), Error: msg}
	for _, name := range p.s.agents.AgentNames() {
		label := games.LevelText(name, lang)
		if p.s.agents.Engines()[name] != "" {
			label += " (" + web.T(lang, "engine") + ")"
		}
		d.Levels = append(d.Levels, agentChoice{Value: name, Label: label})
	}
	for _, other := range game.Games() {
		d.Games = append(d.Games, gameChoice{ID: other.ID, Name: other.Name.In(lang), Selected: other == g})
	}
	for _, opts := range g.AllVariants() {
		label := opts.String()
		if label == "" {
			label = web.T(lang, "default")
		}
		d.Variants = append(d.Variants, variantChoice{Value: opts.String(), Label: label})
	}
	for _, o := range g.Options {
		if o.Name == "seed" {
			continue // a server game's start is chosen for it
		}
		f := optionField{Name: o.Name, Label: web.T(lang, "optname:"+o.Name), Doc: o.Doc.In(lang), Default: o.Default, Values: o.Values}
		for _, val := range o.Values {
			label := games.OptionsText(o.Name+"="+val, lang)
			if label == "" { // a false flag reads as nothing: say no
				label = web.T(lang, "no")
			}
			f.Choices = append(f.Choices, valueChoice{Value: val, Label: label, Selected: val == o.Default})
		}
		if game.IsReading(o.Name) {
			readingField(&f, g, lang)
			d.Readings = append(d.Readings, f)
			continue
		}
		d.Options = append(d.Options, f)
	}
	for i := 0; i < g.MaxPlayers; i++ {
		d.Seats = append(d.Seats, i)
	}
	p.web.Render(w, r, lang, "new", web.T(lang, "newgame"), code, d)
}

// createGame reads the new game form, stores the game and sends the
// creator to its page with the seat tokens in the URL fragment, which
// browsers do not send to servers (nor to logs).
func (p *pages) createGame(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		p.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	g, err := game.Lookup(r.PostForm.Get("game"))
	if err != nil {
		p.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	spec, err := readGameForm(r.PostForm, g)
	if err == nil {
		_, err = g.Variant(spec.Options) // refused in the page's language
	}
	if err != nil {
		p.renderNewGame(w, r, lang, g, http.StatusBadRequest, game.ErrorText(err, lang))
		return
	}
	created, err := p.s.games.Create(r.Context(), spec)
	if err != nil {
		if errors.As(err, new(*web.FormError)) {
			p.renderNewGame(w, r, lang, g, http.StatusBadRequest, err.Error())
			return
		}
		p.web.InternalError(w, r, lang, "create game", err)
		return
	}
	http.Redirect(w, r, "/games/"+created.ID+"#"+created.Fragment(), http.StatusSeeOther)
}

func readGameForm(f url.Values, g *game.Game) (games.GameSpec, error) {
	spec := games.GameSpec{Game: g.ID, Casual: f.Get("casual") != ""}
	variant := f.Get("variant")
	if variant != "" && variant != "custom" {
		opts, err := game.ParseOptions(variant)
		if err != nil {
			return spec, err
		}
		spec.Options = opts
	} else {
		spec.Options = game.Options{}
		for _, o := range g.Options {
			v := strings.TrimSpace(f.Get("opt_" + o.Name))
			if o.Name == "start" {
				v = startFormValue(v) // typed with its spaces (readings_form.go)
			}
			if v != "" && o.Name != "seed" {
				spec.Options[o.Name] = v
			}
		}
	}
	for i := 0; i < game.MaxPlayers; i++ {
		n := strconv.Itoa(i)
		kind := f.Get("seat" + n)
		if kind == "" {
			break
		}
		spec.Seats = append(spec.Seats, games.SeatSpec{Kind: kind, Agent: strings.TrimSpace(f.Get("level" + n)),
			Name: web.CleanText(f.Get("name"+n), web.MaxNameRunes)})
	}
	var err error
	spec.Clock, spec.Increment, spec.MoveDays, err = games.ReadClock(f)
	return spec, err
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
}

func (p *pages) gamePage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	g, m, err := p.s.games.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		p.loadFailed(w, r, lang, err)
		return
	}
	d := gamePageData{ID: g.ID, GameID: g.GameID, Name: m.Variant().Game.Name.In(lang), Options: games.OptionsText(g.Options, lang),
		Picture: p.web.Picture(m.State(), lang), Moves: m.Notations(), Finished: g.Result != "*",
		Result: g.Result, Reason: g.Reason, Outcome: games.OutcomeSentence(m.Variant(), g.Seats, g.Result, g.Reason, lang)}
	msgs, err := json.Marshal(web.JSMessages(lang))
	if err != nil {
		p.web.InternalError(w, r, lang, "game page", err)
		return
	}
	d.Messages = string(msgs)
	d.Ratings = p.s.seatRatingsJSON(r.Context(), g)
	for i, seat := range g.Seats {
		d.Players = append(d.Players, games.SeatLabel(m.Variant(), i, seat, lang))
	}
	p.web.Render(w, r, lang, "game", m.Variant().Title(lang), http.StatusOK, d)
}

func (p *pages) loadFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		p.web.Fail(w, r, lang, http.StatusNotFound, "no such game")
		return
	}
	p.web.InternalError(w, r, lang, "load game", err)
}

// plainMatch loads the game of the URL for an answer that is not a page
// (a drawing, a record): a plain 404, or an internal error with its
// reference; ok is false when the answer is given.
func (p *pages) plainMatch(w http.ResponseWriter, r *http.Request) (*store.Game, *game.Match, bool) {
	g, m, err := p.s.games.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			http.NotFound(w, r)
			return nil, nil, false
		}
		p.s.InternalError(w, r, "load game", err)
		return nil, nil, false
	}
	return g, m, true
}

func (p *pages) gameSVG(w http.ResponseWriter, r *http.Request) {
	_, m, ok := p.plainMatch(w, r)
	if !ok {
		return
	}
	games.WriteSVG(w, r, m, p.s.render, p.s.InternalError)
}

// gameRecord downloads a game as a record file.
func (p *pages) gameRecord(w http.ResponseWriter, r *http.Request) {
	g, m, ok := p.plainMatch(w, r)
	if !ok {
		return
	}
	rec := p.s.gameRecordOf(g, m)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.txt"`, g.GameID, g.ID))
	io.WriteString(w, record.Format(rec))
}

// gameRecordOf writes a stored game as a record: the match gives the moves
// and start, the store who played and how a game ended outside the rules
// (resignation, agreement, time).
func (s *Server) gameRecordOf(g *store.Game, m *game.Match) *record.Record {
	rec := record.FromMatch(m)
	for _, seat := range g.Seats {
		name := web.CleanText(seat.Name, web.MaxNameRunes)
		if name == "" {
			name = seat.Kind
			if seat.Kind == "computer" {
				name = "computer " + s.agents.PublicAgent(seat.Agent)
			}
		}
		rec.Players = append(rec.Players, name)
	}
	rec.Date = record.FormatDate(g.CreatedAt)
	rec.Hints = recordHints(g)
	if g.Result != "*" && !rec.Result.Ended() {
		if res, err := record.ParseResult(g.Result); err == nil {
			res.Reason = g.Reason
			rec.Result = res
		}
	}
	return rec
}

type archiveData struct {
	Games []games.ArchiveRow
	Next  int
	// A record that could not be read, back in the form with the reason.
	Record, Error string
}

func (p *pages) archive(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
	offset = max(offset, 0)
	finished := true
	const perPage = 50
	list, err := p.s.Store.ListGames(r.Context(), store.Filter{Finished: &finished, Limit: perPage, Offset: offset})
	if err != nil {
		p.web.InternalError(w, r, lang, "list games", err)
		return
	}
	d := archiveData{Games: games.ArchiveRows(list, lang)}
	if len(list) == perPage {
		d.Next = offset + perPage
	}
	p.web.Render(w, r, lang, "archive", web.T(lang, "archive"), http.StatusOK, d)
}

type viewData struct {
	Name, Options, Text, Result, Reason string
	Outcome                             string // in words
	Moves                               []string
	Players                             []string
	Picture                             template.HTML
}

// viewRecord shows an uploaded record with move navigation. Nothing is
// stored: the page keeps the record text and asks /archive/svg for each
// position.
func (p *pages) viewRecord(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	rec, text, err := games.ReadRecord(w, r)
	if err != nil {
		p.badRecord(w, r, lang, text, err)
		return
	}
	m, err := rec.Replay()
	if err != nil {
		p.badRecord(w, r, lang, text, err)
		return
	}
	d := viewData{Name: m.Variant().Game.Name.In(lang), Options: games.OptionsText(rec.Options.String(), lang), Text: text,
		Result: rec.Result.String(), Reason: rec.Result.Reason, Moves: m.Notations(),
		Picture: p.web.Picture(m.State(), lang)}
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
	p.web.Render(w, r, lang, "view", web.T(lang, "uploadedtitle"), http.StatusOK, d)
}

func (p *pages) recordSVG(w http.ResponseWriter, r *http.Request) {
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
	games.WriteSVG(w, r, m, p.s.render, p.s.InternalError)
}

// gamePreview draws, small, the position after a move the player hesitates
// over (?ply=N&move=NOTATION: a legal move of the position after N moves),
// with the move marked: the pictures of the dialog that asks which of
// several moves sharing the same clicks is meant.
func (p *pages) gamePreview(w http.ResponseWriter, r *http.Request) {
	_, m, ok := p.plainMatch(w, r)
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
		p.s.InternalError(w, r, "replay", err)
		return
	}
	mv, err := before.ParseMove(notation)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	after := before.Clone()
	last := p.s.render.Places(before, mv)
	after.Apply(mv)
	svg, err := p.s.render.SVG(after, render.Options{Size: 200, NoCoordinates: true, LastMove: last,
		Lang: web.NormLang(r.FormValue("lang")), Flip: r.FormValue("flip") == "1", Status: " "})
	if err != nil {
		p.s.InternalError(w, r, "draw", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(svg)
}
