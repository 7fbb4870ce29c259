package ai

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// AlphaBetaConfig configures alpha-beta search. At least one budget
// (Depth, Nodes or Time) must be set; with several, the search deepens
// until the first is reached.
type AlphaBetaConfig struct {
	// Depth is the depth in plies of the last iteration.
	Depth int
	// Rounds adds whole rounds to Depth: Rounds times the number of
	// players, in plies. In games of three or four players a round is
	// what it takes to see every other player's reply to a move (a
	// commandant left en prise is taken by the last player of the round).
	Rounds int
	// Nodes is the number of positions a move may visit; the last iteration
	// is cut short when they are used up. Unlike Time it gives the same
	// moves on every machine, and unlike Depth it searches deeper where the
	// tree is narrow (endgames are then searched to their end).
	Nodes int64
	// Time is the thinking time per move; the last iteration is cut short
	// when it runs out.
	Time time.Duration
	// Noise adds to every evaluation a pseudo-random amount from -Noise
	// to +Noise, the same for a given position and seed, to make weak
	// levels vary and err.
	Noise float64
	// TableBits sets the transposition table to 2^TableBits entries of 32
	// bytes; 0 means 18 (8 MiB).
	TableBits int
	// BRS, with more than two sides, searches the opponents' turns of a
	// round as one layer where only the best reply among them is chosen
	// (best-reply search, brs.go); Depth and Rounds then count layers:
	// the searcher's moves and the opponents' replies, a round being two.
	BRS bool
}

// Scores of won and lost positions: win - ply, so that quicker wins and
// slower losses score better. Anything beyond mateBound is such a result.
//
// In games of three or four, a loss that takes a player out of the game
// (its commandant taken: in L'Empire its army passes to the capturer, in
// teams the team loses) scores outPenalty lower still, and such a win
// higher: among losses the search cannot avoid it gives up anything
// before its commandant, the loss the other players at the table pay for.
const (
	winScore   = 1e6
	outPenalty = 1000
	mateBound  = winScore - 10000
	maxPly     = 256
)

// resultPlies is the ply at which the result a score beyond mateBound
// stands for comes, out penalty or not.
func resultPlies(score float64) int {
	n := int(math.Round(winScore - math.Abs(score)))
	if n < 0 {
		n += outPenalty
	}
	return n
}

// eliminator is a game state that can tell a player out of the game while
// it goes on (L'Empire: a commandant taken).
type eliminator interface {
	Eliminated(seat int) bool
}

// AlphaBeta is negamax search with alpha-beta pruning: iterative
// deepening, principal variation search, a transposition table keyed by
// State.Hash, and move ordering by the table's move, two killer moves per
// ply and the history heuristic.
//
// With two sides (two players, or two teams) it is exact minimax. With
// more (three or four players without teams, or teams of one) it is
// paranoid search: the players not on the searcher's side are taken as one
// coalition playing against it. Paranoid search assumes the worst, which
// is what keeps a commandant out of any opponent's reach over a round.
//
// Leaves are judged by the evaluation registered for the game
// (RegisterEval), or else by mobility. Passes are moves like any other, a
// side may move twice in a row (the value changes sign only when the side
// changes), and the complete rules apply: the ply limit, and repetition,
// where a position that occurred before, in the game or on the search
// path, counts as a draw (either side could repeat it again).
type AlphaBeta struct {
	cfg  AlphaBetaConfig
	seed uint64
	v    *game.Variant
	eval EvalFunc // nil: mobility
	tt   []ttEntry
	age  uint8

	// paranoid is set for games with more than two sides: the search is
	// then from the side of root, the seat to move at the root, and the
	// table's keys are salted by root's team, as a position's paranoid
	// value depends on who searches.
	paranoid bool
	root     int
	salt     uint64

	// With Rounds, the node and time budgets never stop a search before
	// it has seen those whole rounds: a shallower search cannot see the
	// last player of the round take what the move left en prise. Only
	// cancellation does.
	minDepth  int
	iteration int // depth of the iteration being searched

	killers [maxPly][2]game.Move
	// kids[ply] is the child position searched at ply when the game's
	// positions can be copied in place (clone).
	kids    [maxPly + 1]*empire.State
	history [game.MaxPlayers][historySize]int32

	// Best-reply search (cfg.BRS with more than two sides): the replies
	// of each ply, a scratch list of moves, and the game's test of a move
	// that takes a piece (RegisterCaptures; nil when it has none).
	brs        bool
	brsReplies [maxPly + 1][]brsReply
	brsBuf     []game.Move
	// brsDefaultScores: brsDefault's scratch list of the moves' histories.
	brsDefaultScores []int32
	takes            func(game.State, game.Move) bool

	// The current search.
	pos      *position
	nodes    int64
	depth    int // last completed iteration
	stop     bool
	done     <-chan struct{}
	deadline time.Time
	path     []uint64 // hashes of the positions on the search path
	moves    [maxPly + 1][]game.Move
	scores   [maxPly + 1][]int32
	mobility [maxPly + 1]int // legal move count at each ply of the path
	mover    [maxPly + 1]int // side to move at each ply of the path
}

