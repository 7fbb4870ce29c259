package ai

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Analysis: the value of every move of a position, for tools that judge
// games (package review) rather than play them. An Analyser is built from
// a spec like an agent (a level, alphabeta, mcts or perfect) and values
// the moves of the positions it is shown:
//
//	a, err := ai.NewAnalyser("hard", variant, seed)
//	an, err := a.Analyse(ctx, match)     // every legal move, best first
//	an, err := a.Analyse(ctx, match, mv) // the best move and mv exactly; the others bounded
//
// Values are for the player who makes the move, from -1 (a loss) through
// 0 (a draw, or even chances) to 1 (a win).

// Proof says whether a move's value is a proven result.
type Proof int8

const (
	Unproven   Proof = iota // an estimate of the search
	ProvenWin               // the mover wins whatever the others do
	ProvenDraw              // neither side can force a win (MCTS with two sides, the POGO solution)
	ProvenLoss              // the mover loses against best play
)

var proofNames = [...]string{"", "win", "draw", "loss"}

// String is "win", "draw", "loss", or "" when unproven.
func (p Proof) String() string {
	if int(p) < len(proofNames) && p >= 0 {
		return proofNames[p]
	}
	return fmt.Sprintf("proof(%d)", int(p))
}

// Bound says how far a move's Value can be trusted.
type Bound int8

const (
	// Found: Value is the search's value of the move.
	Found Bound = iota
	// Upper: the search showed only that the move is no better than
	// Value (alpha-beta, for the moves Analyse was not asked about and
	// that are not the best).
	Upper
	// NotSearched: the search never looked at the move (it was cancelled
	// first); Value is 0.
	NotSearched
)

// MoveValue is one legal move and what the analysis found it worth.
type MoveValue struct {
	Move     game.Move
	Notation string
	// Value is for the player who makes the move, from -1 (a loss) through
	// 0 (a draw or even chances) to 1 (a win). Estimates are squashed into
	// (-1, 1): alpha-beta's evaluation through tanh(score/scale) (see
	// EvalScale), MCTS's mean reward r (from 0 to 1) as 2r-1.
	Value float64
	Bound Bound
	// Proof is set when the value is a proven result: a won or lost end
	// found by alpha-beta, a node solved by MCTS, or the POGO solution.
	Proof Proof
	// Plies is, for a proven win or loss, the number of plies to the end
	// of the game with best play, this move included; 0 when unknown
	// (MCTS proves results without counting plies, but for a move that
	// ends the game: 1).
	Plies int
	// Score is alpha-beta's raw score (evaluation units; ±(1e6 − plies)
	// for a won or lost end); 0 for the other searches.
	Score float64
	// Visits counts the MCTS playouts through the move; 0 for the others.
	Visits int64
}

// Analysis is the valuation of one position's moves.
type Analysis struct {
	// Moves holds every legal move, the best first, then by value (moves
	// bounded from above after those valued; ties in the game's order).
	Moves []MoveValue
	// Exact is set when the values are the game-theoretic values of the
	// POGO solution rather than a search's estimates.
	Exact bool
	// Depth is the last depth alpha-beta completed; Nodes the positions it
	// visited; Iterations the playouts of MCTS.
	Depth      int
	Nodes      int64
	Iterations int64
}

// Best is the best move's value (the first of Moves).
func (a *Analysis) Best() MoveValue { return a.Moves[0] }

// Of returns the value of mv, and false when mv is not a legal move of the
// position analysed.
func (a *Analysis) Of(mv game.Move) (MoveValue, bool) {
	for _, x := range a.Moves {
		if x.Move == mv {
			return x, true
		}
	}
	return MoveValue{}, false
}

// analyser is what the searches that can value moves implement.
type analyser interface {
	analyse(ctx context.Context, m *game.Match, focus []game.Move) (*Analysis, error)
}

// Analyser values the moves of positions with one search. Each position is
// searched afresh: alpha-beta clears its table, history and killers, MCTS
// grows new trees, so that with an iteration, node or depth budget the
// values of a position depend only on the spec, the seed, the position
// and the game before it (repetition), not on the positions analysed
// before. It keeps its memory between positions, and it is not safe for
// concurrent use.
type Analyser struct {
	name  string
	inner analyser
}

