// Package review judges every move of a game: for the position before each
// move, the value of the best move and of the move played, for the player
// who moved, found by the strongest search the caller's budget allows (or,
// for POGO once plateau solve pogo has written its solution, the exact
// values); the loss between them and a class (best, good, inaccuracy,
// mistake, blunder); the evaluation over the game; and a summary per seat.
//
//	r, err := review.Game(ctx, match, review.Options{Nodes: 20000, Seed: 1})
//	for _, p := range r.Plies {
//		fmt.Println(p.Ply, p.Move, p.Class, p.Best, p.Before, p.After)
//	}
//
// Values are for the player to move, from -1 (lost) through 0 (a draw, or
// even chances) to 1 (won); a proven result says so (win in 7 plies).
// docs/analysis.md ("Judging a game") describes the classes and budgets.
package review

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
)

// Options set up a review. The zero value judges with the game's hard
// level (its own budget), or with the POGO solution when it is there.
type Options struct {
	// Agent is the search that judges: a level (easy, medium, hard, max:
	// the search it stands for in the game), alphabeta:..., mcts:... or
	// perfect (POGO). "" means the POGO solution for POGO when plateau
	// solve pogo has written it (Table), else the level hard. Games of
	// more than two sides are judged by MCTS: a level that plays
	// alpha-beta there stands for the default MCTS level, and alphabeta
	// is refused (see errParanoid).
	Agent string
	// Time is the thinking time per position, Nodes the positions
	// (alpha-beta) or playouts (MCTS) per position; they replace the
	// budget of Agent. At most one of them; with neither, Agent keeps its
	// own. Time is never reproducible; Nodes is, given Seed (MCTS then
	// runs on one thread).
	Time  time.Duration
	Nodes int64
	// Seed seeds the search (MCTS's playouts, alpha-beta's noise).
	Seed uint64
	// Table is the path of the POGO solution; "" for the place plateau
	// solve pogo writes it to.
	Table string
	// Progress, when set, is called after each position judged with the
	// positions done and their total (the plies, and the last position
	// when the game is unfinished).
	Progress func(done, total int)
	// Acquire, when set, is called before each position's search and the
	// function it returns after it: a server bounds its searches with it
	// (each position takes one slot of its pool). An error stops the
	// review: with ctx cancelled as a cancellation, else as Game's error.
	Acquire func(ctx context.Context) (release func(), err error)
	// Analyser, when set, judges instead of the search of Agent, Time and
	// Nodes: a browser's search that knows some positions' exact values
	// (ai.NewKnownAnalyser). The review is Exact when every position it
	// judged had exact values.
	Analyser *ai.Analyser
}

// Class is the verdict on one move.
type Class int8

const (
	Best       Class = iota // the best move, or one as good
	Good                    // a little worse than the best
	Inaccuracy              // a clear loss of value
	Mistake                 // a serious one
	Blunder                 // one that throws the game away: a win lost, a draw turned into a loss
)

// Classes are the classes, best first.
var Classes = []Class{Best, Good, Inaccuracy, Mistake, Blunder}

// The thresholds of the classes, on the loss (the best move's value minus
// the move played's, from 0 to 2; half of it is the share of a win given
// away): up to BestLoss a move is best, below GoodLoss good, below
// InaccuracyLoss an inaccuracy, below MistakeLoss a mistake, and from
// MistakeLoss on a blunder.
const (
	BestLoss       = 0.02
	GoodLoss       = 0.10
	InaccuracyLoss = 0.25
	MistakeLoss    = 0.50
)

// SlowerPlies is how many plies longer a win (or quicker a loss) may be
// than the best one and stay a good move; longer, it is an inaccuracy.
// Neither changes the result, so neither is worse.
const SlowerPlies = 2

var classNames = [...]game.Text{
	{EN: "best", FR: "meilleur"},
	{EN: "good", FR: "bon"},
	{EN: "inaccuracy", FR: "imprécision"},
	{EN: "mistake", FR: "erreur"},
	{EN: "blunder", FR: "gaffe"},
}

// String is the class's name in English, as in JSON: "best", "blunder".
func (c Class) String() string {
	if c >= 0 && int(c) < len(classNames) {
		return classNames[c].EN
	}
	return fmt.Sprintf("class(%d)", int(c))
}

// In is the class's name in lang ("en" or "fr").
func (c Class) In(lang string) string {
	if c >= 0 && int(c) < len(classNames) {
		return classNames[c].In(lang)
	}
	return c.String()
}