const historySize = 4096

// Transposition table entry flags: which bound the value is.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

type ttEntry struct {
	key   uint64
	move  game.Move
	value float64
	depth int16
	flag  uint8
	age   uint8
}

// NewAlphaBeta returns an alpha-beta agent for v, which must have at least
// two sides (paranoid search with more than two).
func NewAlphaBeta(cfg AlphaBetaConfig, v *game.Variant, seed uint64) (*AlphaBeta, error) {
	n := sides(v)
	if n < 2 {
		return nil, game.Errorf(game.Text{EN: "alphabeta plays games with two sides or more; %s has %d: use mcts", FR: "alphabeta joue aux jeux à deux camps ou plus ; %s en a %d : prenez mcts"}, v, n)
	}
	if cfg.Depth <= 0 && cfg.Rounds <= 0 && cfg.Time <= 0 && cfg.Nodes <= 0 {
		return nil, game.Errorf(game.Text{EN: "alphabeta needs a budget: depth=N, rounds=N, nodes=N or time=DURATION", FR: "alphabeta demande un budget : depth=N, rounds=N, nodes=N ou time=DURÉE"})
	}
	if cfg.Depth < 0 || cfg.Rounds < 0 || cfg.Depth+cfg.Rounds*v.Players > maxPly-1 {
		return nil, game.Errorf(game.Text{EN: "alphabeta: depth=%d and rounds=%d make %d plies; the most is %d", FR: "alphabeta : depth=%d et rounds=%d font %d coups ; le maximum est %d"}, cfg.Depth, cfg.Rounds, cfg.Depth+cfg.Rounds*v.Players, maxPly-1)
	}
	if cfg.TableBits == 0 {
		cfg.TableBits = 18
	}
	if cfg.TableBits < 8 || cfg.TableBits > 28 {
		return nil, game.Errorf(game.Text{EN: "alphabeta: table=%d must be from 8 to 28 (2^N entries)", FR: "alphabeta : table=%d doit aller de 8 à 28 (2^N entrées)"}, cfg.TableBits)
	}
	a := &AlphaBeta{cfg: cfg, seed: seed, v: v, paranoid: n > 2, minDepth: cfg.Rounds * v.Players}
	if f, ok := LookupEval(v.Game.ID); ok {
		a.eval = f
	}
	if cfg.BRS && a.paranoid {
		// A round is two layers, and no budget but cancellation stops
		// the search before it has seen one: the move and every reply
		// (the commandant's safety rests on it).
		a.brs, a.minDepth = true, max(cfg.Rounds*brsDepth, brsDepth)
		a.takes = lookupCaptures(v.Game.ID)
	}
	return a, nil
}

// Name implements Agent.
func (a *AlphaBeta) Name() string {
	var parts []string
	if a.cfg.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(a.cfg.Depth))
	}
	if a.cfg.Rounds > 0 {
		parts = append(parts, "rounds="+strconv.Itoa(a.cfg.Rounds))
	}
	if a.cfg.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(a.cfg.Nodes, 10))
	}
	if a.cfg.Time > 0 {
		parts = append(parts, "time="+a.cfg.Time.String())
	}
	if a.cfg.Noise > 0 {
		parts = append(parts, "noise="+strconv.FormatFloat(a.cfg.Noise, 'g', -1, 64))
	}
	if a.cfg.BRS {
		parts = append(parts, "brs=true")
	}
	return "alphabeta:" + strings.Join(parts, ",")
}

// Nodes is the number of positions the last Choose visited.
func (a *AlphaBeta) Nodes() int64 { return a.nodes }

// Depth is the depth of the last iteration that the last Choose completed.
func (a *AlphaBeta) Depth() int { return a.depth }