// NewAnalyser builds the analyser of spec for v: a level (the search it
// stands for in v, as LevelSearchSpec gives it), alphabeta, mcts or
// perfect (POGO, exact). random and external engines cannot value moves
// and are refused.
func NewAnalyser(spec string, v *game.Variant, seed uint64) (*Analyser, error) {
	name := strings.ToLower(strings.TrimSpace(spec))
	if kind, _, _ := strings.Cut(name, ":"); kind == "random" || kind == "engine" {
		return nil, errCannotValue(spec)
	}
	resolved := spec
	if isLevel(name) {
		s, err := LevelSearchSpec(v, name)
		if err != nil {
			return nil, err
		}
		resolved = s
	}
	agent, err := New(resolved, v, seed)
	if err != nil {
		return nil, err
	}
	inner, ok := agent.(analyser)
	if !ok {
		return nil, errCannotValue(spec)
	}
	a := &Analyser{name: agent.Name(), inner: inner}
	if isLevel(name) {
		a.name = name + " (" + agent.Name() + ")"
	}
	return a, nil
}

func errCannotValue(spec string) error {
	return game.Errorf(game.Text{
		EN: "agent %s cannot value moves: use a level (easy, medium, hard, max), alphabeta, mcts or perfect",
		FR: "l'agent %s ne sait pas estimer des coups : prenez un niveau (easy, medium, hard, max), alphabeta, mcts ou perfect"}, game.Quote(spec))
}

// Name is the analyser's spec in canonical form, a level with the spec it
// stands for: "hard (alphabeta:depth=8)".
func (a *Analyser) Name() string { return a.name }

// Analyse values the moves of m's position, which must be ongoing
// (ErrGameOver otherwise). Without focus every move gets its value; with
// focus moves, alpha-beta finds the values of the best move and of those
// only, and bounds the others from above (MCTS and the POGO solution value
// every move anyway), which costs a fraction of valuing them all.
//
// Cancelling ctx stops the search: Analyse then returns what the last
// complete iteration found (alpha-beta), or the statistics so far (MCTS),
// and an error only when it has nothing.
func (a *Analyser) Analyse(ctx context.Context, m *game.Match, focus ...game.Move) (*Analysis, error) {
	an, err := a.inner.analyse(ctx, m, focus)
	if err != nil {
		return nil, err
	}
	s := m.State()
	for i := range an.Moves {
		if an.Moves[i].Notation == "" {
			an.Moves[i].Notation = s.MoveString(an.Moves[i].Move)
		}
	}
	return an, nil
}

// Analyse values every legal move of m's position with the search of spec
// (see NewAnalyser), best first.
func Analyse(ctx context.Context, m *game.Match, spec string, seed uint64) ([]MoveValue, error) {
	a, err := NewAnalyser(spec, m.Variant(), seed)
	if err != nil {
		return nil, err
	}
	an, err := a.Analyse(ctx, m)
	if err != nil {
		return nil, err
	}
	return an.Moves, nil
}

// LevelSearchSpec is the spec of the search that level plays in v, as the
// level's agent chooses it (see New): the game's levels, its team or
// multi-player levels, the default MCTS levels for a game played alone or
// by three or four without levels of its own, and the POGO solution for
// max once plateau solve pogo has written it.
func LevelSearchSpec(v *game.Variant, level string) (string, error) {
	level = strings.ToLower(strings.TrimSpace(level))
	spec, multi, err := LevelSpecFor(v, level)
	if err != nil {
		return "", err
	}
	// As newLevel does.
	if strings.HasPrefix(spec, "alphabeta") && (sides(v) < 2 || sides(v) > 2 && !multi) {
		spec, _ = LevelSpec("", level)
	}
	if level == "max" && v.Game.ID == "pogo" && perfectTableExists() {
		spec = "perfect"
	}
	return spec, nil
}

// evalScales are the scores (in evaluation units) that alpha-beta's values
// divide before tanh, by game id: POGO's evaluation is 5 times the
// log-odds of the side's expected result, so tanh(score/10) is 2p − 1 with
// p that expectation. The other games' evaluations count pieces or steps.
var evalScales = map[string]float64{
	"pogo": 2 * pogoEvalScale,
}

// defaultEvalScale is the scale of the games not in evalScales: about
// three pieces ahead make a value of 0.76.
const defaultEvalScale = 3

