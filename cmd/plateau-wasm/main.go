//go:build js && wasm

// Command plateau-wasm is the rules engine of the web pages: the rules of
// every game, the renderer and the computer players (package webengine),
// built for WebAssembly and run in a Web Worker
// (server/internal/web/static/engine-worker.js). It sets one global
// function, plateauEngine(request) → answer, both plain JavaScript objects
// with the fields of webengine.Request and webengine.Answer, and waits for
// calls.
//
// Objects rather than JSON text: encoding/json would add a sixth to the
// module's size (docs/server.md). Build it with
// go generate ./server/internal/engineasset.
package main

import (
	"fmt"
	"syscall/js"

	"github.com/plateau-games/plateau/webengine"
)

func main() {
	e := webengine.New()
	// A review tells the page how far it is while the call runs: the
	// worker's postMessage sends it at once (elsewhere, as under Node in
	// the tests, there is nobody to tell).
	if post := js.Global().Get("postMessage"); post.Type() == js.TypeFunction {
		e.Progress = func(id, done, total int) {
			post.Invoke(map[string]any{"op": "progress", "id": id, "done": done, "total": total})
		}
	}
	js.Global().Set("plateauEngine", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return js.ValueOf(map[string]any{"error": "plateauEngine takes one argument: the request, an object"})
		}
		req, err := request(args[0])
		if err != nil {
			return js.ValueOf(map[string]any{"id": req.ID, "error": err.Error()})
		}
		// The call is synchronous: a search holds the worker until it ends,
		// and the page cancels one by ending the worker (engine.js).
		return js.ValueOf(answer(e.Handle(req)))
	}))
	select {}
}

// request reads a request object; a field of the wrong type is an error
// that names it.
func request(v js.Value) (req webengine.Request, err error) {
	field := func(name string, want js.Type) (js.Value, bool) {
		x := v.Get(name)
		if x.IsUndefined() || x.IsNull() || err != nil {
			return x, false
		}
		if x.Type() != want {
			err = fmt.Errorf("field %s: a %s, not a %s", name, want, x.Type())
			return x, false
		}
		return x, true
	}
	str := func(name string) string {
		if x, ok := field(name, js.TypeString); ok {
			return x.String()
		}
		return ""
	}
	num := func(name string) (int, bool) {
		if x, ok := field(name, js.TypeNumber); ok {
			f := x.Float()
			if f != float64(int(f)) || f < -1<<31 || f > 1<<31 {
				err = fmt.Errorf("field %s: a whole number", name)
				return 0, false
			}
			return int(f), true
		}
		return 0, false
	}
	flag := func(name string) bool {
		if x, ok := field(name, js.TypeBoolean); ok {
			return x.Bool()
		}
		return false
	}
	list := func(name string) []string {
		x, ok := field(name, js.TypeObject)
		if !ok {
			return nil
		}
		n := x.Length()
		if n > webengine.MaxMoves {
			err = fmt.Errorf("field %s: %d items, at most %d", name, n, webengine.MaxMoves)
			return nil
		}
		out := make([]string, 0, n)
		for i := 0; i < n; i++ {
			if x.Index(i).Type() != js.TypeString {
				err = fmt.Errorf("field %s: a list of strings", name)
				return nil
			}
			out = append(out, x.Index(i).String())
		}
		return out
	}
	req.ID, _ = num("id")
	req.Op, req.Rules, req.Options, req.Position = str("op"), str("rules"), str("options"), str("position")
	req.Moves, req.Move, req.Choices = list("moves"), str("move"), list("choices")
	if p, ok := num("ply"); ok {
		req.Ply = &p
	}
	req.Lang, req.Flip, req.Status = str("lang"), flag("flip"), str("status")
	req.Size, _ = num("size")
	req.NoCoordinates, req.NoLast, req.LastMove = flag("noCoordinates"), flag("noLast"), list("lastMove")
	req.Level = str("level")
	req.TimeMS, _ = num("timeMs")
	if s, ok := num("seed"); ok {
		req.Seed = uint64(uint32(s))
	}
	if x, ok := field("known", js.TypeObject); ok && err == nil {
		req.Known, err = known(x)
	}
	if err == nil {
		req.RecordRequest, err = recordRequest(v)
	}
	return req, err
}

