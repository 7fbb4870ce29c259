package ai

import (
	"math"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
)

// Best-Reply Search (Schadd and Winands, "Best Reply Search for
// Multiplayer Games", IEEE TCIAIG 2011), the option brs=true of alphabeta
// with three or four sides. Paranoid search lets every opponent answer in
// turn, b^(players-1) positions for one move of the searcher: with four
// players of L'Empire (about 150 moves a player) it never got past the
// first round. BRS searches the opponents' turns of a round as one layer
// where only one of them, the one whose reply is worst for the searcher,
// makes his choice, so that the search alternates the searcher's moves
// with single replies (about 3b of them), and a depth of 4 layers sees the
// searcher's next move and the replies to it.
//
// The rules here have no null move, so the opponents who do not reply
// play a default move instead, as in BRS+ (Esser, Gras, Winands, Schadd
// and Lanctot, "Improving Best-Reply Search", CG 2013): the one the
// ordering (history) rates best among the moves that take nothing and do
// not end the game. Taking nothing matters: with pieces that jump
// (L'Empire) a move that takes nothing cannot stop another player's
// capture, so every opponent's capture of the searcher's commandant in the
// round is among the replies the layer weighs, and the search still never
// hangs it (issue 29; checked from outside by ai/roundcheck).

var (
	capturesMu sync.RWMutex
	captures   = map[string]func(game.State, game.Move) bool{}
)

// RegisterCaptures sets the test of whether a move of the game id takes a
// piece. Best-reply search tries such replies first and keeps them out of
// the default moves of the opponents who do not reply.
func RegisterCaptures(id string, f func(s game.State, m game.Move) bool) {
	capturesMu.Lock()
	defer capturesMu.Unlock()
	captures[strings.ToLower(id)] = f
}

func lookupCaptures(id string) func(game.State, game.Move) bool {
	capturesMu.RLock()
	defer capturesMu.RUnlock()
	return captures[strings.ToLower(id)]
}

// A reply of a BRS layer: the move of the opponent at index layer of the
// round (after the defaults of those before him).
type brsReply struct {
	move  game.Move
	layer int
}

// key is the reply as the table and the killers keep it: the move, marked
// by its layer (a collision only spoils an ordering hint).
func (r brsReply) key() game.Move {
	return r.move ^ game.Move(uint64(r.layer)*0x9e3779b97f4a7c15&^(1<<63))
}

// brsDepth is the depth, in layers, of the round the guarantee needs: the
// searcher's move and the opponents' replies.
const brsDepth = 2

