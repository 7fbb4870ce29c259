package engineasset

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/engineasset/build"
	"github.com/plateau-games/plateau/webengine"
)

// The module is built once for the tests of this package.
var (
	buildOnce sync.Once
	buildDir  string
	builtRaw  []byte
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func builtModule(t *testing.T) (path string, raw []byte) {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "plateau-wasm-test-")
		if buildErr == nil {
			builtRaw, buildErr = build.Module(filepath.Join(buildDir, "plateau.wasm"))
		}
	})
	if buildErr != nil {
		t.Fatalf("building the module: %v", buildErr)
	}
	return filepath.Join(buildDir, "plateau.wasm"), builtRaw
}

const refresh = "go generate ./server/internal/engineasset (then commit server/internal/engineasset/dist)"

// The committed module is the one the sources build today: a change to a
// game, the renderer, the AI or webengine without regenerating fails here.
func TestEngineModuleFresh(t *testing.T) {
	a := Load()
	version, err := build.GoVersion()
	if err != nil {
		t.Fatal(err)
	}
	if version != a.Manifest.Go {
		// Another toolchain builds other bytes: the check means something
		// only with the one that built the committed module.
		t.Skipf("the committed module was built by %s, this toolchain is %s: run %s to compare", a.Manifest.Go, version, refresh)
	}
	_, raw := builtModule(t)
	sum := sha256.Sum256(raw)
	if got := hex.EncodeToString(sum[:]); got != a.Manifest.SHA256 {
		t.Fatalf("the committed engine module is stale (built %s, committed %s): run %s", got[:16], a.Manifest.SHA256[:16], refresh)
	}
	// The compressed copies are that module.
	zr, err := gzip.NewReader(bytes.NewReader(a.gz))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(zr); err != nil || !bytes.Equal(b, raw) {
		t.Fatalf("dist/plateau.wasm.gz is not the module (%v): run %s", err, refresh)
	}
	if b, err := io.ReadAll(brotli.NewReader(bytes.NewReader(a.br))); err != nil || !bytes.Equal(b, raw) {
		t.Fatalf("dist/plateau.wasm.br is not the module (%v): run %s", err, refresh)
	}
	exec, err := build.WasmExec()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(exec, a.exec) {
		t.Fatalf("dist/wasm_exec.js is not the toolchain's: run %s", refresh)
	}
	t.Logf("module %s: %d bytes, %d with brotli, %d with gzip", a.ModuleName(), len(raw), len(a.br), len(a.gz))
}

// MaxWire is the most bytes the module may weigh over the wire, whatever
// the browser accepts (issue 27).
const MaxWire = 1_500_000

// The module is served under its hashed name, compressed as the browser
// accepts, with the WebAssembly type, cached for a year as immutable, and at
// most MaxWire bytes over the wire.
func TestEngineModuleServed(t *testing.T) {
	a := Load()
	get := func(method, path, accept, etag string) *http.Response {
		req := httptest.NewRequest(method, path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		w := httptest.NewRecorder()
		a.ServeHTTP(w, req)
		return w.Result()
	}
	for _, c := range []struct {
		accept, enc string
		body        []byte
	}{
		{"gzip, deflate, br, zstd", "br", a.br},
		{"br", "br", a.br},
		{"gzip, deflate", "gzip", a.gz},
		{"gzip, br;q=0", "gzip", a.gz},
		{"*", "br", a.br},
		{"br;q=0, *", "gzip", a.gz},
	} {
		resp := get("GET", a.ModuleURL(), c.accept, "")
		body, _ := io.ReadAll(resp.Body)
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("Content-Encoding") != c.enc || !bytes.Equal(body, c.body) {
			t.Errorf("Accept-Encoding %q: status %d, encoding %q, %d bytes; want %s", c.accept, resp.StatusCode, h.Get("Content-Encoding"), len(body), c.enc)
		}
		if h.Get("Content-Type") != "application/wasm" || h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: headers %v", c.accept, h)
		}
		if len(body) > MaxWire {
			t.Errorf("the module weighs %d bytes over the wire with %s: at most %d", len(body), c.enc, MaxWire)
		}
		if h.Get("Content-Length") != fmt.Sprint(len(body)) {
			t.Errorf("Content-Length %q for %d bytes", h.Get("Content-Length"), len(body))
		}
	}
	// A client that accepts no compression gets the module itself.
	raw, _ := a.moduleFor("identity")
	resp := get("GET", a.ModuleURL(), "", "")
	body, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, raw) || len(raw) != a.Manifest.Size {
		t.Errorf("no Accept-Encoding: encoding %q, %d bytes, want the raw %d", resp.Header.Get("Content-Encoding"), len(body), a.Manifest.Size)
	}
	// Revalidation, HEAD, wasm_exec.js, and names that are not served.
	etag := get("GET", a.ModuleURL(), "br", "").Header.Get("ETag")
	if resp := get("GET", a.ModuleURL(), "br", etag); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match %s: status %d", etag, resp.StatusCode)
	}
	if resp := get("HEAD", a.ModuleURL(), "br", ""); resp.StatusCode != 200 || resp.Header.Get("Content-Length") != fmt.Sprint(len(a.br)) {
		t.Errorf("HEAD: status %d, length %s", resp.StatusCode, resp.Header.Get("Content-Length"))
	}
	resp = get("GET", a.ExecURL(), "", "")
	body, _ = io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") || !bytes.Equal(body, a.exec) ||
		resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("wasm_exec.js: status %d, headers %v", resp.StatusCode, resp.Header)
	}
	for _, p := range []string{Prefix + "plateau.0000000000000000.wasm", Prefix + "plateau.wasm.br", Prefix + "manifest.json", Prefix + "../engineasset.go", Prefix} {
		if resp := get("GET", p, "br", ""); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", p, resp.StatusCode)
		}
	}
}