// Choose implements Agent.
func (a *AlphaBeta) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	p, err := newPosition(m)
	if err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err // cancelled before it started: no move so far
	}
	if len(p.moves) == 1 {
		return p.moves[0], nil
	}
	if a.tt == nil {
		a.tt = make([]ttEntry, 1<<a.cfg.TableBits)
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
	for i := range a.history { // old history still orders well, but less
		for j := range a.history[i] {
			a.history[i][j] /= 8
		}
	}
	maxDepth := a.cfg.Depth + a.cfg.Rounds*a.v.Players
	if a.brs {
		maxDepth = a.cfg.Depth + a.cfg.Rounds*brsDepth
	}
	if maxDepth <= 0 {
		maxDepth = maxPly - 1
	}
	root := append([]game.Move(nil), p.moves...)
	var best game.Move
	found := false
	for depth := 1; depth <= maxDepth; depth++ {
		a.iteration = depth
		mv, value, ok := a.searchRoot(p.state, root, depth)
		if ok {
			best, found = mv, true
		}
		if a.stop {
			break
		}
		a.depth = depth
		// The best move goes first at the next depth.
		for i, x := range root {
			if x == mv {
				copy(root[1:i+1], root[:i])
				root[0] = mv
				break
			}
		}
		if math.Abs(value) >= mateBound {
			break // a forced result: deeper search cannot change it
		}
	}
	if !found {
		return 0, game.Errorf(game.Text{EN: "alphabeta: stopped before the first move was searched: %v", FR: "alphabeta : arrêté avant d'avoir cherché le premier coup : %v"}, ctx.Err())
	}
	return best, nil
}

// searchRoot searches the root moves in order to depth and returns the best
// move and its value. ok is false when the search was stopped before any
// move was fully searched; a stopped search returns the best move among
// those fully searched, the first of which was the best of the last depth.
func (a *AlphaBeta) searchRoot(s game.State, moves []game.Move, depth int) (best game.Move, bestValue float64, ok bool) {
	me := s.ToMove()
	a.path = a.path[:0] // the root itself is counted in the game's history
	a.mover[0], a.mobility[0] = me, len(moves)
	alpha, beta := math.Inf(-1), math.Inf(1)
	bestValue = math.Inf(-1)
	for i, mv := range moves {
		child := s.Clone()
		child.Apply(mv)
		var v float64
		if i == 0 {
			v = a.child(child, depth-1, 1, alpha, beta, me)
		} else {
			v = a.child(child, depth-1, 1, alpha, math.Nextafter(alpha, beta), me)
			if v > alpha && !a.stop {
				v = a.child(child, depth-1, 1, alpha, beta, me)
			}
		}
		if a.stop {
			break
		}
		if v > bestValue {
			best, bestValue, ok = mv, v, true
		}
		alpha = max(alpha, v)
	}
	if ok && !a.stop {
		a.store(s.Hash()^a.salt, best, bestValue, depth, 0, boundExact)
	}
	return best, bestValue, ok
}

// child returns the value, for me's side, of position c reached by a move
// of me at ply-1, searched to depth.
func (a *AlphaBeta) child(c game.State, depth, ply int, alpha, beta float64, me int) float64 {
	v := a.pos.v
	h := c.Hash()
	occurrences := 1
	if v.Repetition > 0 {
		occurrences += a.pos.occurrences(h)
		for _, x := range a.path {
			if x == h {
				occurrences++
			}
		}
	}
	if o := v.Judge(c, occurrences); o.Ended() {
		return a.terminal(c, o, me, ply)
	}
	if a.paranoid && a.out(c, 0) {
		// The root was put out of the game (its commandant taken) and
		// the others play on: that is a loss, not a position to weigh
		// with the evaluation. Weighed (its army counted for the
		// capturer), it could look better than a line where the
		// evaluation counts the commandant attacked by two players, or
		// than an opponent's win later in the round, and the levels let
		// the next player take the commandant (issue 29).
		value := winScore - float64(ply) + outPenalty
		if a.side(me) == 0 {
			return -value
		}
		return value
	}
	if occurrences > 1 || ply >= maxPly {
		return 0
	}
	a.path = append(a.path, h)
	var value float64
	if a.side(c.ToMove()) == a.side(me) {
		value = a.search(c, h, depth, ply, alpha, beta)
	} else {
		value = -a.search(c, h, depth, ply, -beta, -alpha)
	}
	a.path = a.path[:len(a.path)-1]
	return value
}

