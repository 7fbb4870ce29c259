package catalog

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
)

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

// NewGame is GET /new?game=ID: the form that starts a game.
func (ct *Catalog) NewGame(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.URL.Query().Get("game")
	if id == "" {
		id = "pogo"
	}
	g, err := game.Lookup(id)
	if err != nil {
		ct.Web.Fail(w, r, lang, http.StatusNotFound, err.Error())
		return
	}
	ct.renderNewGame(w, r, lang, g, http.StatusOK, "")
}

func (ct *Catalog) renderNewGame(w http.ResponseWriter, r *http.Request, lang string, g *game.Game, code int, msg string) {
	d := newGameData{Game: g, Name: g.Name.In(lang), Error: msg}
	for _, name := range ct.Games.Agents.AgentNames() {
		label := games.LevelText(name, lang)
		if ct.Games.Agents.Engines()[name] != "" {
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
	ct.Web.Render(w, r, lang, "new", web.T(lang, "newgame"), code, d)
}

// CreateGame reads the new game form, stores the game and sends the
// creator to its page with the seat tokens in the URL fragment, which
// browsers do not send to servers (nor to logs).
func (ct *Catalog) CreateGame(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		ct.Web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	g, err := game.Lookup(r.PostForm.Get("game"))
	if err != nil {
		ct.Web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	spec, err := readGameForm(r.PostForm, g)
	if err == nil {
		_, err = g.Variant(spec.Options) // refused in the page's language
	}
	if err != nil {
		ct.renderNewGame(w, r, lang, g, http.StatusBadRequest, game.ErrorText(err, lang))
		return
	}
	created, err := ct.Games.Create(r.Context(), spec)
	if err != nil {
		if errors.As(err, new(*web.FormError)) {
			ct.renderNewGame(w, r, lang, g, http.StatusBadRequest, err.Error())
			return
		}
		ct.Web.InternalError(w, r, lang, "create game", err)
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