// conformanceCase is one random playout of one variant with the native
// build's answers, for testdata/conformance.js.
type conformanceCase struct {
	Rules   string         `json:"rules"`
	Options string         `json:"options"`
	Playout int            `json:"playout"`
	Moves   []string       `json:"moves"`
	Steps   []step         `json:"steps"`
	History []historyBoard `json:"history"`
	Search  *searchCheck   `json:"search,omitempty"`
	Review  *reviewCheck   `json:"review,omitempty"`
}

// reviewCheck is the review of a game's first moves at a level with a
// seed (the analysis board in the browser): each move's caption, the
// accuracies and the graph, as the native engine gives them.
type reviewCheck struct {
	Moves    []string `json:"moves"`
	Level    string   `json:"level"`
	Seed     uint64   `json:"seed"`
	Lang     string   `json:"lang"`
	Captions []string `json:"captions"`
	Accuracy []int    `json:"accuracy"`
	Graph    string   `json:"graph"`
}

type step struct {
	Lang       string       `json:"lang"`
	Flip       bool         `json:"flip"`
	ToMove     int          `json:"toMove"`
	Result     string       `json:"result"`
	Legal      []legalCheck `json:"legal"`
	SVG        string       `json:"svg"`
	LastPlaces []string     `json:"lastPlaces"`
	Choices    []string     `json:"choices,omitempty"`
	Previews   []string     `json:"previews,omitempty"`
}

type legalCheck struct {
	Move   string   `json:"move"`
	Places []string `json:"places"`
	Says   string   `json:"says"`
}

type historyBoard struct {
	Ply  int    `json:"ply"`
	Lang string `json:"lang"`
	Flip bool   `json:"flip"`
	SVG  string `json:"svg"`
}

type searchCheck struct {
	Level string `json:"level"`
	Seed  uint64 `json:"seed"`
	Move  string `json:"move"`
}

// reviewedMoves is how many moves of a playout the review check judges.
const reviewedMoves = 4

// nativeReview is the native engine's review of moves at the easy level.
func nativeReview(t *testing.T, v *game.Variant, options string, moves []string, lang string) *reviewCheck {
	t.Helper()
	e := webengine.New()
	if a := e.Handle(webengine.Request{Op: "load", Rules: v.Game.ID, Options: options, Moves: moves}); a.Error != "" {
		t.Fatalf("%s: load: %s", v, a.Error)
	}
	a := e.Handle(webengine.Request{Op: "review", Level: "easy", Seed: 7, Lang: lang})
	if a.Error != "" {
		t.Fatalf("%s: review: %s", v, a.Error)
	}
	rc := &reviewCheck{Moves: moves, Level: "easy", Seed: 7, Lang: lang, Captions: []string{}, Accuracy: []int{}, Graph: hashOf([]byte(a.Review.Graph))}
	for _, p := range a.Review.Plies {
		rc.Captions = append(rc.Captions, p.Caption)
	}
	for _, s := range a.Review.Seats {
		rc.Accuracy = append(rc.Accuracy, s.Accuracy)
	}
	return rc
}

func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// conformancePlies bounds each playout: enough to reach the middle game
// (captures, promotions, phases) of every game without making the test long.
const conformancePlies = 60