// clone is s.Clone() for a child of ply, made in the ply's own buffer for
// L'Empire, whose State is a plain struct: the search visits hundreds of
// thousands of positions a move, and allocating each cost more than
// copying it. A child is used only while its ply is searched (the deeper
// plies copy into their own buffers, the tables keep hashes and moves).
func (a *AlphaBeta) clone(s game.State, ply int) game.State {
	e, ok := s.(*empire.State)
	if !ok {
		return s.Clone()
	}
	k := a.kids[ply]
	if k == nil {
		k = new(empire.State)
		a.kids[ply] = k
	}
	*k = *e
	return k
}

// side is the side seat plays for: its team, or with more than two sides
// (paranoid search) 0 for the root's team and 1 for everyone else.
func (a *AlphaBeta) side(seat int) int {
	if !a.paranoid {
		return a.v.Team(seat)
	}
	if a.v.Team(seat) == a.v.Team(a.root) {
		return 0
	}
	return 1
}

// reward is what o is worth to me's side: its own reward with two sides;
// in paranoid search the root's reward, or its complement for the
// coalition against the root.
func (a *AlphaBeta) reward(o game.Outcome, me int) float64 {
	r := Rewards(a.pos.v, o)
	if !a.paranoid {
		return r[me]
	}
	if a.side(me) == 0 {
		return r[a.root]
	}
	return 1 - r[a.root]
}

// out says whether a player of side (a.side) is out of the game in s, in
// a game of three or four (with two, a taken commandant is the game's
// ordinary loss, and two-player play stays as it was measured).
func (a *AlphaBeta) out(s game.State, side int) bool {
	e, ok := s.(eliminator)
	if !ok || a.v.Players < 3 {
		return false
	}
	for seat := 0; seat < a.v.Players; seat++ {
		if a.side(seat) == side && e.Eliminated(seat) {
			return true
		}
	}
	return false
}

// terminal is the value for me of the finished game s at ply, with outcome
// o: a loss that took a player of the losing side out (a commandant) is
// worse than any other.
func (a *AlphaBeta) terminal(s game.State, o game.Outcome, me, ply int) float64 {
	switch r := a.reward(o, me); r {
	case 1:
		if a.out(s, 1-a.side(me)) {
			return winScore - float64(ply) + outPenalty
		}
		return winScore - float64(ply)
	case 0:
		if a.out(s, a.side(me)) {
			return -(winScore - float64(ply) + outPenalty)
		}
		return -(winScore - float64(ply))
	default: // a draw (0) or a score between, far from any win
		return (r - 0.5) * 2 * EvalLimit
	}
}

// search is negamax on the ongoing position s at ply: its value for the
// side to move, within (alpha, beta) or a bound outside it. hash is
// s.Hash(), which child has already computed (a pass over the board).
func (a *AlphaBeta) search(s game.State, hash uint64, depth, ply int, alpha, beta float64) float64 {
	a.nodes++
	if a.cfg.Nodes > 0 && a.nodes >= a.cfg.Nodes && a.iteration > a.minDepth {
		a.stop = true // checked at every node, so the cut is reproducible
	}
	if a.nodes&1023 == 0 {
		a.checkStop()
	}
	if a.stop {
		return 0
	}
	if a.brs && a.side(s.ToMove()) == 1 {
		return a.searchBRS(s, hash, depth, ply, alpha, beta)
	}
	me := s.ToMove()
	h := hash ^ a.salt
	var ttMove game.Move
	if e := &a.tt[h&uint64(len(a.tt)-1)]; e.key == h && e.flag != 0 {
		ttMove = e.move
		if int(e.depth) >= depth {
			value := fromTable(e.value, ply)
			switch {
			case e.flag == boundExact,
				e.flag == boundLower && value >= beta,
				e.flag == boundUpper && value <= alpha:
				return value
			}
		}
	}
	if depth <= 0 && a.eval != nil {
		return a.evaluate(s, hash, me, ply)
	}
	moves := s.LegalMoves(a.moves[ply])
	a.moves[ply] = moves
	a.mover[ply], a.mobility[ply] = me, len(moves)
	if depth <= 0 {
		return a.evaluate(s, hash, me, ply)
	}
	scores := a.orderScores(moves, ttMove, ply, me)
	alphaOrig := alpha
	best, bestMove := math.Inf(-1), game.Move(0)
	for i := range moves {
		// Selection sort on the fly: a cut-off often comes after the
		// first few moves, so the rest need not be sorted.
		k := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[k] {
				k = j
			}
		}
		moves[i], moves[k] = moves[k], moves[i]
		scores[i], scores[k] = scores[k], scores[i]
		mv := moves[i]
		child := a.clone(s, ply)
		child.Apply(mv)
		var v float64
		if i == 0 {
			v = a.child(child, depth-1, ply+1, alpha, beta, me)
		} else {
			v = a.child(child, depth-1, ply+1, alpha, math.Nextafter(alpha, beta), me)
			if v > alpha && v < beta && !a.stop {
				v = a.child(child, depth-1, ply+1, alpha, beta, me)
			}
		}
		if a.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, mv
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if mv != a.killers[ply][0] {
				a.killers[ply][1], a.killers[ply][0] = a.killers[ply][0], mv
			}
			a.history[me][historyIndex(mv)] += int32(depth * depth)
			break
		}
	}
	flag := boundExact
	switch {
	case best <= alphaOrig:
		flag = boundUpper
	case best >= beta:
		flag = boundLower
	}
	a.store(h, bestMove, best, depth, ply, flag)
	return best
}

