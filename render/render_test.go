package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
)

// placesOf parses an SVG and returns its places (data-place) in order,
// failing on malformed XML or a place without its kind attribute.
func placesOf(t *testing.T, svg []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var places []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := func(name string) (string, bool) {
			for _, a := range el.Attr {
				if a.Name.Local == name {
					return a.Value, true
				}
			}
			return "", false
		}
		id, ok := attr("data-place")
		if !ok {
			continue
		}
		kinds := 0
		for _, k := range []string{"data-cell", "data-point", "data-hole", "data-edge"} {
			if v, _ := attr(k); v == id {
				kinds++
			}
		}
		if kinds != 1 {
			t.Fatalf("place %q lacks its data-cell/point/hole/edge attribute", id)
		}
		places = append(places, id)
	}
	return places
}

// wantPlaces is the number of places each game's board has.
func wantPlaces(s game.State) int {
	switch s.Variant().Game.ID {
	case "pogo":
		return 9
	case "poldr":
		n := poldrSize(s.Encode())
		return n * n
	case "pods":
		return 36
	case "polygone":
		return 24 + 55
	}
	return 144 // the Blockade board
}

// positions plays random games of v and returns the start and positions met
// on the way, with the move that led to each (nil move for the start).
func positions(v *game.Variant, games int, seed uint64) []game.State {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := []game.State{v.Start()}
	var buf []game.Move
	for g := 0; g < games; g++ {
		s := v.Start()
		limit := 200
		for ply := 0; ply < limit; ply++ {
			buf = s.LegalMoves(buf)
			if len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
			if ply%7 == 3 || len(s.LegalMoves(buf)) == 0 {
				out = append(out, s.Clone())
			}
		}
	}
	return out
}

func TestEveryGameHasARenderer(t *testing.T) {
	for _, g := range game.Games() {
		if !Supported(g.ID) {
			t.Errorf("no renderer for %s", g.ID)
		}
	}
}

// TestRenderAndPlaces draws positions of random games of every variant and
// checks the drawing (well-formed, one element per place, deterministic)
// and the click sequence of every legal move.
func TestRenderAndPlaces(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, g := range game.Games() {
		for vi, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%s/%d", g.ID, vi), func(t *testing.T) {
				var buf []game.Move
				var movePlaces [][]string
				for i, s := range positions(v, games, uint64(vi+1)) {
					opt := Options{Flip: i%2 == 1, Lang: []string{"en", "fr"}[i%2], NoCoordinates: i%3 == 2}
					svg, err := SVG(s, opt)
					if err != nil {
						t.Fatalf("%s: %v", s.Encode(), err)
					}
					// The XML decoder reads two drawings in four (the
					// rotation meets every mix of flip, language and
					// coordinates, see opt), placeIDs the others: it is
					// checked against the decoder on the drawings both read.
					var places []string
					xmlRead := i%4 < 2
					if xmlRead {
						places = placesOf(t, svg)
					} else {
						places = placeIDs(svg)
					}
					if len(places) != wantPlaces(s) {
						t.Fatalf("%s: %d places, want %d", s.Encode(), len(places), wantPlaces(s))
					}
					known := map[string]bool{}
					for _, p := range places {
						if known[p] {
							t.Fatalf("%s: place %q twice", s.Encode(), p)
						}
						known[p] = true
					}
					again, _ := SVG(s.Clone(), opt)
					if !bytes.Equal(svg, again) {
						t.Fatalf("%s: two drawings differ", s.Encode())
					}
					if scanned := placeIDs(svg); xmlRead && !slices.Equal(scanned, places) {
						t.Fatalf("%s: places read by placeIDs %v, by the XML decoder %v", s.Encode(), scanned, places)
					}
					buf = s.LegalMoves(buf)
					movePlaces = movePlaces[:0]
					for _, m := range buf {
						p := Places(s, m)
						movePlaces = append(movePlaces, p)
						if m == game.Pass {
							if p != nil {
								t.Fatalf("%s: pass has places %v", s.Encode(), p)
							}
							continue
						}
						if len(p) == 0 {
							t.Fatalf("%s: move %s has no places", s.Encode(), s.MoveString(m))
						}
						for _, id := range p {
							if !known[id] {
								t.Fatalf("%s: move %s: place %q is not in the drawing", s.Encode(), s.MoveString(m), id)
							}
						}
					}
					// Matching goes through every legal move, so calling it
					// for each move would cost the square of their number:
					// it is called for about matchingPerPosition moves
					// spread over the list, starting at an offset that
					// moves with the position, and must give exactly the
					// moves with the same click sequence.
					stride := max(1, (len(buf)+matchingPerPosition-1)/matchingPerPosition)
					for mi := i % stride; mi < len(buf); mi += stride {
						m, p := buf[mi], movePlaces[mi]
						if m == game.Pass {
							continue
						}
						var want []game.Move
						for j, q := range movePlaces {
							if slices.Equal(p, q) && buf[j] != game.Pass {
								want = append(want, buf[j])
							}
						}
						if got := Matching(s, p); !slices.Equal(got, want) {
							t.Fatalf("%s: move %s: the moves of its places %v are %v, want %v", s.Encode(), s.MoveString(m), p, got, want)
						}
					}
				}
			})
		}
	}
}