// MarshalText writes the class's name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a class's name.
func (c *Class) UnmarshalText(b []byte) error {
	for _, x := range Classes {
		if x.String() == string(b) {
			*c = x
			return nil
		}
	}
	return fmt.Errorf("unknown class %q", b)
}

// Results of proven values.
const (
	Win  = "win"
	Draw = "draw"
	Loss = "loss"
)

// Value is what a move or a position is worth to one player.
type Value struct {
	// Score runs from -1 (lost) through 0 (a draw, or even chances) to 1
	// (won): a search's estimate squashed into that range (see
	// ai.MoveValue), or ±1 and 0 for proven results.
	Score float64 `json:"score"`
	// Result is Win, Draw or Loss when the value is a proven result (an
	// exact value of the POGO solution, an end the search saw); "" for an
	// estimate.
	Result string `json:"result,omitempty"`
	// Plies is, for a proven win or loss, the plies to the end with best
	// play; 0 when unknown.
	Plies int `json:"plies,omitempty"`
}

// String is Value in English: "+0.42", "win in 7", "draw".
func (v Value) String() string { return v.In("en") }

// In is the value in lang: "+0.42", "win in 7" ("gain en 7"), "draw"
// ("nulle"), "loss in 4" ("perte en 4").
func (v Value) In(lang string) string {
	names := map[string]game.Text{
		Win:  {EN: "win", FR: "gain"},
		Draw: {EN: "draw", FR: "nulle"},
		Loss: {EN: "loss", FR: "perte"},
	}
	t, ok := names[v.Result]
	switch {
	case !ok:
		return fmt.Sprintf("%+.2f", v.Score)
	case v.Result != Draw && v.Plies > 0:
		return fmt.Sprintf(game.Text{EN: "%s in %d", FR: "%s en %d"}.In(lang), t.In(lang), v.Plies)
	}
	return t.In(lang)
}

// flip is v for the other side of a game of two sides.
func (v Value) flip() Value {
	w := Value{Score: -v.Score, Result: v.Result, Plies: v.Plies}
	switch v.Result {
	case Win:
		w.Result = Loss
	case Loss:
		w.Result = Win
	}
	return w
}

// Ply is the verdict on one move.
type Ply struct {
	// Ply numbers the move from 1, as in records.
	Ply int `json:"ply"`
	// Seat is the seat that moved, from 0.
	Seat int `json:"seat"`
	// Move is the move played, Best the best move found (the same when
	// the move played was the best), in notation.
	Move string `json:"move"`
	Best string `json:"best"`
	// Before is the value of the best move, which is the value of the
	// position for the mover; After the value of the move played. Both are
	// for the mover.
	Before Value `json:"before"`
	After  Value `json:"after"`
	// Loss is Before minus After, from 0 to 2.
	Loss  float64 `json:"loss"`
	Class Class   `json:"class"`
	// BestPlaces are the places clicked to make the best move in the
	// position before (render.Places), for an arrow; MovePlaces those of
	// the move played. Empty for a pass.
	BestPlaces []string `json:"best_places,omitempty"`
	MovePlaces []string `json:"move_places,omitempty"`
}

// Point is one position of the evaluation series.
type Point struct {
	// Ply is the number of plies played before the position.
	Ply int `json:"ply"`
	// Seat is the seat whose view Value is: in games of two sides always
	// 0 (seat 1 and its partners), so that the series makes one curve;
	// otherwise the seat to move, and at the end of a finished game the
	// seat that made the last move.
	Seat  int   `json:"seat"`
	Value Value `json:"value"`
}

// Counts counts the moves of each class.
type Counts struct {
	Best       int `json:"best"`
	Good       int `json:"good"`
	Inaccuracy int `json:"inaccuracy"`
	Mistake    int `json:"mistake"`
	Blunder    int `json:"blunder"`
}

// Of is the count of class c.
func (c *Counts) Of(class Class) int { return *c.field(class) }

func (c *Counts) field(class Class) *int {
	switch class {
	case Good:
		return &c.Good
	case Inaccuracy:
		return &c.Inaccuracy
	case Mistake:
		return &c.Mistake
	case Blunder:
		return &c.Blunder
	}
	return &c.Best
}

// Summary is one seat's moves.
type Summary struct {
	Seat   int    `json:"seat"` // from 0
	Moves  int    `json:"moves"`
	Counts Counts `json:"counts"`
	// AverageLoss is the mean loss of the seat's moves (0 without moves).
	AverageLoss float64 `json:"average_loss"`
}