// orderScores rates the moves of a node for ordering: the table's move,
// then the killers, then by history.
func (a *AlphaBeta) orderScores(moves []game.Move, ttMove game.Move, ply, me int) []int32 {
	scores := a.scores[ply][:0]
	for _, mv := range moves {
		var sc int32
		switch mv {
		case ttMove:
			sc = math.MaxInt32
		case a.killers[ply][0]:
			sc = math.MaxInt32 - 1
		case a.killers[ply][1]:
			sc = math.MaxInt32 - 2
		default:
			sc = min(a.history[me][historyIndex(mv)], math.MaxInt32-3)
		}
		scores = append(scores, sc)
	}
	a.scores[ply] = scores
	return scores
}

func historyIndex(mv game.Move) uint64 {
	return uint64(mv) * 0x9e3779b97f4a7c15 >> 52 // historySize = 1<<12
}

// evaluate is the leaf value of s (whose Hash is hash) for me, the side to
// move at ply.
func (a *AlphaBeta) evaluate(s game.State, hash uint64, me, ply int) float64 {
	var v float64
	if a.eval != nil && a.paranoid {
		// The evaluations count every opponent together; the coalition
		// against the root wants the root's value low.
		v = a.eval(s, a.root)
		if a.side(me) != 0 {
			v = -v
		}
	} else if a.eval != nil {
		v = a.eval(s, me)
	} else {
		// The other side's mobility is that of the nearest ply where it
		// was to move.
		theirs := 0
		for p := ply - 1; p >= 0; p-- {
			if a.side(a.mover[p]) != a.side(me) {
				theirs = a.mobility[p]
				break
			}
		}
		v = mobilityValue(a.mobility[ply], theirs)
	}
	if a.cfg.Noise > 0 {
		u := float64(game.Mix64(hash^a.seed)>>11) / (1 << 53)
		v += a.cfg.Noise * (2*u - 1)
	}
	return min(EvalLimit, max(-EvalLimit, v))
}

func (a *AlphaBeta) checkStop() {
	select {
	case <-a.done:
		a.stop = true
		return
	default:
	}
	if !a.deadline.IsZero() && a.iteration > a.minDepth && time.Now().After(a.deadline) {
		a.stop = true
	}
}

// store keeps a result in the transposition table, replacing entries of
// older searches, or of this one when not searched deeper.
func (a *AlphaBeta) store(h uint64, mv game.Move, value float64, depth, ply int, flag uint8) {
	e := &a.tt[h&uint64(len(a.tt)-1)]
	if e.flag != 0 && e.age == a.age && e.key != h && int(e.depth) > depth {
		return
	}
	*e = ttEntry{key: h, move: mv, value: toTable(value, ply), depth: int16(depth), flag: flag, age: a.age}
}

// toTable and fromTable convert won and lost scores between "at ply from
// the root" and "from this position", so that a table entry is right at
// whatever ply the position is met again.
func toTable(v float64, ply int) float64 {
	switch {
	case v >= mateBound:
		return v + float64(ply)
	case v <= -mateBound:
		return v - float64(ply)
	}
	return v
}

func fromTable(v float64, ply int) float64 {
	switch {
	case v >= mateBound:
		return v - float64(ply)
	case v <= -mateBound:
		return v + float64(ply)
	}
	return v
}