// playout plays one random game of v with the native build and records
// what the module must answer.
func playout(t *testing.T, v *game.Variant, options string, n int, rng *rand.Rand) conformanceCase {
	c := conformanceCase{Rules: v.Game.ID, Options: options, Playout: n, Moves: []string{}}
	m := game.NewMatch(v.Start())
	var lastPlaces []string
	for ply := 0; ; ply++ {
		s := m.State()
		st := step{Lang: []string{"en", "fr"}[ply%2], Flip: ply%3 == 1, ToMove: m.ToMove(), Result: m.Outcome().Status.String(), LastPlaces: lastPlaces, Legal: []legalCheck{}}
		if st.LastPlaces == nil {
			st.LastPlaces = []string{}
		}
		legal := webengine.Legal(m, st.Lang)
		shared := map[string][]string{}
		for _, lm := range legal {
			st.Legal = append(st.Legal, legalCheck{lm.Move, lm.Places, lm.Says})
			if lm.Says != "" && len(st.Choices) == 0 {
				k := strings.Join(lm.Places, " ")
				shared[k] = append(shared[k], lm.Move)
			}
		}
		for _, moves := range shared {
			if len(moves) > 4 {
				moves = moves[:4]
			}
			st.Choices = moves
			for _, mv := range moves {
				svg, err := webengine.Preview(s, mv, st.Lang, st.Flip)
				if err != nil {
					t.Fatalf("%s: preview %s: %v", v, mv, err)
				}
				st.Previews = append(st.Previews, hashOf(svg))
			}
			break
		}
		svg, err := render.SVG(s, render.Options{Lang: st.Lang, Flip: st.Flip, LastMove: lastPlaces})
		if err != nil {
			t.Fatalf("%s ply %d: %v", v, ply, err)
		}
		st.SVG = hashOf(svg)
		c.Steps = append(c.Steps, st)
		moves := m.LegalMoves(nil)
		if len(moves) == 0 || ply >= conformancePlies {
			break
		}
		mv := moves[rng.IntN(len(moves))]
		lastPlaces = render.Places(s, mv)
		c.Moves = append(c.Moves, s.MoveString(mv))
		if err := m.Play(mv); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
	}
	// A few boards of the history, seen from the other side in French.
	replay := game.NewMatch(v.Start())
	for ply := 0; ply <= len(c.Moves); ply++ {
		var last []string
		if ply > 0 {
			before := replay.State().Clone()
			mv, err := replay.PlayNotation(c.Moves[ply-1])
			if err != nil {
				t.Fatal(err)
			}
			last = render.Places(before, mv)
		}
		if ply%7 != 3 && ply != len(c.Moves) {
			continue
		}
		svg, err := render.SVG(replay.State(), render.Options{Lang: "fr", Flip: true, LastMove: last})
		if err != nil {
			t.Fatal(err)
		}
		c.History = append(c.History, historyBoard{Ply: ply, Lang: "fr", Flip: true, SVG: hashOf(svg)})
	}
	return c
}

// The module answers as the native build does, for every game and variant
// along random playouts (testdata/conformance.js, run by Node, which runs
// Go's wasm_exec.js as browsers do).
func TestEngineModuleConformance(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed, and CI=true: the module's conformance must run (scripts/test installs it)")
		}
		t.Skip("node is not installed: the module's conformance needs Node (18 or later)")
	}
	module, _ := builtModule(t)
	wasmExec, err := build.WasmExec()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	execPath := filepath.Join(dir, "wasm_exec.js")
	if err := os.WriteFile(execPath, wasmExec, 0o644); err != nil {
		t.Fatal(err)
	}
	var cases []conformanceCase
	rng := rand.New(rand.NewPCG(27, 2026))
	variants := 0
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := game.NewVariant(g.ID, opts)
			if err != nil {
				t.Fatalf("%s %v: %v", g.ID, opts, err)
			}
			variants++
			for n := 0; n < 2; n++ {
				c := playout(t, v, opts.String(), n, rng)
				if n == 0 {
					// The computer player the module runs chooses as the
					// native one does with the same seed.
					agent, err := ai.New("easy", v, 7)
					if err != nil {
						t.Fatal(err)
					}
					m := game.NewMatch(v.Start())
					mv, err := agent.Choose(context.Background(), m)
					if err != nil {
						t.Fatalf("%s: search: %v", v, err)
					}
					c.Search = &searchCheck{Level: "easy", Seed: 7, Move: m.State().MoveString(mv)}
					c.Review = nativeReview(t, v, opts.String(), c.Moves[:min(len(c.Moves), reviewedMoves)], []string{"fr", "en"}[variants%2])
				}
				cases = append(cases, c)
			}
		}
	}
	b, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	casesPath := filepath.Join(dir, "cases.json")
	if err := os.WriteFile(casesPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "conformance.js"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, script, execPath, module, casesPath).CombinedOutput()
	if err != nil {
		t.Fatalf("the module differs from the native build (%v):\n%s", err, out)
	}
	t.Logf("%d variants: %s", variants, strings.TrimSpace(string(out)))
}