// Review is the verdict on a game.
type Review struct {
	// Game is the variant ("pogo", "empire players=4").
	Game string `json:"game"`
	// Agent names the search that judged ("hard (alphabeta:depth=8)",
	// "alphabeta:nodes=20000", "perfect").
	Agent string `json:"agent"`
	// Exact says that the values are the exact values of the POGO
	// solution: win in N, draw, loss in N, with perfect play.
	Exact bool `json:"exact"`
	// Sides is the number of sides (players, or teams): with two the
	// series is from seat 1's side.
	Sides int `json:"sides"`
	// Plies are the moves judged, in order: all of them unless the review
	// was cancelled.
	Plies []Ply `json:"plies"`
	// Series is the value of every position judged, the start first, and
	// of the last position.
	Series []Point `json:"series"`
	// Seats sums up each seat's moves.
	Seats []Summary `json:"seats"`
	// Complete is false when the review was cancelled before its end:
	// Plies then holds the moves judged so far.
	Complete bool `json:"complete"`
}

// Classify is the class of a move worth played to its mover when the best
// move is worth best: by the loss (see the thresholds), and with proven
// results on both sides by the result: a worse result (a win turned into
// a draw or a loss, a draw into a loss) is a blunder, the same result
// best, or good or an inaccuracy when the win is slower (the loss
// quicker) by more than nothing or more than SlowerPlies.
func Classify(best, played Value) Class {
	rb, rp := resultRank(best.Result), resultRank(played.Result)
	if rb >= 0 && rp >= 0 {
		switch {
		case rp < rb:
			return Blunder
		case rp > rb || best.Plies == 0 || played.Plies == 0:
			return Best
		}
		var slower int
		switch best.Result {
		case Win:
			slower = played.Plies - best.Plies
		case Loss:
			slower = best.Plies - played.Plies
		}
		switch {
		case slower <= 0:
			return Best
		case slower <= SlowerPlies:
			return Good
		}
		return Inaccuracy
	}
	return classOfLoss(max(0, best.Score-played.Score))
}

func classOfLoss(loss float64) Class {
	switch {
	case loss <= BestLoss:
		return Best
	case loss < GoodLoss:
		return Good
	case loss < InaccuracyLoss:
		return Inaccuracy
	case loss < MistakeLoss:
		return Mistake
	}
	return Blunder
}

func resultRank(r string) int {
	switch r {
	case Win:
		return 2
	case Draw:
		return 1
	case Loss:
		return 0
	}
	return -1
}

// Spec is the spec of the search that judges the games of v under opt,
// and whether it gives exact values (the POGO solution).
func Spec(v *game.Variant, opt Options) (spec string, exact bool, err error) {
	if opt.Time < 0 || opt.Nodes < 0 {
		return "", false, game.Errorf(game.Text{EN: "the budget must be more than 0", FR: "le budget doit être plus grand que 0"})
	}
	if opt.Time > 0 && opt.Nodes > 0 {
		return "", false, game.Errorf(game.Text{EN: "give a time or a node budget, not both", FR: "donnez un budget en temps ou en nœuds, pas les deux"})
	}
	spec = strings.TrimSpace(opt.Agent)
	if spec == "" {
		if v.Game.ID == "pogo" && tableExists(opt.Table) {
			if opt.Table != "" {
				return "perfect:table=" + opt.Table, true, nil
			}
			return "perfect", true, nil
		}
		spec = "hard"
	}
	if ai.IsLevel(spec) {
		level := strings.ToLower(strings.TrimSpace(spec))
		resolved, err := ai.LevelSearchSpec(v, level)
		if err != nil {
			return "", false, err
		}
		if sides(v) > 2 && isAlphaBeta(resolved) {
			// Paranoid search: judged by MCTS instead (see noParanoid).
			resolved, _ = ai.LevelSpec("", level)
		} else if opt.Time == 0 && opt.Nodes == 0 {
			return level, isPerfect(resolved), nil // the name keeps the level
		}
		spec = resolved
	}
	if sides(v) > 2 && isAlphaBeta(spec) {
		return "", false, errParanoid(v)
	}
	spec = withBudget(spec, opt.Time, opt.Nodes)
	return spec, isPerfect(spec), nil
}

