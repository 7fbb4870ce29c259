// Package catalog is the games on offer: the catalogue (/), each game's
// rules with their diagrams (/rules/{id}), the form that starts a game
// (/new, POST /games) with the other readings of the rules, and the
// archive of finished games and uploaded records (/archive).
package catalog

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
)

// Catalog serves the catalogue, the rules, the new game form and the
// archive.
type Catalog struct {
	*site.Env
	Web   *web.Shell
	Games *games.Games
	md    goldmark.Markdown
}

// New is the catalog of a site.
func New(env *site.Env, sh *web.Shell, g *games.Games) *Catalog {
	// Rules pages are the project's own files: raw HTML in them is trusted,
	// and the diagrams are inserted as raw HTML.
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	return &Catalog{Env: env, Web: sh, Games: g, md: md}
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

// Catalogue is GET /: every game with its start position.
func (ct *Catalog) Catalogue(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	var cards []gameCard
	for _, g := range game.Games() {
		c := gameCard{ID: g.ID, Name: g.Name.In(lang), Summary: g.Summary.In(lang), Author: g.Author, Players: playerCount(g)}
		if v, err := g.Variant(g.AllVariants()[0]); err == nil {
			c.Picture = ct.Web.StartPicture(v, lang)
		}
		cards = append(cards, c)
	}
	ct.Web.Render(w, r, lang, "catalogue", web.T(lang, "games"), http.StatusOK, cards)
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

// Rules is GET /rules/{id}: a game's rules page, with the drawings of
// its variants and of the positions its text writes.
func (ct *Catalog) Rules(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	g, err := game.Lookup(r.PathValue("id"))
	if err != nil {
		ct.Web.Fail(w, r, lang, http.StatusNotFound, err.Error())
		return
	}
	text, err := docs.Rules(g.ID, lang)
	if err != nil {
		ct.Web.Fail(w, r, lang, http.StatusNotFound, err.Error())
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
		d.Pictures = append(d.Pictures, variantPicture{Label: label, Picture: ct.Web.StartPicture(v, lang)})
	}
	var b bytes.Buffer
	if err := ct.md.Convert([]byte(ct.withDiagrams(text, variants, lang)), &b); err != nil {
		ct.Web.InternalError(w, r, lang, "rules page", err)
		return
	}
	d.Body = template.HTML(b.String())
	ct.Web.Render(w, r, lang, "rules", d.Name+" — "+web.T(lang, "rules"), http.StatusOK, d)
}

// withDiagrams adds a drawing after every code block of a rules page that
// is a position text of one of the game's variants (docs.WithDiagrams,
// which 'plateau rules' uses too for its text boards).
func (ct *Catalog) withDiagrams(text string, variants []*game.Variant, lang string) string {
	return docs.WithDiagrams(text, variants, func(s game.State) string {
		return `<figure class="diagram">` + strings.ReplaceAll(string(ct.Web.Picture(s, lang)), "\n", " ") +
			`<figcaption>` + template.HTMLEscapeString(web.T(lang, "diagram")) + `</figcaption></figure>`
	})
}