// EvalScale is the score that maps to a value of tanh(1) = 0.76 in the
// analysis of the game id by alpha-beta; the mobility evaluation of games
// without one, from −1 to 1, has a scale of 1/2.
func EvalScale(id string) float64 {
	if s, ok := evalScales[strings.ToLower(id)]; ok {
		return s
	}
	if _, ok := LookupEval(id); !ok {
		return 0.5
	}
	return defaultEvalScale
}

// valueOfScore turns an alpha-beta score into a MoveValue's fields.
func valueOfScore(score, scale float64) (value float64, proof Proof, plies int) {
	switch {
	case score >= mateBound:
		return 1, ProvenWin, resultPlies(score)
	case score <= -mateBound:
		return -1, ProvenLoss, resultPlies(score)
	}
	return math.Tanh(score / scale), Unproven, 0
}

// rootValue is one root move's score in an analysis iteration.
type rootValue struct {
	move  game.Move
	score float64
	exact bool // else an upper bound
}

// analyse implements analyser for alpha-beta: iterative deepening where
// each iteration searches the first move (the best so far) and the moves
// asked about (all without focus) with a full window, and the others with
// a null window at the best value so far, re-searched when they beat it.
// The values are those of the last iteration completed; the first
// iteration always completes unless ctx is cancelled.
func (a *AlphaBeta) analyse(ctx context.Context, m *game.Match, focus []game.Move) (*Analysis, error) {
	p, err := newPosition(m)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if a.tt == nil {
		a.tt = make([]ttEntry, 1<<a.cfg.TableBits)
	} else {
		clear(a.tt) // a new table is empty already (8 MB by default)
	}
	a.age++
	a.pos, a.nodes, a.depth, a.stop, a.done = p, 0, 0, false, ctx.Done()
	a.root = p.state.ToMove()
	if a.paranoid {
		a.salt = game.Mix64(uint64(a.v.Team(a.root)) + 0x51a7)
	}
	a.deadline = time.Time{}
	if a.cfg.Time > 0 {
		a.deadline = time.Now().Add(a.cfg.Time)
	}
	a.killers = [maxPly][2]game.Move{}
	a.history = [game.MaxPlayers][historySize]int32{}
	// The budgets never stop the first iteration: every move then has a
	// value, if only a shallow one.
	savedMin := a.minDepth
	a.minDepth = max(a.minDepth, 1)
	defer func() { a.minDepth = savedMin }()
	need := func(game.Move) bool { return true }
	if len(focus) > 0 {
		need = func(mv game.Move) bool {
			for _, f := range focus {
				if f == mv {
					return true
				}
			}
			return false
		}
	}
	maxDepth := a.cfg.Depth + a.cfg.Rounds*a.v.Players
	if a.brs {
		maxDepth = a.cfg.Depth + a.cfg.Rounds*brsDepth // layers
	}
	if maxDepth <= 0 {
		maxDepth = maxPly - 1
	}
	root := append([]game.Move(nil), p.moves...)
	var last []rootValue
	for depth := 1; depth <= maxDepth; depth++ {
		a.iteration = depth
		values, ok := a.analyseRoot(p.state, root, depth, need)
		if !ok {
			break
		}
		last, a.depth = values, depth
		// Best first, then by score: the order of the next iteration. The
		// best move has the highest score (every bound is at most the best
		// value found before it), and the sort is stable, so it stays
		// ahead of any bound equal to it.
		sort.SliceStable(values, func(i, j int) bool { return values[i].score > values[j].score })
		for i, v := range values {
			root[i] = v.move
		}
		if settled(values, need) {
			break // every value asked for is a proven result
		}
	}
	if last == nil {
		return nil, game.Errorf(game.Text{EN: "alphabeta: stopped before the first move was searched: %v", FR: "alphabeta : arrêté avant d'avoir cherché le premier coup : %v"}, ctx.Err())
	}
	scale := EvalScale(a.v.Game.ID)
	an := &Analysis{Depth: a.depth, Nodes: a.nodes}
	for _, rv := range last {
		mv := MoveValue{Move: rv.move, Score: rv.score}
		mv.Value, mv.Proof, mv.Plies = valueOfScore(rv.score, scale)
		if !rv.exact {
			mv.Bound = Upper
			if mv.Proof == ProvenWin {
				mv.Proof = Unproven // an upper bound proves no win
			}
		}
		an.Moves = append(an.Moves, mv)
	}
	sortMoves(an.Moves)
	return an, nil
}

