package learn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/web"
)

// The POGO solution for the analysis board that judges in the browser: the
// page's engine has no 58 MB table, so it asks the server for the exact
// values of its game's positions (a lookup each, no search) and judges
// with them (webengine's op review, ai.NewKnownAnalyser).

// Bounds of one lookup: a POGO game is far shorter (its ply limit), and a
// request is read whole before anything is looked up.
const (
	maxValuedMoves = 1000
	maxValuesBody  = 64 << 10
)

// solution is the server's POGO solution. Package ai loads its table once
// by path and shares it; each lookup gets an analyser of its own (an
// analyser is not for concurrent use).
// A table that cannot be loaded is not tried again at each lookup (58 MB
// read each time): its error stays until the server restarts.
type solution struct {
	path string // "" for the place plateau solve pogo writes it to
	once sync.Once
	err  error
}

func (so *solution) analyser(v *game.Variant) (*ai.Analyser, error) {
	spec := "perfect"
	if so.path != "" {
		spec += ":table=" + so.path
	}
	so.once.Do(func() { _, so.err = ai.NewAnalyser(spec, v, 0) })
	if so.err != nil {
		return nil, so.err
	}
	return ai.NewAnalyser(spec, v, 0)
}

// valuedPosition is one position's exact values, as webengine.KnownPosition
// reads them.
type valuedPosition struct {
	Position string       `json:"position"`
	Moves    []valuedMove `json:"moves"`
}

type valuedMove struct {
	Move   string `json:"move"`
	Result string `json:"result"`
	Plies  int    `json:"plies,omitempty"`
}

var errNoSolution = errors.New("this server has no POGO solution")

// PogoValues (POST /analysis/pogo-values) answers the exact values of every
// move of each position of a POGO game not over: form fields options (the
// variant's), position (the start; empty for the variant's) and moves (the
// notations, one a line). JSON {"positions": [...]}; 404 when the server
// has no solution, 400 with the reason for a game that is not one.
func (bd *board) PogoValues(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxValuesBody)
	fail := func(code int, err error) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
	}
	if err := r.ParseForm(); err != nil {
		fail(http.StatusBadRequest, fmt.Errorf("form: %v (at most %d bytes)", err, maxValuesBody))
		return
	}
	lang := web.PickLang(w, r)
	positions, err := bd.pogoValues(r.Context(), r.PostForm.Get("options"), r.PostForm.Get("position"), r.PostForm.Get("moves"), lang)
	switch {
	case errors.Is(err, errNoSolution):
		fail(http.StatusNotFound, err)
	case err != nil:
		fail(http.StatusBadRequest, err)
	default:
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(map[string]any{"positions": positions})
	}
}

func (bd *board) pogoValues(ctx context.Context, options, position, moves, lang string) ([]valuedPosition, error) {
	opts, err := game.ParseOptions(options)
	if err != nil {
		return nil, err
	}
	v, err := game.NewVariant("pogo", opts)
	if err != nil {
		return nil, err
	}
	start, err := v.Position(position)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	var notations []string
	for _, n := range strings.Split(moves, "\n") {
		if n = strings.TrimSpace(n); n != "" {
			notations = append(notations, n)
		}
	}
	if len(notations) > maxValuedMoves {
		return nil, fmt.Errorf("%d moves: at most %d", len(notations), maxValuedMoves)
	}
	m := game.NewMatch(start)
	for i, n := range notations {
		if _, err := m.PlayNotation(n); err != nil {
			return nil, fmt.Errorf("move %d %s: %v", i+1, game.Quote(n), game.ErrorText(err, lang))
		}
	}
	if bd.solution == nil {
		return nil, errNoSolution
	}
	an, err := bd.solution.analyser(v)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errNoSolution, err)
	}
	replay := game.NewMatch(start)
	out := []valuedPosition{}
	for i := 0; i <= len(notations); i++ {
		if replay.Outcome().Ended() {
			break
		}
		a, err := an.Analyse(ctx, replay)
		if err != nil {
			return nil, err
		}
		vp := valuedPosition{Position: replay.State().Encode(), Moves: []valuedMove{}}
		for _, mv := range a.Moves {
			vp.Moves = append(vp.Moves, valuedMove{Move: mv.Notation, Result: mv.Proof.String(), Plies: mv.Plies})
		}
		out = append(out, vp)
		if i < len(notations) {
			replay.PlayNotation(notations[i])
		}
	}
	return out, nil
}
