// Package webengine is the rules engine a web page runs in its browser: the
// rules of every game (games/all), the renderer (render) and the computer
// players (ai), the very packages the server runs, behind one JSON request
// and answer. cmd/plateau-wasm exposes it to JavaScript from a WebAssembly
// module run in a Web Worker (server/internal/web/static/engine-worker.js);
// docs/server.md describes the messages.
//
// The package does no I/O: it builds natively too, so that its tests and the
// conformance test of the module compare the module with the native build.
package webengine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/render"
)

// Bounds on what one request may ask: the page is trusted no more than the
// network, and a worker that hangs or eats the phone's memory is a broken page.
const (
	// MaxMoves is the most moves a loaded game may have (the longest game
	// of the catalogue, POLD.R's ply limit, is far below).
	MaxMoves = 5000
	// MaxChoices is the most previews one request draws.
	MaxChoices = 64
	// MaxSearch is the longest search a request may ask for.
	MaxSearch = 60 * time.Second
	// MaxRequest is the longest request text read.
	MaxRequest = 1 << 20
)

// Request is one message to the engine. Op says what is asked:
//
//	load      the game: Rules, Options ("name=value ..."), Position (empty:
//	          the variant's start) and the Moves played; answers like legal
//	legal     the legal moves of the current position with their places and,
//	          when their clicks are shared, their sentence in Lang
//	apply     plays Move (a notation) on the current position; answers the
//	          move's notation and places, then like legal
//	svg       the drawing of the position after Ply moves (nil: the current
//	          one), with Lang, Flip, Size, NoCoordinates, Status, and the move
//	          that made it marked unless NoLast
//	previews  the small drawings of the positions after each of Choices, as
//	          the server's /games/ID/preview draws them
//	search    the move a computer player chooses in the current position: at
//	          Level (easy, medium, hard, max), or searching for TimeMS
//	          milliseconds; Seed makes it reproducible
//	review    judges every move of the game (package review) at Level
//	          (default hard), TimeMS a position if given, with the Known
//	          exact values; Progress is told after each position
type Request struct {
	ID            int      `json:"id"`
	Op            string   `json:"op"`
	Rules         string   `json:"rules,omitempty"`
	Options       string   `json:"options,omitempty"`
	Position      string   `json:"position,omitempty"`
	Moves         []string `json:"moves,omitempty"`
	Move          string   `json:"move,omitempty"`
	Choices       []string `json:"choices,omitempty"`
	Ply           *int     `json:"ply,omitempty"`
	Lang          string   `json:"lang,omitempty"`
	Flip          bool     `json:"flip,omitempty"`
	Size          int      `json:"size,omitempty"`
	NoCoordinates bool     `json:"noCoordinates,omitempty"`
	Status        string   `json:"status,omitempty"`
	NoLast        bool     `json:"noLast,omitempty"`
	LastMove      []string `json:"lastMove,omitempty"` // replaces the marked move's places (a game of three or four marks a round)
	Level         string   `json:"level,omitempty"`
	TimeMS        int      `json:"timeMs,omitempty"`
	Seed          uint64   `json:"seed,omitempty"`
	// Known are exact values of positions for op review (POGO's solution
	// looked up on the server).
	Known         []KnownPosition `json:"known,omitempty"`
	RecordRequest                 // the op record's fields (record.go)
}

// LegalMove is a legal move as the page uses it (the server's
// games.LegalMove): notation, places to click, and in words when another
// move shares its places.
type LegalMove struct {
	Move   string   `json:"move"`
	Places []string `json:"places"`
	Says   string   `json:"says,omitempty"`
}

// Answer is the engine's answer, tagged with the request's ID.
type Answer struct {
	ID     int         `json:"id"`
	Error  string      `json:"error,omitempty"`
	Ply    int         `json:"ply"`
	ToMove int         `json:"toMove"`           // -1 once the game is over
	Result string      `json:"result,omitempty"` // "ongoing", "win", "draw" or "over"
	Legal  []LegalMove `json:"legal,omitempty"`
	Move   string      `json:"move,omitempty"`   // the move played (apply) or chosen (search)
	Places []string    `json:"places,omitempty"` // its places, in the position before it
	SVG    string      `json:"svg,omitempty"`
	SVGs   []string    `json:"svgs,omitempty"`
	Review *ReviewView `json:"review,omitempty"`
	Record string      `json:"record,omitempty"` // the game as a record file (op record)
}

// Engine holds one game: the positions after each move, so that the
// history's boards are drawn without replaying.
type Engine struct {
	match  *game.Match
	states []game.State // states[i]: the position after i moves
	places [][]string   // places[i]: the places of move i+1
	// Progress, when set, is told how far a long request (review) is:
	// the worker passes it to the page while the request runs.
	Progress func(id, done, total int)
}

