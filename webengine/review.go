package webengine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/review"
)

// KnownPosition is a position's exact values, from the server's POGO
// solution (GET /api/pogo/solution): the page asks for them, the engine
// judges with them instead of searching.
type KnownPosition struct {
	Position string      `json:"position"`
	Moves    []KnownMove `json:"moves"`
}

// KnownMove is one move's exact value for the mover.
type KnownMove struct {
	Move   string `json:"move"`
	Result string `json:"result"` // win, draw or loss
	Plies  int    `json:"plies,omitempty"`
}

// ReviewView is a judged game as the analysis board shows it (the server's
// analysis page draws the same from package review).
type ReviewView struct {
	Agent    string           `json:"agent"`
	Exact    bool             `json:"exact"`
	Complete bool             `json:"complete"`
	Plies    []review.PlyView `json:"plies"`
	Seats    []SeatView       `json:"seats"`
	Graph    string           `json:"graph"`
}

// SeatView is one seat's summary.
type SeatView struct {
	Seat         int `json:"seat"`
	Moves        int `json:"moves"`
	Inaccuracies int `json:"inaccuracies"`
	Mistakes     int `json:"mistakes"`
	Blunders     int `json:"blunders"`
	Accuracy     int `json:"accuracy"`
}

// reviewOf judges every move of the loaded game (op review): at Level
// (default hard), TimeMS a position replacing the level's own budget, and
// with the Known exact values where given. Progress is told after each
// position; the page cancels by ending the worker.
func (e *Engine) reviewOf(req Request) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	if req.TimeMS < 0 || time.Duration(req.TimeMS)*time.Millisecond > MaxSearch {
		return Answer{}, fmt.Errorf("timeMs %d: from 0 (the level's own budget) to %d", req.TimeMS, MaxSearch.Milliseconds())
	}
	level := strings.ToLower(strings.TrimSpace(req.Level))
	if level == "" {
		level = "hard"
	}
	if !ai.IsLevel(level) {
		return Answer{}, fmt.Errorf("level %q: one of %s", req.Level, strings.Join(ai.Levels, ", "))
	}
	if len(req.Known) > MaxMoves+1 {
		return Answer{}, fmt.Errorf("%d known positions: at most %d", len(req.Known), MaxMoves+1)
	}
	v := e.match.Variant()
	opt := review.Options{Agent: level, Time: time.Duration(req.TimeMS) * time.Millisecond, Seed: req.Seed}
	spec, _, err := review.Spec(v, opt)
	if err != nil {
		return Answer{}, err
	}
	an, err := ai.NewAnalyser(spec, v, req.Seed)
	if err != nil {
		return Answer{}, err
	}
	if len(req.Known) > 0 {
		known, err := knownValues(req.Known)
		if err != nil {
			return Answer{}, err
		}
		an = ai.NewKnownAnalyser(an, known)
	}
	opt.Analyser = an
	if e.Progress != nil {
		opt.Progress = func(done, total int) { e.Progress(req.ID, done, total) }
	}
	r, err := review.Game(context.Background(), e.match, opt)
	if err != nil {
		return Answer{}, err
	}
	view := &ReviewView{Agent: r.Agent, Exact: r.Exact, Complete: r.Complete, Plies: r.Views(req.Lang), Graph: r.Graph(len(e.states)-1, req.Lang)}
	for _, s := range r.Seats {
		view.Seats = append(view.Seats, SeatView{Seat: s.Seat, Moves: s.Moves, Inaccuracies: s.Counts.Inaccuracy,
			Mistakes: s.Counts.Mistake, Blunders: s.Counts.Blunder, Accuracy: s.Accuracy()})
	}
	return Answer{Ply: len(e.states) - 1, ToMove: e.match.ToMove(), Review: view}, nil
}

// knownValues checks the known values sent and keys them by position.
func knownValues(list []KnownPosition) (map[string][]ai.KnownValue, error) {
	out := make(map[string][]ai.KnownValue, len(list))
	for i, kp := range list {
		if len(kp.Moves) > MaxChoices*4 {
			return nil, fmt.Errorf("known position %d: %d moves, at most %d", i+1, len(kp.Moves), MaxChoices*4)
		}
		var values []ai.KnownValue
		for _, km := range kp.Moves {
			kv := ai.KnownValue{Notation: km.Move, Plies: km.Plies}
			switch km.Result {
			case "win":
				kv.Proof = ai.ProvenWin
			case "draw":
				kv.Proof = ai.ProvenDraw
			case "loss":
				kv.Proof = ai.ProvenLoss
			default:
				return nil, fmt.Errorf("known position %d, move %q: result %q, not win, draw or loss", i+1, km.Move, km.Result)
			}
			values = append(values, kv)
		}
		out[kp.Position] = values
	}
	return out, nil
}
