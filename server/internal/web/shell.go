package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Config is what the shell needs from the site around it.
type Config struct {
	// Renderer draws positions; nil uses DefaultRenderer.
	Renderer Renderer
	// User names the account logged in for a request, "" for none.
	User func(r *http.Request) string
	// Login says the site keeps accounts: pages offer to log in.
	Login bool
	// InternalError answers a failed request with a reference only (the
	// cause goes to the log), for answers that are not pages.
	InternalError func(w http.ResponseWriter, r *http.Request, what string, err error)
	// LogInternal logs a request's internal error and returns its
	// reference, the only part a visitor is shown.
	LogInternal func(r *http.Request, what string, err error) string
	// BadRequest counts a page refused as a bad request (metrics).
	BadRequest func()
}

// Shell renders the site's pages: every page is a template of templates/
// inside the layout, given a Page.
type Shell struct {
	cfg  Config
	tmpl map[string]*template.Template

	mu    sync.Mutex
	cache map[string]template.HTML // pictures drawn once, by key
}

// Page is what every template gets.
type Page struct {
	Lang  string
	Title string
	Path  string // the current path and query without lang, for the switch
	User  string // the account logged in, "" for none
	Login bool   // the store keeps accounts: offer to log in
	Data  any
}

// New parses the templates.
func New(cfg Config) (*Shell, error) {
	if cfg.Renderer == nil {
		cfg.Renderer = DefaultRenderer()
	}
	if cfg.User == nil {
		cfg.User = func(*http.Request) string { return "" }
	}
	if cfg.BadRequest == nil {
		cfg.BadRequest = func() {}
	}
	if cfg.LogInternal == nil {
		cfg.LogInternal = func(*http.Request, string, error) string { return "?" }
	}
	if cfg.InternalError == nil {
		cfg.InternalError = func(w http.ResponseWriter, _ *http.Request, _ string, _ error) {
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	}
	funcs := template.FuncMap{
		"t":        T,
		"reason":   func(lang, reason string) string { return game.ReasonText(reason, lang) },
		"hasQuery": func(s string) bool { return strings.Contains(s, "?") },
		"add":      func(a, b int) int { return a + b },
		"count":    CountWords,
		"seq":      func(n int) []int { return make([]int, n) },
	}
	sh := &Shell{cfg: cfg, tmpl: map[string]*template.Template{}, cache: map[string]template.HTML{}}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		base := strings.TrimSuffix(strings.TrimPrefix(name, "templates/"), ".html")
		if base == "layout" {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", name)
		if err != nil {
			return nil, fmt.Errorf("server: template %s: %w", name, err)
		}
		sh.tmpl[base] = t
	}
	return sh, nil
}

// Renderer is the drawing of positions the shell was given.
func (sh *Shell) Renderer() Renderer { return sh.cfg.Renderer }

// Render answers with the page name (a template) in the layout.
func (sh *Shell) Render(w http.ResponseWriter, r *http.Request, lang, name, title string, code int, data any) {
	t := sh.tmpl[name]
	q := r.URL.Query()
	q.Del("lang")
	path := r.URL.Path
	if r.Method != http.MethodGet {
		path = "/"
	}
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	var b bytes.Buffer
	pg := Page{Lang: lang, Title: title, Path: path, Data: data, Login: sh.cfg.Login, User: sh.cfg.User(r)}
	if err := t.Execute(&b, pg); err != nil {
		sh.cfg.InternalError(w, r, "template "+name, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// Fragment writes the block named block of the page name alone (a part of
// a page that a script reloads).
func (sh *Shell) Fragment(w http.ResponseWriter, name, block string, pg Page) error {
	return sh.tmpl[name].ExecuteTemplate(w, block, pg)
}

// Fail answers with the error page: code, and msg for the visitor.
func (sh *Shell) Fail(w http.ResponseWriter, r *http.Request, lang string, code int, msg string) {
	title := T(lang, "error")
	switch code {
	case http.StatusNotFound:
		title = T(lang, "notfound")
	case http.StatusBadRequest:
		title = T(lang, "badrequest")
		sh.cfg.BadRequest()
	case http.StatusTooManyRequests:
		title = T(lang, "toomany")
	}
	sh.Render(w, r, lang, "error", title, code, msg)
}

// InternalError logs err with the client's address, method, path and a
// reference, and answers the error page with the reference only: database
// and driver errors say things about the installation that visitors need
// not know.
func (sh *Shell) InternalError(w http.ResponseWriter, r *http.Request, lang, what string, err error) {
	id := sh.cfg.LogInternal(r, what, err)
	Info(r).Handled = true
	sh.Fail(w, r, lang, http.StatusInternalServerError, fmt.Sprintf(T(lang, "internal"), id))
}

// Picture draws a state as inline SVG for a template.
func (sh *Shell) Picture(s game.State, lang string) template.HTML {
	svg, err := sh.cfg.Renderer.SVG(s, render.Options{Lang: lang})
	if err != nil {
		return template.HTML(`<p class="err">` + template.HTMLEscapeString(err.Error()) + `</p>`)
	}
	return template.HTML(svg)
}

// StartPicture is the start position of a variant, drawn once.
func (sh *Shell) StartPicture(v *game.Variant, lang string) template.HTML {
	return sh.Cached(lang+" "+v.String(), func() template.HTML { return sh.Picture(v.Start(), lang) })
}

// Cached is the picture kept under key, drawn by draw the first time. The
// keys are the site's own (variants, puzzles), never a visitor's text, so
// the cache is bounded by the catalogue.
func (sh *Shell) Cached(key string, draw func() template.HTML) template.HTML {
	sh.mu.Lock()
	pic, ok := sh.cache[key]
	sh.mu.Unlock()
	if ok {
		return pic
	}
	pic = draw()
	sh.mu.Lock()
	sh.cache[key] = pic
	sh.mu.Unlock()
	return pic
}

// Static serves the embedded static files (scripts, styles, pictures).
func Static() http.Handler {
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err) // the folder is embedded: cannot happen
	}
	fsrv := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Files only: a folder (the root, or anything ending in /) is not
		// listed.
		if r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		if f, err := sub.Open(r.URL.Path); err == nil {
			st, err := f.Stat()
			f.Close()
			if err == nil && st.IsDir() {
				http.NotFound(w, r)
				return
			}
		}
		// The files change only with the binary; an hour of caching is a
		// fair trade against stale scripts after an upgrade.
		w.Header().Set("Cache-Control", "public, max-age=3600")
		fsrv.ServeHTTP(w, r)
	})
}