// New is an engine with no game loaded.
func New() *Engine { return &Engine{} }

// HandleJSON reads one request and answers it, as JSON. Malformed input is
// an answer with an error, never a panic.
func (e *Engine) HandleJSON(in []byte) []byte {
	var req Request
	var a Answer
	if len(in) > MaxRequest {
		a = Answer{Error: fmt.Sprintf("request of %d bytes: at most %d", len(in), MaxRequest)}
	} else if err := json.Unmarshal(in, &req); err != nil {
		a = Answer{Error: "request: " + err.Error()}
	} else {
		a = e.Handle(req)
	}
	out, err := json.Marshal(a)
	if err != nil {
		out, _ = json.Marshal(Answer{ID: a.ID, Error: err.Error()})
	}
	return out
}

// Handle answers one request.
func (e *Engine) Handle(req Request) (a Answer) {
	defer func() {
		// A bug in a game's code must not kill the worker: the page falls
		// back to the server's answers.
		if v := recover(); v != nil {
			a = Answer{ID: req.ID, Error: fmt.Sprintf("engine failure: %v", v)}
		}
	}()
	var err error
	switch req.Op {
	case "load":
		a, err = e.load(req)
	case "legal":
		a, err = e.current(req, nil)
	case "apply":
		a, err = e.apply(req)
	case "svg":
		a, err = e.svg(req)
	case "previews":
		a, err = e.previews(req)
	case "search":
		a, err = e.search(req)
	case "review":
		a, err = e.reviewOf(req)
	case "record":
		a, err = e.recordOf(req)
	default:
		err = fmt.Errorf("unknown op %q: load, legal, apply, svg, previews, search, review or record", req.Op)
	}
	if err != nil {
		a = Answer{Error: err.Error()}
	}
	a.ID = req.ID
	return a
}

func (e *Engine) load(req Request) (Answer, error) {
	if len(req.Moves) > MaxMoves {
		return Answer{}, fmt.Errorf("%d moves: at most %d", len(req.Moves), MaxMoves)
	}
	if len(req.Position) > game.MaxInput {
		return Answer{}, fmt.Errorf("position text of %d bytes: at most %d", len(req.Position), game.MaxInput)
	}
	opts, err := game.ParseOptions(req.Options)
	if err != nil {
		return Answer{}, err
	}
	v, err := game.NewVariant(req.Rules, opts)
	if err != nil {
		return Answer{}, err
	}
	start, err := v.Position(req.Position)
	if err != nil {
		return Answer{}, fmt.Errorf("start position: %w", err)
	}
	e.match = game.NewMatch(start)
	e.states = []game.State{start.Clone()}
	e.places = nil
	for i, n := range req.Moves {
		if err := e.play(n); err != nil {
			e.match = nil
			return Answer{}, fmt.Errorf("move %d %q: %w", i+1, n, err)
		}
	}
	return e.current(req, nil)
}

// play plays one notation on the match and keeps the position and places.
func (e *Engine) play(notation string) error {
	if len(e.states) > MaxMoves {
		return fmt.Errorf("the game has %d moves: at most %d", len(e.states)-1, MaxMoves)
	}
	before := e.match.State().Clone()
	mv, err := e.match.PlayNotation(notation)
	if err != nil {
		return err
	}
	e.places = append(e.places, render.Places(before, mv))
	e.states = append(e.states, e.match.State().Clone())
	return nil
}

func (e *Engine) loaded() error {
	if e.match == nil {
		return fmt.Errorf("no game loaded: send load first")
	}
	return nil
}

// current answers the current position: its ply, whose turn, the result
// and the legal moves.
func (e *Engine) current(req Request, a *Answer) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	if a == nil {
		a = &Answer{}
	}
	a.Ply = len(e.states) - 1
	a.ToMove = e.match.ToMove()
	a.Result = e.match.Outcome().Status.String()
	a.Legal = Legal(e.match, req.Lang)
	return *a, nil
}

// Legal lists the legal moves of a match's position as the server's state
// message does: notation, places, and the sentence of the moves whose
// places another shares (the server's games.DescribeShared).
func Legal(m *game.Match, lang string) []LegalMove {
	s := m.State()
	var out []LegalMove
	count := map[string]int{}
	for _, mv := range m.LegalMoves(nil) {
		places := render.Places(s, mv)
		if places == nil {
			places = []string{}
		}
		out = append(out, LegalMove{Move: s.MoveString(mv), Places: places})
		count[strings.Join(places, " ")]++
	}
	v := m.Variant()
	for i, lm := range out {
		if len(lm.Places) > 0 && count[strings.Join(lm.Places, " ")] > 1 {
			out[i].Says = render.DescribeMove(v, lm.Move, lang)
		}
	}
	return out
}

