// Package offline makes the site installable and usable without the
// network: the web app manifest and its icons, the service worker (/sw.js)
// that keeps the shell's files, the rules engine's module and the pages
// visited, and the page that plays a game against the computer entirely in
// the browser (/play/offline: the rules engine's module in a worker draws
// the board, checks the moves, plays the computer's and writes the record).
// docs/server.md, "The offline site", says what is kept and when.
package offline

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/engineasset"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
)

// Offline serves the manifest, the icons, the service worker and the
// offline game's page.
type Offline struct {
	web     *web.Shell
	engine  *engineasset.Asset
	version string // of the service worker's kept files (Version)

	swOnce sync.Once
	sw     []byte

	pageOnce sync.Once
	pageData map[string]pageData // by language
}

// New is the offline part of a site that renders its pages with sh.
func New(sh *web.Shell) *Offline {
	e := engineasset.Load()
	return &Offline{web: sh, engine: e, version: Version(e)}
}

// Version names the files a service worker keeps: the hash of the shell's
// static files, templates and strings, and of the engine's module. A new
// binary that changes any of them makes browsers install the new service
// worker, which fetches them again and deletes the old copies.
func Version(e *engineasset.Asset) string {
	return web.AssetsHash()[:12] + "-" + e.Manifest.SHA256[:12]
}

// PagePath is the offline game's page.
const PagePath = "/play/offline"

// Precache lists what the service worker fetches when it installs: the
// shell's styles and scripts, the icons, the rules engine (module and
// wasm_exec.js under their hashed names) and the offline game's page.
func (o *Offline) Precache() []string {
	var urls []string
	for _, name := range web.StaticFiles() {
		// The pages' scripts that need the server anyway (the lobby, the
		// lab, tables, tournaments) are kept too: they are small, and a
		// page kept offline finds its script.
		urls = append(urls, "/static/"+name)
	}
	urls = append(urls, o.engine.ModuleURL(), o.engine.ExecURL(),
		"/icons/icon-192.png", "/icons/icon-512.png", PagePath)
	return urls
}

//go:embed sw.js
var swSource string

// ServiceWorker serves GET /sw.js: the worker's script with its version
// and the list of files it keeps. Never cached by HTTP: the browser checks
// it for a new version at every visit.
func (o *Offline) ServiceWorker(w http.ResponseWriter, r *http.Request) {
	o.swOnce.Do(func() {
		list, _ := json.Marshal(o.Precache())
		ver, _ := json.Marshal(o.version)
		pages, _ := json.Marshal(CachedPages)
		js := strings.Replace(swSource, "/*VERSION*/''", string(ver), 1)
		js = strings.Replace(js, "/*PRECACHE*/[]", string(list), 1)
		js = strings.Replace(js, "/*PAGES*/[]", string(pages), 1)
		o.sw = []byte(js)
	})
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write(o.sw)
}

// CachedPages are the paths of the pages the service worker keeps when
// visited, to show them again offline: prefixes ending in "/", else whole
// paths. Pages of games, players, the lobby, tables, tournaments, the
// lab and the account are never kept: they are live, or private.
var CachedPages = []string{"/", "/rules/", "/learn", "/learn/", "/puzzles", "/puzzles/", PagePath}