// errParanoid refuses alpha-beta as the judge of a game of more than two
// sides. Alpha-beta is paranoid there: every opponent plays against the
// mover, and together they can beat almost any move, so that nearly every
// position is lost for the mover and every move is "best". MCTS, where
// each player plays for itself, judges those games (the levels too: their
// alpha-beta is replaced by the default MCTS level).
func errParanoid(v *game.Variant) error {
	return game.Errorf(game.Text{
		EN: "alphabeta cannot judge %s: with more than two sides its search is paranoid (every opponent against the mover), which makes almost every move look lost; use mcts or a level",
		FR: "alphabeta ne peut pas juger %s : à plus de deux camps sa recherche est paranoïaque (chaque adversaire contre celui qui joue), ce qui fait paraître presque tout coup perdu ; prenez mcts ou un niveau"}, v)
}

func isAlphaBeta(spec string) bool {
	kind, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(spec)), ":")
	return strings.TrimSpace(kind) == "alphabeta"
}

func isPerfect(spec string) bool {
	kind, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(spec)), ":")
	return strings.TrimSpace(kind) == "perfect"
}

// withBudget replaces the budget of an alphabeta or mcts spec: nodes or
// time for alpha-beta, iterations (on one thread unless the spec says how
// many) or time for MCTS. Other specs are returned as they are.
func withBudget(spec string, d time.Duration, nodes int64) string {
	if d == 0 && nodes == 0 {
		return spec
	}
	kind, params, _ := strings.Cut(strings.TrimSpace(spec), ":")
	kind = strings.ToLower(strings.TrimSpace(kind))
	var drop []string
	var add []string
	switch kind {
	case "alphabeta":
		drop = []string{"depth", "nodes", "time"}
		if nodes > 0 {
			add = []string{fmt.Sprintf("nodes=%d", nodes)}
		} else {
			add = []string{"time=" + d.String()}
		}
	case "mcts":
		drop = []string{"iterations", "time"}
		if nodes > 0 {
			add = []string{fmt.Sprintf("iterations=%d", nodes)}
			if !strings.Contains(strings.ToLower(params), "threads=") {
				add = append(add, "threads=1")
			}
		} else {
			add = []string{"time=" + d.String()}
		}
	default:
		return spec
	}
	var kept []string
	for _, p := range strings.Split(params, ",") {
		p = strings.TrimSpace(p)
		k, _, _ := strings.Cut(p, "=")
		if p == "" || contains(drop, strings.ToLower(strings.TrimSpace(k))) {
			continue
		}
		kept = append(kept, p)
	}
	return kind + ":" + strings.Join(append(kept, add...), ",")
}

func contains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// sides counts the sides of v: its teams, or its players.
func sides(v *game.Variant) int {
	seen := map[int]bool{}
	for seat := 0; seat < v.Players; seat++ {
		seen[v.Team(seat)] = true
	}
	return len(seen)
}

// Record judges the game of a record (see Game). A record whose moves do
// not replay is refused with the reason.
func Record(ctx context.Context, r *record.Record, opt Options) (*Review, error) {
	m, err := r.Replay()
	if err != nil {
		return nil, err
	}
	return Game(ctx, m, opt)
}

