package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/server/internal/engineasset"
	"github.com/plateau-games/plateau/server/internal/offline"
)

// The installable site's files: the manifest in each language with its
// type and the site's colours, the icons it names, the service worker at
// the root with the list of files it keeps (the engine by its hashed
// name) and a version that names the module, the offline game's page, and
// the policy that lets the manifest load and nothing more.
func TestOfflineFiles(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		r, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Fatal(err)
		}
		if r.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.StatusCode, b)
		}
		return r, b
	}
	for _, lang := range []string{"fr", "en"} {
		r, b := get("/manifest.webmanifest?lang=" + lang)
		if ct := r.Header.Get("Content-Type"); ct != "application/manifest+json" {
			t.Errorf("manifest served as %q", ct)
		}
		var m struct {
			Name, Lang, Display string
			StartURL            string `json:"start_url"`
			ThemeColor          string `json:"theme_color"`
			BackgroundColor     string `json:"background_color"`
			Icons               []struct{ Src, Sizes, Type, Purpose string }
			Shortcuts           []struct{ Name, URL string }
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("manifest: %v\n%s", err, b)
		}
		if m.Name != "plateau" || m.Lang != lang || m.Display != "standalone" || m.StartURL != "/?lang="+lang ||
			m.ThemeColor != offline.ThemeColor || m.BackgroundColor != offline.BackgroundColor {
			t.Errorf("manifest %s: %+v", lang, m)
		}
		want := map[string]string{"fr": "Jouer hors ligne contre l'ordinateur", "en": "Play the computer offline"}[lang]
		if len(m.Shortcuts) == 0 || m.Shortcuts[0].Name != want {
			t.Errorf("manifest %s: shortcuts %+v", lang, m.Shortcuts)
		}
		sizes := map[string]bool{}
		for _, ic := range m.Icons {
			r, b := get(ic.Src)
			if ct := r.Header.Get("Content-Type"); ct != ic.Type {
				t.Errorf("%s served as %q, the manifest says %q", ic.Src, ct, ic.Type)
			}
			if ic.Type == "image/png" {
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s: %v", ic.Src, err)
				}
				if got := img.Bounds().Dx(); ic.Sizes != fmt.Sprintf("%dx%[1]d", got) {
					t.Errorf("%s is %d pixels wide, the manifest says %s", ic.Src, got, ic.Sizes)
				}
			}
			sizes[ic.Sizes] = true
		}
		if !sizes["192x192"] || !sizes["512x512"] || !sizes["any"] {
			t.Errorf("manifest %s: icons %v", lang, sizes)
		}
	}
	if r, err := http.Get(ts.URL + "/icons/icon-64.png"); err != nil || r.StatusCode != http.StatusNotFound {
		t.Errorf("an icon of a size not offered: %v %v", r.StatusCode, err)
	}

	r, sw := get("/sw.js")
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("service worker served as %q", ct)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("service worker cached as %q", cc)
	}
	e := engineasset.Load()
	for _, want := range []string{e.ModuleURL(), e.ExecURL(), `"/static/offline.js"`, `"/static/style.css"`, `"/play/offline"`, `"` + offline.Version(e) + `"`} {
		if !bytes.Contains(sw, []byte(want)) {
			t.Errorf("the service worker does not name %s", want)
		}
	}
	if bytes.Contains(sw, []byte("/*PRECACHE*/[]")) || bytes.Contains(sw, []byte("/*VERSION*/''")) {
		t.Error("the service worker's list or version is not filled in")
	}
	if !strings.HasSuffix(offline.Version(e), e.Manifest.SHA256[:12]) {
		t.Errorf("version %s does not name the module %s", offline.Version(e), e.Manifest.SHA256[:12])
	}
	csp := r.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "manifest-src 'self'") || !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("policy: %s", csp)
	}

	// Every page links the manifest and registers the service worker.
	for _, path := range []string{"/?lang=fr", "/learn", offline.PagePath + "?lang=fr"} {
		_, b := get(path)
		for _, want := range []string{`<link rel="manifest" href="/manifest.webmanifest?lang=`, `<script src="/static/pwa.js"></script>`, `rel="icon"`} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("%s lacks %s", path, want)
			}
		}
	}
	_, page := get(offline.PagePath + "?lang=fr")
	for _, want := range []string{"Jouer hors ligne contre l&#39;ordinateur", `id="offgame"`, `data-engine=`, "/static/offline.js", "empire", "players=4"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the offline page lacks %s", want)
		}
	}
	_, home := get("/?lang=fr")
	if !bytes.Contains(home, []byte(`href="/play/offline"`)) {
		t.Error("the home page does not link the offline game")
	}
}