// manifest is the web app manifest (https://www.w3.org/TR/appmanifest/).
type manifest struct {
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	Lang            string         `json:"lang"`
	Dir             string         `json:"dir"`
	ID              string         `json:"id"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	BackgroundColor string         `json:"background_color"`
	ThemeColor      string         `json:"theme_color"`
	Icons           []manifestIcon `json:"icons"`
	Shortcuts       []shortcut     `json:"shortcuts"`
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

type shortcut struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// The site's colours (static/style.css): the header's and the page's.
const (
	ThemeColor      = "#3b3a36"
	BackgroundColor = "#faf8f3"
)

// Manifest serves GET /manifest.webmanifest?lang=fr|en: the site as an
// installed app, named in the page's language (the layout links it with
// its lang; without, English).
func (o *Offline) Manifest(w http.ResponseWriter, r *http.Request) {
	lang := web.NormLang(r.URL.Query().Get("lang"))
	if lang == "" {
		lang = "en"
	}
	m := manifest{
		Name: "plateau", ShortName: "plateau", Description: web.T(lang, "off:description"),
		Lang: lang, Dir: "ltr", ID: "/", StartURL: "/?lang=" + lang, Scope: "/", Display: "standalone",
		BackgroundColor: BackgroundColor, ThemeColor: ThemeColor,
		Icons: []manifestIcon{
			{Src: "/static/icon.svg", Sizes: "any", Type: "image/svg+xml"},
			{Src: "/icons/icon-192.png", Sizes: "192x192", Type: "image/png"},
			{Src: "/icons/icon-512.png", Sizes: "512x512", Type: "image/png"},
			{Src: "/icons/icon-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
		},
		Shortcuts: []shortcut{
			{Name: web.T(lang, "off:title"), URL: PagePath + "?lang=" + lang},
			{Name: web.T(lang, "learn"), URL: "/learn?lang=" + lang},
			{Name: web.T(lang, "puzzles"), URL: "/puzzles?lang=" + lang},
		},
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/manifest+json")
	h.Set("Cache-Control", "public, max-age=3600")
	w.Write(b)
}

// pageData is the offline game's page.
type pageData struct {
	Catalogue string // JSON: the games, their variants and seats (offlineGame)
	Levels    []level
	Messages  string // JSON: the script's strings
	Engine    string // JSON: the rules engine's addresses
}

type level struct{ Value, Label string }

// offlineGame is a game as the page's script offers it.
type offlineGame struct {
	ID       string           `json:"id"`
	Name     string           `json:"name"`
	Variants []offlineVariant `json:"variants"`
}

type offlineVariant struct {
	Options string   `json:"options"` // game.Options.String(), as the engine's load reads it
	Label   string   `json:"label"`
	Title   string   `json:"title"` // the name with its readings of the rules
	Seats   []string `json:"seats"` // the seats' names, in order
	Teams   []int    `json:"teams,omitempty"`
}

// scriptKeys are the strings the page's script uses.
var scriptKeys = []string{"off:loading", "off:noengine", "off:enginefail", "off:yourturn", "off:thinking",
	"off:youplay", "off:youwin", "off:youlose", "off:resumed", "off:illegal", "off:pass", "off:players",
	"chooseMove", "cancel", "historyview", "sent:wins", "sent:winmany", "sent:draw", "sent:over", "sent:resigned", "default", "you", "tomove"}

func (o *Offline) data(lang string) pageData {
	o.pageOnce.Do(func() {
		o.pageData = map[string]pageData{}
		for _, l := range []string{"en", "fr"} {
			o.pageData[l] = buildData(o.engine, l)
		}
	})
	return o.pageData[lang]
}

func buildData(e *engineasset.Asset, lang string) pageData {
	var cat []offlineGame
	for _, g := range game.Games() {
		og := offlineGame{ID: g.ID, Name: g.Name.In(lang)}
		for _, opts := range g.AllVariants() {
			v, err := game.NewVariant(g.ID, opts)
			if err != nil || v.Players < 2 {
				continue // a game alone (Solitaire) has no computer to play
			}
			label := games.OptionsText(opts.String(), lang)
			if label == "" {
				label = web.T(lang, "default")
			}
			ov := offlineVariant{Options: opts.String(), Label: label, Title: v.Title(lang), Teams: v.Teams}
			for i := 0; i < v.Players; i++ {
				ov.Seats = append(ov.Seats, v.SeatName(i, lang))
			}
			og.Variants = append(og.Variants, ov)
		}
		if len(og.Variants) > 0 {
			cat = append(cat, og)
		}
	}
	d := pageData{Engine: e.PageJSON()}
	b, _ := json.Marshal(cat)
	d.Catalogue = string(b)
	for _, l := range ai.Levels {
		d.Levels = append(d.Levels, level{Value: l, Label: games.LevelText(l, lang)})
	}
	msgs := map[string]string{}
	for _, k := range scriptKeys {
		msgs[k] = web.T(lang, k)
	}
	for _, l := range ai.Levels {
		msgs["level:"+l] = games.LevelText(l, lang)
	}
	for en, text := range game.ReasonTexts(lang) {
		msgs["reason:"+en] = text
	}
	b, _ = json.Marshal(msgs)
	d.Messages = string(b)
	return d
}

// Page serves GET /play/offline: the game against the computer that the
// browser plays alone. Everything the page needs is in it or in the files
// the service worker keeps, so that it works with the network off.
func (o *Offline) Page(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	o.web.Render(w, r, lang, "offline", web.T(lang, "off:title"), http.StatusOK, o.data(lang))
}