// settled says whether deeper search cannot change the values asked for:
// the best move's (values[0]) and those of need are proven wins or
// losses. A quicker win than the best one, or a slower loss, would have
// been found at this depth.
func settled(values []rootValue, need func(game.Move) bool) bool {
	for i, v := range values {
		if (i == 0 || need(v.move)) && !(v.exact && math.Abs(v.score) >= mateBound) {
			return false
		}
	}
	return true
}

// analyseRoot searches every root move to depth (see analyse) and returns
// their scores, or false when the search was stopped.
func (a *AlphaBeta) analyseRoot(s game.State, moves []game.Move, depth int, need func(game.Move) bool) ([]rootValue, bool) {
	me := s.ToMove()
	a.path = a.path[:0]
	a.mover[0], a.mobility[0] = me, len(moves)
	inf := math.Inf(1)
	alpha := math.Inf(-1)
	out := make([]rootValue, 0, len(moves))
	var best game.Move
	bestValue := math.Inf(-1)
	for i, mv := range moves {
		child := s.Clone()
		child.Apply(mv)
		var v float64
		exact := true
		if i == 0 || need(mv) {
			v = a.child(child, depth-1, 1, -inf, inf, me)
		} else {
			v = a.child(child, depth-1, 1, alpha, math.Nextafter(alpha, inf), me)
			if v > alpha && !a.stop {
				v = a.child(child, depth-1, 1, alpha, inf, me)
			} else {
				exact = false
			}
		}
		if a.stop {
			return nil, false
		}
		out = append(out, rootValue{move: mv, score: v, exact: exact})
		if exact && v > bestValue {
			best, bestValue = mv, v
		}
		alpha = max(alpha, bestValue)
	}
	a.store(s.Hash()^a.salt, best, bestValue, depth, 0, boundExact)
	return out, true
}

// sortMoves puts the best move first, then the others by value: values
// found before upper bounds of equal value, moves not searched last; the
// sort is stable, so ties keep the search's order.
func sortMoves(moves []MoveValue) {
	rank := func(m MoveValue) float64 {
		switch m.Bound {
		case NotSearched:
			return math.Inf(-1)
		}
		return m.Value
	}
	sort.SliceStable(moves, func(i, j int) bool {
		x, y := moves[i], moves[j]
		if x.Bound == Found && y.Bound != Found && rank(x) >= rank(y) {
			return true
		}
		if y.Bound == Found && x.Bound != Found && rank(y) >= rank(x) {
			return false
		}
		if x.Proof == ProvenWin && y.Proof == ProvenWin && x.Plies != y.Plies {
			return x.Plies != 0 && (y.Plies == 0 || x.Plies < y.Plies) // 0: not counted
		}
		if x.Proof == ProvenLoss && y.Proof == ProvenLoss && x.Plies != y.Plies {
			return x.Plies > y.Plies
		}
		return rank(x) > rank(y)
	})
}

// minFocusVisits is the fewest playouts MCTS gives each move asked about
// (every move without focus) before valuing it: a move the search barely
// looked at has a mean of a handful of random games.
const minFocusVisits = 32

