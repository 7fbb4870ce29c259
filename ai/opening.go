package ai

import (
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

var (
	openingMu sync.RWMutex
	// openingChecks say, per game id, whether a position reached by
	// random opening plies leaves the game to be decided by play.
	openingChecks = map[string]func(game.State) bool{}
)

// RegisterOpeningCheck sets the test a random opening of the game id must
// pass (arena and analysis draw an opening again until it does): fair
// says whether its last position leaves the game to the players.
func RegisterOpeningCheck(id string, fair func(game.State) bool) {
	openingMu.Lock()
	defer openingMu.Unlock()
	openingChecks[strings.ToLower(id)] = fair
}

// FairOpening says whether s, reached by random opening plies, leaves the
// game to the players: for a game with a check, by the check; any
// position of the other games (an opening that ends one, possible only in
// short games, is kept as before).
func FairOpening(v *game.Variant, s game.State) bool {
	openingMu.RLock()
	fair, ok := openingChecks[strings.ToLower(v.Game.ID)]
	openingMu.RUnlock()
	return !ok || fair(s)
}

// openingTries bounds the draws of one opening: a fair one comes within a
// few (L'Empire's two plies: about one in ten is drawn again).
const openingTries = 1000

// RandomOpening draws plies uniformly random moves from start with rng,
// again until the position they reach is fair (FairOpening), so that no
// measured game is decided by its random start. The same rng state gives
// the same opening.
func RandomOpening(v *game.Variant, start game.State, plies int, rng *rand.Rand) ([]game.Move, error) {
	if plies <= 0 {
		return nil, nil
	}
	var buf []game.Move
	for try := 0; try < openingTries; try++ {
		s := start.Clone()
		moves := make([]game.Move, 0, plies)
		for i := 0; i < plies && !v.Judge(s, 1).Ended(); i++ {
			buf = s.LegalMoves(buf)
			mv := buf[rng.IntN(len(buf))]
			s.Apply(mv)
			moves = append(moves, mv)
		}
		if FairOpening(v, s) {
			return moves, nil
		}
	}
	return nil, game.Errorf(game.Text{EN: "%s: no fair opening of %d random plies in %d draws (each ended the game or left it to the dice); play fewer opening plies", FR: "%s : aucune ouverture équitable de %d coups au hasard en %d tirages (chacune finissait la partie ou la laissait au hasard) ; jouez moins de coups d'ouverture"}, v, plies, openingTries)
}

func init() {
	// L'Empire for three or four: no commandant may be left attacked by
	// an opponent (one who moves before its owner takes it within the
	// first round; otherwise its owner must answer at once) nor already
	// taken. Two players keep their openings (the measured tables of
	// docs/ai.md were played with them).
	RegisterOpeningCheck("empire", func(st game.State) bool {
		s := st.(*empire.State)
		v := s.Variant()
		if v.Players < 3 {
			return true
		}
		if v.Judge(s, 1).Ended() {
			return false
		}
		for seat := 0; seat < v.Players; seat++ {
			if s.Eliminated(seat) {
				return false
			}
		}
		for c := board.Cell(0); c < board.Cells; c++ {
			owner, shape := s.Piece(c)
			if shape != empire.Commandant {
				continue
			}
			for p := 0; p < v.Players; p++ {
				if v.Team(p) != v.Team(owner) && s.CanCapture(p, c) {
					return false
				}
			}
		}
		return true
	})
}
