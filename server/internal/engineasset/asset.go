// Package engineasset serves the browser's rules engine: the WebAssembly
// module of cmd/plateau-wasm (package webengine: the rules, the renderer and
// the computer players) and Go's wasm_exec.js, embedded in the binary as
// built by go generate (gen, committed in dist/), under names that carry a
// hash of their content, cached for a year and never revalidated.
//
// The module is compressed once, at generation: brotli for the browsers
// that accept it, gzip for the others; nothing is compressed per request.
// TestEngineModuleFresh rebuilds the module and fails when dist/ is stale.
package engineasset

//go:generate go run ./gen

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

//go:embed dist/plateau.wasm.br dist/plateau.wasm.gz dist/wasm_exec.js dist/manifest.json
var dist embed.FS

// Manifest describes the committed module (build.Manifest).
type Manifest struct {
	SHA256 string `json:"sha256"` // of the raw module
	Size   int    `json:"size"`   // raw
	Brotli int    `json:"brotli"` // bytes over the wire with brotli
	Gzip   int    `json:"gzip"`   // with gzip
	Go     string `json:"go"`     // the toolchain that built it
}

// Asset is the served engine.
type Asset struct {
	Manifest Manifest
	br, gz   []byte
	exec     []byte
	execName string
	rawOnce  sync.Once
	raw      []byte
}

var (
	loadOnce sync.Once
	loaded   *Asset
)

// Load reads the embedded engine (once).
func Load() *Asset {
	loadOnce.Do(func() {
		a := &Asset{}
		mustRead := func(name string) []byte {
			b, err := dist.ReadFile("dist/" + name)
			if err != nil {
				panic("engineasset: " + err.Error()) // embedded: cannot happen
			}
			return b
		}
		if err := json.Unmarshal(mustRead("manifest.json"), &a.Manifest); err != nil || len(a.Manifest.SHA256) < 16 {
			panic("engineasset: dist/manifest.json is not a manifest: run go generate ./server/internal/engineasset")
		}
		a.br, a.gz, a.exec = mustRead("plateau.wasm.br"), mustRead("plateau.wasm.gz"), mustRead("wasm_exec.js")
		sum := sha256.Sum256(a.exec)
		a.execName = "wasm_exec." + hex.EncodeToString(sum[:8]) + ".js"
		loaded = a
	})
	return loaded
}

// Prefix is where the engine's files are served.
const Prefix = "/static/engine/"

// ModuleName is the module's file name: its hash changes with its content.
func (a *Asset) ModuleName() string { return "plateau." + a.Manifest.SHA256[:16] + ".wasm" }

// ModuleURL is the module's path on the site.
func (a *Asset) ModuleURL() string { return Prefix + a.ModuleName() }

// ExecURL is the path of wasm_exec.js on the site.
func (a *Asset) ExecURL() string { return Prefix + a.execName }

// PageJSON is what a page's script needs to start the engine, as JSON.
func (a *Asset) PageJSON() string {
	b, _ := json.Marshal(map[string]string{"module": a.ModuleURL(), "exec": a.ExecURL()})
	return string(b)
}

// Gzipped is the module as served with gzip (for the tests).
func (a *Asset) Gzipped() []byte { return a.gz }

// Brotli is the module as served with brotli (for the tests).
func (a *Asset) Brotli() []byte { return a.br }

// immutable: the name changes with the content, so a copy never goes stale.
const immutable = "public, max-age=31536000, immutable"

// ServeHTTP serves GET /static/engine/{file}: the module under its current
// name, and wasm_exec.js. An old name is not found: its page is old too and
// falls back to the server's answers.
func (a *Asset) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, Prefix)
	h := w.Header()
	switch name {
	case a.ModuleName():
		h.Set("Content-Type", "application/wasm")
		h.Set("Vary", "Accept-Encoding")
		body, enc := a.moduleFor(r.Header.Get("Accept-Encoding"))
		if enc != "" {
			h.Set("Content-Encoding", enc)
		}
		a.serve(w, r, body, `"`+a.Manifest.SHA256[:16]+"-"+enc+`"`)
	case a.execName:
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		a.serve(w, r, a.exec, `"`+strings.TrimSuffix(strings.TrimPrefix(a.execName, "wasm_exec."), ".js")+`"`)
	default:
		http.NotFound(w, r)
	}
}

func (a *Asset) serve(w http.ResponseWriter, r *http.Request, body []byte, etag string) {
	h := w.Header()
	h.Set("Cache-Control", immutable)
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// moduleFor picks the module's encoding for an Accept-Encoding header:
// brotli when accepted, else gzip, else (a client that accepts neither,
// rare) the raw module, decompressed once and kept.
func (a *Asset) moduleFor(accept string) ([]byte, string) {
	ok := acceptedEncodings(accept)
	switch {
	case ok["br"]:
		return a.br, "br"
	case ok["gzip"]:
		return a.gz, "gzip"
	}
	a.rawOnce.Do(func() {
		zr, err := gzip.NewReader(bytes.NewReader(a.gz))
		if err == nil {
			a.raw, err = io.ReadAll(zr)
		}
		if err != nil {
			panic("engineasset: the embedded module does not decompress: " + err.Error())
		}
	})
	return a.raw, ""
}

// acceptedEncodings reads Accept-Encoding: the codings with a positive
// quality ("br;q=0" refuses brotli); "*" accepts those not named.
func acceptedEncodings(header string) map[string]bool {
	ok := map[string]bool{}
	star, named := false, map[string]bool{}
	for i, part := range strings.Split(header, ",") {
		if i >= 32 { // a header is bounded like any input
			break
		}
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, found := strings.Cut(strings.TrimSpace(p), "=")
			if found && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		if coding == "*" {
			star = q > 0
			continue
		}
		named[coding] = true
		ok[coding] = q > 0
	}
	if star {
		for _, c := range []string{"br", "gzip"} {
			if !named[c] {
				ok[c] = true
			}
		}
	}
	return ok
}