func (e *Engine) apply(req Request) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	if req.Move == "" || len(req.Move) > game.MaxInput {
		return Answer{}, fmt.Errorf("move: a legal move in notation, at most %d bytes", game.MaxInput)
	}
	if err := e.play(req.Move); err != nil {
		return Answer{}, err
	}
	n := len(e.states) - 1
	a := Answer{Move: e.match.Notations()[n-1], Places: e.places[n-1]}
	return e.current(req, &a)
}

// plyOf is the ply a request names, checked against the game.
func (e *Engine) plyOf(req Request) (int, error) {
	last := len(e.states) - 1
	if req.Ply == nil {
		return last, nil
	}
	if *req.Ply < 0 || *req.Ply > last {
		return 0, fmt.Errorf("ply %d: from 0 to %d", *req.Ply, last)
	}
	return *req.Ply, nil
}

func (e *Engine) svg(req Request) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	ply, err := e.plyOf(req)
	if err != nil {
		return Answer{}, err
	}
	if req.Size < 0 || req.Size > 4096 {
		return Answer{}, fmt.Errorf("size %d: from 0 (the default) to 4096", req.Size)
	}
	opt := render.Options{Lang: req.Lang, Flip: req.Flip, Size: req.Size, NoCoordinates: req.NoCoordinates, Status: req.Status}
	if !req.NoLast && ply > 0 {
		opt.LastMove = e.places[ply-1]
	}
	if req.LastMove != nil {
		opt.LastMove = req.LastMove
	}
	svg, err := render.SVG(e.states[ply], opt)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Ply: ply, SVG: string(svg)}, nil
}

// previews draws, small, the position after each of req.Choices with the
// move marked: the pictures of the dialog that asks which of several moves
// sharing the same clicks is meant (the server's GamePreview).
func (e *Engine) previews(req Request) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	if len(req.Choices) > MaxChoices {
		return Answer{}, fmt.Errorf("%d choices: at most %d", len(req.Choices), MaxChoices)
	}
	ply, err := e.plyOf(req)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Ply: ply, SVGs: []string{}}
	for _, n := range req.Choices {
		svg, err := Preview(e.states[ply], n, req.Lang, req.Flip)
		if err != nil {
			return Answer{}, err
		}
		a.SVGs = append(a.SVGs, string(svg))
	}
	return a, nil
}

// Preview is the small drawing of the position after the move notation
// of before, as the server's /games/ID/preview draws it.
func Preview(before game.State, notation, lang string, flip bool) ([]byte, error) {
	if notation == "" || len(notation) > game.MaxInput {
		return nil, fmt.Errorf("move: a legal move in notation, at most %d bytes", game.MaxInput)
	}
	mv, err := before.ParseMove(notation)
	if err != nil {
		return nil, err
	}
	after := before.Clone()
	last := render.Places(before, mv)
	after.Apply(mv)
	return render.SVG(after, render.Options{Size: 200, NoCoordinates: true, LastMove: last, Lang: lang, Flip: flip, Status: " "})
}

// SearchSpec is the agent a search request plays with: the level, or MCTS
// for the time asked (the default levels' search; a level's own budget is
// in iterations or depth).
func SearchSpec(level string, timeMS int) (string, error) {
	switch {
	case timeMS < 0 || time.Duration(timeMS)*time.Millisecond > MaxSearch:
		return "", fmt.Errorf("timeMs %d: from 1 to %d", timeMS, MaxSearch.Milliseconds())
	case timeMS > 0 && level != "":
		return "", fmt.Errorf("a search has a level or a time, not both")
	case timeMS > 0:
		return fmt.Sprintf("mcts:time=%dms", timeMS), nil
	case ai.IsLevel(level):
		return strings.ToLower(strings.TrimSpace(level)), nil
	}
	return "", fmt.Errorf("level %q: one of %s, or a time (timeMs)", level, strings.Join(ai.Levels, ", "))
}

func (e *Engine) search(req Request) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	spec, err := SearchSpec(req.Level, req.TimeMS)
	if err != nil {
		return Answer{}, err
	}
	if e.match.Outcome().Ended() {
		return Answer{}, fmt.Errorf("the game is over: nothing to search")
	}
	v := e.match.Variant()
	agent, err := ai.New(spec, v, req.Seed)
	if err != nil {
		return Answer{}, err
	}
	if req.TimeMS > 0 {
		agent = ai.GuardRound(spec, agent, v)
	}
	before := e.match.State()
	mv, err := agent.Choose(context.Background(), e.match)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Ply: len(e.states) - 1, ToMove: e.match.ToMove(), Move: before.MoveString(mv), Places: render.Places(before, mv)}, nil
}