// matchingPerPosition is about how many moves of a position
// TestRenderAndPlaces checks Matching on (every move when fewer). With the
// offset moving from one position to the next, each variant's positions
// still have their every move index checked, and every position its
// Matching on several moves.
const matchingPerPosition = 8

// placeIDs reads the places of an SVG drawing in order, as placesOf does
// but without an XML decoder (a tenth of the time): the value of each
// data-place attribute, which the drawing writes one per place element.
func placeIDs(svg []byte) []string {
	var out []string
	const attr = ` data-place="`
	for {
		i := bytes.Index(svg, []byte(attr))
		if i < 0 {
			return out
		}
		svg = svg[i+len(attr):]
		j := bytes.IndexByte(svg, '"')
		if j < 0 {
			return append(out, string(svg))
		}
		out = append(out, string(svg[:j]))
		svg = svg[j+1:]
	}
}

// TestPlacesExamples checks the click sequences of the documented examples.
func TestPlacesExamples(t *testing.T) {
	cases := []struct {
		game, opts, position string
		moves                []string
		move                 string
		want                 string
	}{
		{game: "pogo", move: "2b1-b3", want: "b1 b3"},
		{game: "alignement", move: "S@e5", want: "e5"},
		{game: "blocus", move: "@d4", want: "d4"},
		{game: "empire", move: "b3-b5", want: "b3 b5"},
		{game: "solitaire", move: "f7-f3", want: "f7 f3"},
		{game: "poldr", move: "P-c3,M-c5", want: "c3 c5"},
		{game: "poldr", moves: []string{"P-c3,M-c5"}, move: "M-a1", want: "a1"},
		{game: "pods", move: "B1@c3", want: "c3"},
		{game: "polygone", move: "B2-A2/B2-B3", want: "B2-A2 B2-B3"},
	}
	for _, tc := range cases {
		opts, _ := game.ParseOptions(tc.opts)
		v, err := game.NewVariant(tc.game, opts)
		if err != nil {
			t.Fatal(err)
		}
		m := game.NewMatch(v.Start())
		for _, mv := range tc.moves {
			if _, err := m.PlayNotation(mv); err != nil {
				t.Fatal(err)
			}
		}
		s := m.State()
		mv, err := s.ParseMove(tc.move)
		if err != nil {
			t.Errorf("%s %s: %v", tc.game, tc.move, err)
			continue
		}
		if got := strings.Join(Places(s, mv), " "); got != tc.want {
			t.Errorf("%s %s: places %q, want %q", tc.game, tc.move, got, tc.want)
		}
	}
}

func TestOverlaysAndErrors(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	s := v.Start()
	svg, err := SVG(s, Options{Highlight: NextPlaces(s, []string{"b1"}), LastMove: []string{"a1", "zz"}})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(svg), `class="highlight"`); n != len(NextPlaces(s, []string{"b1"})) || n == 0 {
		t.Errorf("%d highlights drawn", n)
	}
	if n := strings.Count(string(svg), `class="last"`); n != 1 {
		t.Errorf("%d last-move tints drawn, want 1 (unknown places are ignored)", n)
	}
	if _, err := SVG(nil, Options{}); err == nil {
		t.Error("no error for a nil position")
	}
}

// TestWriteSamples writes sample drawings to $RENDER_SAMPLES, to look at.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set RENDER_SAMPLES to a folder to write sample drawings")
	}
	for _, g := range game.Games() {
		for vi, opts := range g.AllVariants() {
			v, _ := g.Variant(opts)
			ps := positions(v, 1, 3)
			s := ps[len(ps)/2]
			var last []string
			svg, err := SVG(s, Options{LastMove: last, Highlight: NextPlaces(s, nil), Lang: "en"})
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.svg", g.ID, vi)), svg, 0o644)
			svg, _ = SVG(v.Start(), Options{})
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d-start.svg", g.ID, vi)), svg, 0o644)
		}
	}
}
