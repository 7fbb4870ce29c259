package live

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

func init() {
	web.Register(map[string][2]string{
		"game:tourney":      {"Tournament: %s, round %d", "Tournoi : %s, ronde %d"},
		"game:tourneyarena": {"Tournament: %s", "Tournoi : %s"},
	})
}

// tourneyLink is the line of a tournament's game page that names the
// tournament and its round, linking to the tournament's page.
type tourneyLink struct {
	ID, Text string
}

// tourneyOf is the tournament line of game id's page, nil for a game
// played outside tournaments (or a store without them). An arena's
// games are not in rounds: its line names the tournament alone.
func (lv *Live) tourneyOf(ctx context.Context, id, lang string) *tourneyLink {
	ts, ok := lv.cfg.Store.(store.TournamentExtras) // the store as opened: the timed one hides its extras
	if !ok {
		return nil
	}
	b, err := ts.GameBoard(ctx, id)
	if err != nil {
		return nil // none, or the store failing: the page goes on without
	}
	if b.Kind == store.TournamentArena {
		return &tourneyLink{ID: b.Tournament, Text: fmt.Sprintf(web.T(lang, "game:tourneyarena"), b.Name)}
	}
	return &tourneyLink{ID: b.Tournament, Text: fmt.Sprintf(web.T(lang, "game:tourney"), b.Name, b.Round)}
}