// searchBRS is search at a node where an opponent of the root is to move,
// with best-reply search: the value for that opponent's side of the best
// single reply of the opponents who move before the root again.
func (a *AlphaBeta) searchBRS(s game.State, hash uint64, depth, ply int, alpha, beta float64) float64 {
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
	if depth <= 0 {
		return a.evaluate(s, hash, me, ply)
	}
	// The bases: the position where each opponent of the round replies,
	// the opponents before him having played their default moves.
	var bases []game.State
	for b := s; ; {
		bases = append(bases, b)
		d, ok := a.brsDefault(b)
		if !ok {
			break
		}
		b = b.Clone()
		b.Apply(d)
		if a.pos.v.Judge(b, 1).Ended() || b.ToMove() < 0 || a.side(b.ToMove()) != 1 {
			break
		}
	}
	replies := a.brsReplies[ply][:0]
	for i, b := range bases {
		a.brsBuf = b.LegalMoves(a.brsBuf)
		for _, mv := range a.brsBuf {
			replies = append(replies, brsReply{mv, i})
		}
	}
	a.brsReplies[ply] = replies
	a.mover[ply], a.mobility[ply] = me, len(replies)
	scores := a.brsScores(bases, replies, ttMove, ply)
	alphaOrig := alpha
	best, bestKey := math.Inf(-1), game.Move(0)
	for i := range replies {
		k := i
		for j := i + 1; j < len(replies); j++ {
			if scores[j] > scores[k] {
				k = j
			}
		}
		replies[i], replies[k] = replies[k], replies[i]
		scores[i], scores[k] = scores[k], scores[i]
		r := replies[i]
		child := a.brsChild(bases[r.layer], r.move, ply)
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
			best, bestKey = v, r.key()
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if key := r.key(); key != a.killers[ply][0] {
				a.killers[ply][1], a.killers[ply][0] = a.killers[ply][0], key
			}
			seat := bases[r.layer].ToMove()
			a.history[seat][historyIndex(r.move)] += int32(depth * depth)
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
	a.store(h, bestKey, best, depth, ply, flag)
	return best
}

// brsChild is the position after the reply mv played in base, and the
// default moves of the opponents after its player, up to the root's side's
// turn (or the end of the game, or the root's elimination).
// It is made in ply's buffer (clone): searchBRS at ply searches one at
// a time.
func (a *AlphaBeta) brsChild(base game.State, mv game.Move, ply int) game.State {
	c := a.clone(base, ply)
	c.Apply(mv)
	for {
		if a.pos.v.Judge(c, 1).Ended() || a.out(c, 0) || c.ToMove() < 0 || a.side(c.ToMove()) != 1 {
			return c
		}
		d, ok := a.brsDefault(c)
		if !ok {
			return c
		}
		c.Apply(d)
	}
}

// brsDefault is the default move of the player to move in s, who does not
// reply: the best by history among the moves that take nothing and do not
// end the game, else the best by history. ok is false when there is none.
// Among equal histories the first in the game's order is taken. The moves
// that take nothing are tried best first, so that usually one move is
// applied to see that it does not end the game, not every one.
func (a *AlphaBeta) brsDefault(s game.State) (game.Move, bool) {
	seat := s.ToMove()
	if seat < 0 {
		return 0, false
	}
	a.brsBuf = s.LegalMoves(a.brsBuf)
	if len(a.brsBuf) == 0 {
		return 0, false
	}
	var fallback game.Move
	fallbackScore := int32(-1)
	scores := a.brsDefaultScores[:0]
	for _, mv := range a.brsBuf {
		sc := a.history[seat][historyIndex(mv)]
		if sc > fallbackScore {
			fallback, fallbackScore = mv, sc
		}
		scores = append(scores, sc)
	}
	a.brsDefaultScores = scores
	for {
		k := -1
		for i, sc := range scores {
			if sc >= 0 && (k < 0 || sc > scores[k]) {
				k = i
			}
		}
		if k < 0 {
			return fallback, true
		}
		if a.takes != nil && a.takes(s, a.brsBuf[k]) {
			scores[k] = -1 // never a default move
			continue
		}
		c := s.Clone()
		c.Apply(a.brsBuf[k])
		if !a.pos.v.Judge(c, 1).Ended() {
			return a.brsBuf[k], true
		}
		scores[k] = -1
	}
}

// brsScores rates the replies for ordering: the table's, the killers,
// then captures, then by the replier's history.
func (a *AlphaBeta) brsScores(bases []game.State, replies []brsReply, ttMove game.Move, ply int) []int32 {
	scores := a.scores[ply][:0]
	for _, r := range replies {
		var sc int32
		switch r.key() {
		case ttMove:
			sc = math.MaxInt32
		case a.killers[ply][0]:
			sc = math.MaxInt32 - 1
		case a.killers[ply][1]:
			sc = math.MaxInt32 - 2
		default:
			b := bases[r.layer]
			sc = min(a.history[b.ToMove()][historyIndex(r.move)], math.MaxInt32/2-1)
			if a.takes != nil && a.takes(b, r.move) {
				sc += math.MaxInt32 / 2
			}
		}
		scores = append(scores, sc)
	}
	a.scores[ply] = scores
	return scores
}
