package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// TestEvalEmpireAttacksAreCanCapture: evalEmpire, which builds a map of
// the cells each seat attacks instead of asking the rules' CanCapture,
// gives exactly the values of the evaluation written with CanCapture
// (below), for every seat, in positions of random games of every variant
// (the searches' moves then stay those measured in docs/ai.md).
func TestEvalEmpireAttacksAreCanCapture(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 23))
	for _, opts := range []game.Options{{}, {"corners": "adjacent"}, {"players": "3"}, {"players": "4"}, {"players": "4", "teams": "true"}} {
		v, err := game.NewVariant("empire", opts)
		if err != nil {
			t.Fatal(err)
		}
		compared := 0
		for g := 0; g < 4; g++ {
			m := game.NewMatch(v.Start())
			for !m.Outcome().Ended() && m.State().Ply() < 200 {
				s := m.State()
				for seat := 0; seat < v.Players; seat++ {
					got, want := evalEmpire(s, seat), evalEmpireCanCapture(s, seat)
					if got != want {
						t.Fatalf("%s, %q, seat %d: %v, with CanCapture %v", v, s.Encode(), seat+1, got, want)
					}
					compared++
				}
				moves := m.LegalMoves(nil)
				if err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d values compared", v, compared)
	}
}

// evalEmpireCanCapture is evalEmpire as it was written with the rules'
// CanCapture, the reference of the test above.
func evalEmpireCanCapture(st game.State, seat int) float64 {
	s := st.(*empire.State)
	v := s.Variant()
	mover := s.ToMove()
	var value [game.MaxPlayers]float64
	var cmd [game.MaxPlayers]board.Cell
	for i := range cmd {
		cmd[i] = board.NoCell
	}
	for c := board.Cell(0); c < board.Cells; c++ {
		p, shape := s.Piece(c)
		switch shape {
		case board.NoShape:
			continue
		case board.Cylinder:
			cmd[p] = c
		default:
			value[p] += empirePiece
		}
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
		if v.Team(p) == v.Team(seat) || cmd[p] == board.NoCell {
			continue
		}
		for ally := 0; ally < v.Players; ally++ {
			if v.Team(ally) != v.Team(seat) || cmd[ally] == board.NoCell {
				continue
			}
			for _, pair := range [2][2]int{{ally, p}, {p, ally}} {
				a, b := pair[0], pair[1] // a attacks b
				if !s.CanCapture(a, cmd[b]) {
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
	for c := board.Cell(0); c < board.Cells; c++ {
		p, shape := s.Piece(c)
		if shape == board.NoShape || shape == board.Cylinder {
			continue
		}
		if v.Team(p) == v.Team(seat) {
			for q := 0; q < v.Players; q++ {
				if v.Team(q) != v.Team(seat) && cmd[q] != board.NoCell && s.CanCapture(q, c) {
					value[q] += empireThreat
					break
				}
			}
		} else if s.CanCapture(seat, c) {
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
		if v.Team(p) == v.Team(seat) {
			mine += value[p]
		} else {
			theirs += value[p]
		}
	}
	return mine - theirs
}
