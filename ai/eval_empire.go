package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

func init() {
	RegisterEval("empire", evalEmpire)
	// Alpha-beta with this evaluation beats MCTS at a fraction of its cost
	// (depth 2 against 200 iterations: 100%); each depth beats the one below
	// (docs/ai.md, Levels). Depth 4 takes several seconds a move.
	RegisterLevels("empire", map[string]string{
		"easy":   "alphabeta:depth=1",
		"medium": "alphabeta:depth=2",
		"hard":   "alphabeta:depth=3",
		"max":    "alphabeta:time=3s",
	})
	// With three or four (or four in teams), paranoid alpha-beta: the
	// evaluation counts a commandant attacked by a player who moves
	// before its owner as taken, so that no level walks it into the
	// round's last player's reach (TestLevelsSeeAWholeRound).
	RegisterMultiPlayerLevels("empire", map[string]string{
		"easy":   "alphabeta:depth=2,noise=1",
		"medium": "alphabeta:depth=3",
		"hard":   "alphabeta:depth=5,nodes=300000",
		"max":    "alphabeta:time=5s",
	})
	// Four without teams: paranoid search never finished depth 4 (a
	// round of four is b^3 positions for one move), so hard played
	// medium's moves; best-reply search sees its next move and the
	// replies to it (brs.go, docs/ai.md).
	RegisterPlayerCountLevels("empire", 4, map[string]string{
		"hard": "alphabeta:depth=4,nodes=300000,brs=true",
	})
	RegisterRoundBlow("empire", empireBlow)
	RegisterCaptures("empire", func(st game.State, m game.Move) bool {
		if m == game.Pass {
			return false
		}
		_, shape := st.(*empire.State).Piece(board.Cell(m >> 8 & 0xff))
		return shape != board.NoShape
	})
}

// Weights of the L'Empire evaluation, in pieces.
const (
	empirePiece              = 1.0  // each cavalier or archer
	empireThreat             = 0.15 // each opposing piece the side could take
	empireCommandantHit      = 20.0 // the side to move can take the opposing commandant: a win
	empireWinAtOnce          = 15.0 // the side to move can win the game in one move (less than a commandant: issue 29)
	empireCommandantAttacked = 0.7  // the commandant is attacked, its side to move
	empireOnTrone            = 0.8  // the commandant on its trône du roi
	empireNearTrone          = 0.25 // one move from it (same rank or file)
)

// empireThrones are the four thrones e5, h5, e8, h8.
var empireThrones = [4]board.Cell{board.At(4, 4), board.At(7, 4), board.At(4, 7), board.At(7, 7)}

// empireThroneValue is the value of holding n thrones: it grows faster than
// linearly since all four win (three with more players).
var empireThroneValue = [5]float64{0, 0.3, 0.8, 2.5, 2.5}

// turnsBefore says whether seat a plays before seat b in the turn order of
// players seats starting at mover.
func turnsBefore(players, mover, a, b int) bool {
	return (a-mover+players)%players < (b-mover+players)%players
}

