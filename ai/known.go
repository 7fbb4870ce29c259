package ai

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// KnownValue is a move's exact value found elsewhere: the server's POGO
// solution, looked up for a browser that has not the 58 MB table.
type KnownValue struct {
	Notation string
	Proof    Proof // ProvenWin, ProvenDraw or ProvenLoss, for the mover
	Plies    int   // to the end with best play, for a win or a loss
}

// NewKnownAnalyser values the positions whose encoding (State.Encode) is
// in known by their known values, best first as given, and the others with
// fallback's search. The analyses of known positions are Exact.
func NewKnownAnalyser(fallback *Analyser, known map[string][]KnownValue) *Analyser {
	return &Analyser{name: fallback.name, inner: knownAnalyser{known: known, fallback: fallback.inner}}
}

type knownAnalyser struct {
	known    map[string][]KnownValue
	fallback analyser
}

func (k knownAnalyser) analyse(ctx context.Context, m *game.Match, focus []game.Move) (*Analysis, error) {
	s := m.State()
	values, ok := k.known[s.Encode()]
	if !ok || m.Outcome().Ended() {
		return k.fallback.analyse(ctx, m, focus)
	}
	legal := m.LegalMoves(nil)
	an := &Analysis{Exact: true}
	seen := map[game.Move]bool{}
	for _, kv := range values {
		mv, err := s.ParseMove(kv.Notation)
		if err != nil {
			return nil, fmt.Errorf("known value of %s: %w", kv.Notation, err)
		}
		if seen[mv] {
			return k.fallback.analyse(ctx, m, focus)
		}
		seen[mv] = true
		x := MoveValue{Move: mv, Notation: s.MoveString(mv), Proof: kv.Proof, Plies: kv.Plies}
		switch kv.Proof {
		case ProvenWin:
			x.Value = 1
		case ProvenLoss:
			x.Value = -1
		case ProvenDraw:
		default:
			return nil, fmt.Errorf("known value of %s: a win, a draw or a loss", kv.Notation)
		}
		an.Moves = append(an.Moves, x)
	}
	if len(an.Moves) != len(legal) {
		// Values that do not cover the position's moves are not the
		// position's: search it.
		return k.fallback.analyse(ctx, m, focus)
	}
	return an, nil
}