// known reads the exact values of a review's positions: a list of
// {position, moves: [{move, result, plies}]}.
func known(x js.Value) ([]webengine.KnownPosition, error) {
	n := x.Length()
	if n > webengine.MaxMoves+1 {
		return nil, fmt.Errorf("field known: %d positions, at most %d", n, webengine.MaxMoves+1)
	}
	text := func(o js.Value, name string) (string, error) {
		if v := o.Get(name); v.Type() == js.TypeString {
			return v.String(), nil
		}
		return "", fmt.Errorf("field known: %s must be a string", name)
	}
	out := make([]webengine.KnownPosition, 0, n)
	for i := 0; i < n; i++ {
		p := x.Index(i)
		if p.Type() != js.TypeObject || p.Get("moves").Type() != js.TypeObject {
			return nil, fmt.Errorf("field known: a list of {position, moves}")
		}
		pos, err := text(p, "position")
		if err != nil {
			return nil, err
		}
		kp := webengine.KnownPosition{Position: pos}
		moves := p.Get("moves")
		if moves.Length() > 4*webengine.MaxChoices {
			return nil, fmt.Errorf("field known: %d moves in a position, at most %d", moves.Length(), 4*webengine.MaxChoices)
		}
		for j := 0; j < moves.Length(); j++ {
			m := moves.Index(j)
			if m.Type() != js.TypeObject {
				return nil, fmt.Errorf("field known: moves are {move, result, plies}")
			}
			km := webengine.KnownMove{}
			if km.Move, err = text(m, "move"); err != nil {
				return nil, err
			}
			if km.Result, err = text(m, "result"); err != nil {
				return nil, err
			}
			if pl := m.Get("plies"); pl.Type() == js.TypeNumber {
				km.Plies = pl.Int()
			}
			kp.Moves = append(kp.Moves, km)
		}
		out = append(out, kp)
	}
	return out, nil
}

func strings(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// answer is an answer as an object for js.ValueOf.
func answer(a webengine.Answer) map[string]any {
	o := map[string]any{"id": a.ID, "ply": a.Ply, "toMove": a.ToMove}
	set := func(k, v string) {
		if v != "" {
			o[k] = v
		}
	}
	set("error", a.Error)
	set("result", a.Result)
	set("move", a.Move)
	set("svg", a.SVG)
	set("record", a.Record)
	if a.Legal != nil {
		legal := make([]any, len(a.Legal))
		for i, m := range a.Legal {
			lm := map[string]any{"move": m.Move, "places": strings(m.Places)}
			if m.Says != "" {
				lm["says"] = m.Says
			}
			legal[i] = lm
		}
		o["legal"] = legal
	}
	if a.Places != nil {
		o["places"] = strings(a.Places)
	}
	if a.SVGs != nil {
		o["svgs"] = strings(a.SVGs)
	}
	if r := a.Review; r != nil {
		plies := make([]any, len(r.Plies))
		for i, p := range r.Plies {
			plies[i] = map[string]any{"ply": p.Ply, "number": p.Number, "move": p.Move, "mark": p.Mark, "class": p.Class,
				"word": p.Word, "caption": p.Caption, "best": p.BestPlaces, "places": p.MovePlaces}
		}
		seats := make([]any, len(r.Seats))
		for i, s := range r.Seats {
			seats[i] = map[string]any{"seat": s.Seat, "moves": s.Moves, "inaccuracies": s.Inaccuracies, "mistakes": s.Mistakes,
				"blunders": s.Blunders, "accuracy": s.Accuracy}
		}
		o["review"] = map[string]any{"agent": r.Agent, "exact": r.Exact, "complete": r.Complete, "plies": plies, "seats": seats, "graph": r.Graph}
	}
	return o
}