// Game judges every move of m, finished or not, from its start position:
// for each position before a move the search values the best move and the
// move played, from the mover's view, within opt's budget. The positions
// are judged in order by one search, which keeps its tables from one to
// the next: with a node budget (or a level's own depth or iteration
// budget) and a seed, the review is the same on every run.
//
// Cancelling ctx stops the review: Game then returns the moves judged so
// far with Complete false, and no error. It fails when the search cannot
// judge moves (random, an external engine) or opt is wrong.
func Game(ctx context.Context, m *game.Match, opt Options) (*Review, error) {
	v := m.Variant()
	spec, exact, err := Spec(v, opt)
	if err != nil {
		return nil, err
	}
	an := opt.Analyser
	if an == nil {
		if an, err = ai.NewAnalyser(spec, v, opt.Seed); err != nil {
			return nil, err
		}
	}
	allExact := true
	moves := append([]game.Move(nil), m.Moves()...)
	ongoing := !m.Outcome().Ended()
	total := len(moves)
	if ongoing {
		total++
	}
	r := &Review{Game: v.String(), Agent: an.Name(), Exact: exact, Sides: sides(v), Plies: []Ply{}, Series: []Point{}}
	two := r.Sides == 2
	// point is the value of a position for the series, from value, its
	// value for seat.
	point := func(ply, seat int, value Value) Point {
		if two && v.Team(seat) != v.Team(0) {
			return Point{Ply: ply, Seat: 0, Value: value.flip()}
		}
		if two {
			seat = 0
		}
		return Point{Ply: ply, Seat: seat, Value: value}
	}
	replay := game.NewMatch(m.Start())
	done := 0
	report := func() {
		done++
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	for k, played := range moves {
		if ctx.Err() != nil {
			break
		}
		s := replay.State()
		mover := s.ToMove()
		a, err := analyse(ctx, opt, an, replay, played)
		if ctx.Err() != nil {
			break // cut short: not judged
		}
		if err != nil {
			return nil, err
		}
		allExact = allExact && a.Exact
		best := a.Best()
		mine, ok := a.Of(played)
		if !ok {
			return nil, game.Errorf(game.Text{EN: "move %d %s is not legal", FR: "le coup %d %s n'est pas possible"}, k+1, game.Quote(s.MoveString(played)))
		}
		p := Ply{
			Ply:        k + 1,
			Seat:       mover,
			Move:       s.MoveString(played),
			Best:       s.MoveString(best.Move),
			Before:     valueOf(best),
			After:      valueOf(mine),
			BestPlaces: render.Places(s, best.Move),
			MovePlaces: render.Places(s, played),
		}
		if played == best.Move {
			p.After, p.Class = p.Before, Best
		} else {
			p.Loss = max(0, p.Before.Score-p.After.Score)
			p.Class = Classify(p.Before, p.After)
		}
		p.Loss = round(p.Loss)
		r.Plies = append(r.Plies, p)
		r.Series = append(r.Series, point(k, mover, p.Before))
		if err := replay.Play(played); err != nil {
			return nil, err
		}
		report()
	}
	r.Complete = len(r.Plies) == len(moves)
	if r.Complete {
		switch {
		case !ongoing:
			o := replay.Outcome()
			seat := 0
			if len(moves) > 0 {
				seat = r.Plies[len(r.Plies)-1].Seat
			}
			r.Series = append(r.Series, point(len(moves), seat, outcomeValue(v, o, seat)))
		case ctx.Err() == nil:
			s := replay.State()
			a, err := analyse(ctx, opt, an, replay)
			if ctx.Err() != nil {
				r.Complete = false
				break
			}
			if err != nil {
				return nil, err
			}
			r.Series = append(r.Series, point(len(moves), s.ToMove(), valueOf(a.Best())))
			report()
		default:
			r.Complete = false
		}
	}
	if opt.Analyser != nil {
		r.Exact = allExact && len(r.Plies) > 0
	}
	r.Seats = summaries(v, r.Plies)
	return r, nil
}

// analyse is an.Analyse within a slot of opt.Acquire, when set.
func analyse(ctx context.Context, opt Options, an *ai.Analyser, m *game.Match, moves ...game.Move) (*ai.Analysis, error) {
	if opt.Acquire != nil {
		release, err := opt.Acquire(ctx)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	return an.Analyse(ctx, m, moves...)
}

// valueOf is a review's Value of an analysed move.
func valueOf(mv ai.MoveValue) Value {
	x := Value{Score: round(mv.Value)}
	switch mv.Proof {
	case ai.ProvenWin:
		x.Result, x.Plies = Win, mv.Plies
	case ai.ProvenDraw:
		x.Result = Draw
	case ai.ProvenLoss:
		x.Result, x.Plies = Loss, mv.Plies
	}
	return x
}

// outcomeValue is the value of a finished game for seat.
func outcomeValue(v *game.Variant, o game.Outcome, seat int) Value {
	r := ai.Rewards(v, o)[seat]
	x := Value{Score: round(2*r - 1)}
	switch {
	case o.Status == game.Draw:
		x.Result = Draw
	case o.Status == game.Win && o.Won(seat):
		x.Result = Win
	case o.Status == game.Win:
		x.Result = Loss
	}
	return x
}

// round keeps 4 decimals: values are estimates, and the JSON stays short.
func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// summaries sums up the moves of each seat.
func summaries(v *game.Variant, plies []Ply) []Summary {
	out := make([]Summary, v.Players)
	total := make([]float64, v.Players)
	for seat := range out {
		out[seat].Seat = seat
	}
	for _, p := range plies {
		s := &out[p.Seat]
		s.Moves++
		(*s.Counts.field(p.Class))++
		total[p.Seat] += p.Loss
	}
	for seat := range out {
		if out[seat].Moves > 0 {
			out[seat].AverageLoss = round(total[seat] / float64(out[seat].Moves))
		}
	}
	return out
}