// analyse implements analyser for MCTS: a search as Choose makes it, from
// new trees (also with a single legal move), then playouts forced through each move asked
// about that has fewer than minFocusVisits, on the first tree; the values
// are the root children's mean rewards over all trees, and their marks.
func (a *MCTS) analyse(ctx context.Context, m *game.Match, focus []game.Move) (*Analysis, error) {
	a.ranked = a.ranked[:0]
	p, err := newPosition(m)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sh := &search{pos: p, c: a.cfg.C, twoSided: sides(p.v) == 2, decisive: !a.cfg.NoDecisive, done: ctx.Done()}
	if a.cfg.Time > 0 {
		sh.deadline = time.Now().Add(a.cfg.Time)
	}
	start := m.Start().Encode()
	a.iterations.Store(0)
	done := make(chan int, len(a.trees))
	for i, t := range a.trees {
		iterations := 0
		if a.cfg.Iterations > 0 {
			iterations = a.cfg.Iterations / len(a.trees)
			if i < a.cfg.Iterations%len(a.trees) {
				iterations++
			}
			iterations = max(iterations, 1)
		}
		t.prepare(start, m.Moves(), false, subSeed(a.seed, uint64(i), uint64(len(m.Moves()))))
		go func() { done <- t.run(sh, iterations) }()
	}
	for range a.trees {
		a.iterations.Add(int64(<-done))
	}
	// The forced playouts: on the first tree, with no deadline, stopped
	// only by ctx.
	t := a.trees[0]
	forced := &search{pos: p, c: sh.c, twoSided: sh.twoSided, decisive: sh.decisive, done: sh.done}
	if t.nodes[0].first < 0 && ctx.Err() == nil {
		t.rep.Reset()
		t.expand(0, p.state.Clone(), forced)
	}
	stats := a.rootStats(p)
	for _, mv := range p.moves {
		if len(focus) > 0 && !contains(focus, mv) {
			continue
		}
		st := stats[mv]
		child := t.childWith(0, mv)
		for child >= 0 && st.visits < minFocusVisits && t.nodes[child].proof == proofNone && ctx.Err() == nil {
			t.iterateVia(forced, child)
			st.visits++
			a.iterations.Add(1)
		}
	}
	stats = a.rootStats(p)
	a.best(p) // ranks the moves: a.ranked
	an := &Analysis{Iterations: a.iterations.Load()}
	for _, mv := range a.ranked {
		st := stats[mv]
		x := MoveValue{Move: mv, Visits: st.visits}
		switch {
		case st.proof == proofWin:
			x.Value, x.Proof = 1, ProvenWin
		case st.proof == proofLoss:
			x.Value, x.Proof = -1, ProvenLoss
		case st.proof == proofDraw:
			x.Value, x.Proof = 0, ProvenDraw
		case st.visits == 0:
			x.Bound = NotSearched
		default:
			x.Value = 2*st.reward/float64(st.visits) - 1
		}
		an.Moves = append(an.Moves, x)
	}
	// A move that ends the game at once is won or lost in one ply; a win
	// at once comes first, else the most visited move, as MCTS plays it;
	// the rest by value.
	for i := range an.Moves {
		x := &an.Moves[i]
		if x.Proof != ProvenWin && x.Proof != ProvenLoss {
			continue
		}
		c := p.state.Clone()
		c.Apply(x.Move)
		if o := p.v.Judge(c, 1+p.occurrences(c.Hash())); o.Ended() {
			x.Plies = 1
			if x.Proof == ProvenWin && i > 0 && an.Moves[0].Plies != 1 {
				an.Moves[0], *x = *x, an.Moves[0]
			}
		}
	}
	if len(an.Moves) > 1 {
		sortMoves(an.Moves[1:])
	}
	if an.Moves[0].Bound == NotSearched {
		return nil, game.Errorf(game.Text{EN: "mcts: stopped before any playout: %v", FR: "mcts : arrêté avant toute partie simulée : %v"}, ctx.Err())
	}
	return an, nil
}

// mctsStat is what the trees know of one root move.
type mctsStat struct {
	visits int64
	reward float64
	proof  int8
}

// rootStats merges the root children of every tree.
func (a *MCTS) rootStats(p *position) map[game.Move]*mctsStat {
	stats := make(map[game.Move]*mctsStat, len(p.moves))
	for _, mv := range p.moves {
		stats[mv] = &mctsStat{}
	}
	for _, t := range a.trees {
		if len(t.nodes) == 0 {
			continue
		}
		root := t.nodes[0]
		for i := root.first; root.first >= 0 && i < root.first+root.count; i++ {
			ch := &t.nodes[i]
			st := stats[ch.move]
			if st == nil {
				continue
			}
			st.visits += int64(ch.visits)
			st.reward += ch.reward
			// A proof holds in every tree; a win or a loss wins over a
			// draw that another tree's path-dependent repetition found.
			if ch.proof != proofNone && (st.proof == proofNone || st.proof == proofDraw) {
				st.proof = ch.proof
			}
		}
	}
	return stats
}

func contains(moves []game.Move, mv game.Move) bool {
	for _, x := range moves {
		if x == mv {
			return true
		}
	}
	return false
}