// evalEmpire weighs material (cavaliers and archers alike: each captures at
// one fixed distance and all move freely), the thrones held (four win),
// the commandant's road to its trône du roi (standing on it unattacked
// wins), and threats: an attacked commandant is lost if its side is not to
// move (taking it wins), a burden if it is; other attacked pieces count a
// little. Two players; in other variants, every opponent counts together.
func evalEmpire(st game.State, seat int) float64 {
	s := st.(*empire.State)
	v := s.Variant()
	mover := s.ToMove()
	// team[p] is v.Team(p), read from a small array in the loops below.
	var team [game.MaxPlayers]int
	for p := 0; p < v.Players; p++ {
		team[p] = v.Team(p)
	}
	mySide := team[seat]
	var value [game.MaxPlayers]float64
	var cmd [game.MaxPlayers]board.Cell
	for i := range cmd {
		cmd[i] = board.NoCell
	}
	// attack[c] has bit q set when seat q has a piece at its capture
	// distance from c on c's rank or file: the rules' CanCapture(q, c) is
	// then true when c holds an opponent of q. Built once, it replaces a
	// hundred calls of CanCapture a position (a third of the searches'
	// time; TestEvalEmpireAttacksAreCanCapture checks it). The cavaliers
	// and archers are listed in board order as they are met (about forty
	// of the 144 cells): the threats below walk that list, not the board.
	var attack [board.Cells]uint8
	var pieces [board.Cells]board.Cell
	var owners [board.Cells]int8
	n := 0
	for c := board.Cell(0); c < board.Cells; c++ {
		p, shape := s.Piece(c)
		switch shape {
		case board.NoShape:
			continue
		case board.Cylinder:
			cmd[p] = c
		default:
			value[p] += empirePiece
			pieces[n], owners[n] = c, int8(p)
			n++
		}
		bit := uint8(1) << uint(p)
		for _, t := range empireTargets[shape][c].cells[:empireTargets[shape][c].n] {
			attack[t] |= bit
		}
	}
	// canCapture is the rules' CanCapture(q, c) for c holding a piece of
	// owner.
	canCapture := func(q int, c board.Cell, owner int) bool {
		return team[owner] != team[q] && attack[c]>>uint(q)&1 != 0
	}
	for p := 0; p < v.Players; p++ {
		if cmd[p] == board.NoCell {
			continue
		}
		held := 0
		for _, t := range empireThrones {
			if q, sh := s.Piece(t); sh != board.NoShape && q == p {
				held++
			}
		}
		value[p] += empireThroneValue[held]
		trone := empire.KingThrone(v, p)
		switch {
		case cmd[p] == trone:
			value[p] += empireOnTrone
		case cmd[p].File() == trone.File() || cmd[p].Rank() == trone.Rank():
			value[p] += empireNearTrone
		}
	}
	// Threats, between each player of the seat's side (its partner too:
	// in teams a partner's commandant lost loses the game as well) and
	// each opponent.
	for p := 0; p < v.Players; p++ {
		if team[p] == mySide || cmd[p] == board.NoCell {
			continue
		}
		for ally := 0; ally < v.Players; ally++ {
			if team[ally] != mySide || cmd[ally] == board.NoCell {
				continue
			}
			for _, pair := range [2][2]int{{ally, p}, {p, ally}} {
				a, b := pair[0], pair[1] // a attacks b
				if !canCapture(a, cmd[b], b) {
					continue
				}
				// With more than two players, a moves before b when it
				// comes first in the turn order from the mover: b's
				// commandant is then as good as taken (unless a player
				// between interferes, which the search sees).
				if mover == a || (v.Players > 2 && b != mover && turnsBefore(v.Players, mover, a, b)) {
					value[a] += empireCommandantHit
				} else {
					value[a] += empireCommandantAttacked
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		c, p := pieces[i], int(owners[i])
		if attack[c] == 0 {
			continue // nobody attacks it: no threat to count
		}
		if team[p] == mySide {
			for q := 0; q < v.Players; q++ {
				if team[q] != mySide && cmd[q] != board.NoCell && canCapture(q, c, p) {
					value[q] += empireThreat
					break
				}
			}
		} else if canCapture(seat, c, p) {
			value[seat] += empireThreat
		}
	}
	// A player to move who wins in one (a commandant on the rank or file
	// of its empty trône du roi, safe there from the next player; a
	// third throne) has as good as won: weighed only by material, the
	// position hid the threat from every search whose horizon stopped
	// just before that player's turn (medium for four lost its games to
	// easy this way, docs/ai.md).
	if s.WinsAtOnce() {
		value[mover] += empireWinAtOnce
	}
	mine, theirs := 0.0, 0.0
	for p := 0; p < v.Players; p++ {
		if cmd[p] == board.NoCell {
			continue
		}
		if team[p] == mySide {
			mine += value[p]
		} else {
			theirs += value[p]
		}
	}
	return mine - theirs
}

// empireTarget lists the cells a piece of one shape on one cell captures
// on (at most two distances in four directions).
type empireTarget struct {
	cells [8]board.Cell
	n     int
}

// empireTargets[shape][c] are the cells a piece of that shape on c
// attacks: empireCaptureAt's distances on c's rank and file, on the board.
// A table, as evalEmpire asks it for every piece of every position.
var empireTargets = func() (t [4][board.Cells]empireTarget) {
	for shape := range empireCaptureAt {
		for c := board.Cell(0); c < board.Cells; c++ {
			e := &t[shape][c]
			f0, r0 := c.File(), c.Rank()
			for _, d := range empireCaptureAt[shape] {
				for _, to := range [4][2]int{{f0 + d, r0}, {f0 - d, r0}, {f0, r0 + d}, {f0, r0 - d}} {
					if board.OnBoard(to[0], to[1]) {
						e.cells[e.n] = board.At(to[0], to[1])
						e.n++
					}
				}
			}
		}
	}
	return t
}()

// empireCaptureAt lists the distances at which each shape captures, along
// its rank or file, pieces between jumped: the rules' (the commandant at 2
// or 5, the cavalier at 3, the archer at 4).
var empireCaptureAt = [4][]int{board.Cylinder: {2, 5}, board.Triangle: {3}, board.Square: {4}}

// empireBlow says whether the player to move can, with one move, take the
// commandant (the cylinder) of root or of a partner of root, or (unless
// out) win at once (a throne): the rules' own CanCapture and WinsAtOnce,
// exact. A side already out (a commandant taken earlier in the round) has
// lost too. One pass over the board finds the side's commandants; the
// captures, cheap, are asked before WinsAtOnce, which tries moves.
func empireBlow(st game.State, root int, out bool) bool {
	s := st.(*empire.State)
	v := s.Variant()
	mover := s.ToMove()
	var seen uint8
	for c := board.Cell(0); c < board.Cells; c++ {
		p, shape := s.Piece(c)
		if shape != board.Cylinder || v.Team(p) != v.Team(root) {
			continue
		}
		seen |= 1 << uint(p)
		if s.CanCapture(mover, c) {
			return true
		}
	}
	for p := 0; p < v.Players; p++ {
		if v.Team(p) == v.Team(root) && seen&(1<<uint(p)) == 0 {
			return true // taken earlier in the round
		}
	}
	return !out && v.Team(mover) != v.Team(root) && s.WinsAtOnce()
}
