package server

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
)

// Renderer draws positions for the browser (web.Renderer): Config.Renderer.
type Renderer = web.Renderer

// positionWithLast replays the first ply moves of m and returns the
// position and the places of its last move (none at the start), for the
// drawing's last-move mark.
func (s *Server) positionWithLast(m *game.Match, ply int) (game.State, []string, error) {
	if ply == 0 {
		return m.Start(), nil, nil
	}
	before, err := games.PositionAt(m, ply-1)
	if err != nil {
		return nil, nil, err
	}
	after := before.Clone()
	mv, err := after.ParseMove(m.Notations()[ply-1])
	if err != nil {
		return nil, nil, err
	}
	last := s.render.Places(before, mv)
	after.Apply(mv)
	return after, last, nil
}
